/** The to-do list's texts, Portuguese; the button texts are the spec's own (document 3 section 4), in every language. */
export const todoPt = {
  title: 'Lista de tarefas',
  subtitle: 'Suas tarefas ficam somente neste navegador.',
  placeholder: 'Nova tarefa',
  add: 'Añadir',
  save: 'Guardar',
  cancelEdit: 'Cancelar edição',
  edit: 'Editar',
  delete: 'Excluir',
  empty: 'Nenhuma tarefa.',
  updatedAt: 'Atualizada em {{date}}',
  deleteDialog: {
    header: 'Excluir tarefa',
    message: 'Excluir a tarefa {{text}}?',
    confirm: 'Excluir',
  },
};
export type TodoDictionary = typeof todoPt;
