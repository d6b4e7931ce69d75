import type { TodoDictionary } from './pt.ts';

/** The to-do list's texts, Spanish (see pt.ts). */
export const todoEs: TodoDictionary = {
  title: 'Lista de tareas',
  subtitle: 'Sus tareas se guardan solo en este navegador.',
  placeholder: 'Nueva tarea',
  add: 'Añadir',
  save: 'Guardar',
  cancelEdit: 'Cancelar edición',
  edit: 'Editar',
  delete: 'Eliminar',
  empty: 'No hay tareas.',
  updatedAt: 'Actualizada el {{date}}',
  deleteDialog: {
    header: 'Eliminar tarea',
    message: '¿Eliminar la tarea {{text}}?',
    confirm: 'Eliminar',
  },
};
