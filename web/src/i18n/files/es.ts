import type { FilesDictionary } from './pt.ts';

/** The files page's texts, Spanish (see pt.ts). */
export const filesEs: FilesDictionary = {
  title: 'Listas de archivos',
  subtitle: 'Archivos que las colas y las opciones del chatbot envían al cliente',
  add: 'Añadir lista',
  searchPlaceholder: 'Buscar por nombre',
  columns: {
    name: 'Nombre',
    files: 'Archivos',
    actions: 'Acciones',
  },
  empty: 'No hay listas de archivos.',
  loadFailed: 'No se ha podido cargar la lista de registros',
  edit: 'Editar {{name}}',
  delete: 'Eliminar {{name}}',
  noFile: 'Ningún archivo',
  toasts: {
    saved: 'Lista de archivos guardada.',
    deleted: 'Operación concluida con éxito.',
  },
  deleteDialog: {
    header: 'Eliminar lista de archivos',
    message: 'Realmente quieres borrar este registro? "{{name}}"',
    confirm: 'Eliminar',
  },
  dialog: {
    addTitle: 'Añadir lista de archivos',
    editTitle: 'Editar lista de archivos',
    name: 'Nombre',
    message: 'Mensaje',
    options: 'Archivos',
    noOptions: 'Aún no hay archivos.',
    optionName: 'Nombre del archivo {{number}}',
    chooseFile: 'Elegir archivo',
    chooseFileFor: 'Elegir el archivo {{number}}',
    removeOption: 'Eliminar el archivo {{number}}',
    addOption: 'Añadir archivo',
    nameTooShort: 'nombre muy corto',
    messageRequired: 'Requerido',
    fileRequired: 'Elige un archivo',
    fileRefused: '{{name}}: este tipo de archivo no se acepta',
  },
};
