/** The files page's texts, Portuguese; the others follow its keys. Quoted spec texts stay verbatim. */
export const filesPt = {
  title: 'Listas de arquivos',
  subtitle: 'Arquivos que as filas e as opções do chatbot enviam ao cliente',
  add: 'Adicionar lista',
  searchPlaceholder: 'Pesquisar por nome',
  columns: {
    name: 'Nome',
    files: 'Arquivos',
    actions: 'Ações',
  },
  empty: 'Nenhuma lista de arquivos.',
  loadFailed: 'No se ha podido cargar la lista de registros',
  edit: 'Editar {{name}}',
  delete: 'Excluir {{name}}',
  noFile: 'Nenhum arquivo',
  toasts: {
    saved: 'Lista de arquivos salva.',
    deleted: 'Operación concluida con éxito.',
  },
  deleteDialog: {
    header: 'Excluir lista de arquivos',
    message: 'Realmente quieres borrar este registro? "{{name}}"',
    confirm: 'Excluir',
  },
  dialog: {
    addTitle: 'Adicionar lista de arquivos',
    editTitle: 'Editar lista de arquivos',
    name: 'Nome',
    message: 'Mensagem',
    options: 'Arquivos',
    noOptions: 'Nenhum arquivo ainda.',
    optionName: 'Nome do arquivo {{number}}',
    chooseFile: 'Escolher arquivo',
    chooseFileFor: 'Escolher o arquivo {{number}}',
    removeOption: 'Excluir o arquivo {{number}}',
    addOption: 'Adicionar arquivo',
    nameTooShort: 'nombre muy corto',
    messageRequired: 'Requerido',
    fileRequired: 'Escolha um arquivo',
    fileRefused: '{{name}}: este tipo de arquivo não é aceito',
  },
};

export type FilesDictionary = typeof filesPt;
