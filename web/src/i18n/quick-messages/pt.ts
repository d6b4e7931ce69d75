/** The quick replies' texts (page, dialog and the picker of the message input), Portuguese; the others follow its keys. */
export const quickMessagesPt = {
  title: 'Respostas rápidas',
  subtitle: 'Textos e anexos prontos para inserir numa conversa digitando / e o atalho',
  searchPlaceholder: 'Pesquisar por atalho',
  add: 'Adicionar',
  columns: {
    shortcode: 'Atalho',
    media: 'Anexo',
    shared: 'Compartilhada',
    actions: 'Ações',
  },
  noAttachment: 'Sem anexo',
  empty: 'Nenhuma resposta rápida encontrada.',
  loadFailed: 'Não foi possível carregar as respostas rápidas.',
  loadingMore: 'Carregando mais…',
  edit: 'Editar',
  view: 'Ver',
  delete: 'Excluir',
  sharedYes: 'Compartilhada com todos',
  deleteDialog: {
    header: 'Excluir resposta rápida',
    message: 'Excluir a resposta rápida {{shortcode}}? Esta ação não pode ser desfeita.',
    confirm: 'Excluir',
  },
  dialog: {
    addTitle: 'Nova resposta rápida',
    editTitle: 'Editar resposta rápida',
    viewTitle: 'Resposta rápida',
    shortcode: 'Atalho',
    shortcodeHint: 'Sem espaços; digite / e o atalho na conversa.',
    message: 'Mensagem',
    visao: 'Ativa',
    geral: 'Compartilhar com todos',
    attach: 'Anexar arquivo',
    removeMedia: 'Remover anexo',
    readOnly: 'Outro usuário criou esta resposta e não a compartilhou: você só pode vê-la.',
    required: 'Requerido',
    noSpaces: 'O atalho não pode ter espaços.',
    duplicated: 'Já existe uma resposta rápida com este atalho.',
    close: 'Fechar',
  },
  toasts: {
    saved: 'Resposta rápida salva',
    deleted: 'Resposta rápida excluída',
  },
  picker: {
    label: 'Respostas rápidas',
    empty: 'Nenhuma resposta rápida com este atalho.',
    loading: 'Carregando respostas rápidas…',
  },
};

export type QuickMessagesDictionary = typeof quickMessagesPt;
