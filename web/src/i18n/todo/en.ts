import type { TodoDictionary } from './pt.ts';

/** The to-do list's texts, English (see pt.ts); the button texts stay the spec's. */
export const todoEn: TodoDictionary = {
  title: 'To-do list',
  subtitle: 'Your tasks are kept in this browser only.',
  placeholder: 'New task',
  add: 'Añadir',
  save: 'Guardar',
  cancelEdit: 'Cancel editing',
  edit: 'Edit',
  delete: 'Delete',
  empty: 'No tasks.',
  updatedAt: 'Updated {{date}}',
  deleteDialog: {
    header: 'Delete task',
    message: 'Delete the task {{text}}?',
    confirm: 'Delete',
  },
};
