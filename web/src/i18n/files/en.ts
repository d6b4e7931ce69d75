import type { FilesDictionary } from './pt.ts';

/** The files page's texts, English (see pt.ts). */
export const filesEn: FilesDictionary = {
  title: 'File lists',
  subtitle: 'Files that queues and chatbot options send to customers',
  add: 'Add list',
  searchPlaceholder: 'Search by name',
  columns: {
    name: 'Name',
    files: 'Files',
    actions: 'Actions',
  },
  empty: 'No file lists yet.',
  loadFailed: 'No se ha podido cargar la lista de registros',
  edit: 'Edit {{name}}',
  delete: 'Delete {{name}}',
  noFile: 'No file',
  toasts: {
    saved: 'File list saved.',
    deleted: 'Operación concluida con éxito.',
  },
  deleteDialog: {
    header: 'Delete file list',
    message: 'Realmente quieres borrar este registro? "{{name}}"',
    confirm: 'Delete',
  },
  dialog: {
    addTitle: 'Add file list',
    editTitle: 'Edit file list',
    name: 'Name',
    message: 'Message',
    options: 'Files',
    noOptions: 'No files yet.',
    optionName: 'Name of file {{number}}',
    chooseFile: 'Choose file',
    chooseFileFor: 'Choose file {{number}}',
    removeOption: 'Delete file {{number}}',
    addOption: 'Add file',
    nameTooShort: 'nombre muy corto',
    messageRequired: 'Requerido',
    fileRequired: 'Choose a file',
    fileRefused: '{{name}}: this type of file is not accepted',
  },
};
