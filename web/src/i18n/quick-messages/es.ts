import type { QuickMessagesDictionary } from './pt.ts';

/** The quick replies' texts, Spanish (see pt.ts). */
export const quickMessagesEs: QuickMessagesDictionary = {
  title: 'Respuestas rápidas',
  subtitle: 'Textos y adjuntos listos para insertar en una conversación escribiendo / y el atajo',
  searchPlaceholder: 'Buscar por atajo',
  add: 'Añadir',
  columns: {
    shortcode: 'Atajo',
    media: 'Adjunto',
    shared: 'Compartida',
    actions: 'Acciones',
  },
  noAttachment: 'Sin adjunto',
  empty: 'No se encontraron respuestas rápidas.',
  loadFailed: 'No se pudieron cargar las respuestas rápidas.',
  loadingMore: 'Cargando más…',
  edit: 'Editar',
  view: 'Ver',
  delete: 'Eliminar',
  sharedYes: 'Compartida con todos',
  deleteDialog: {
    header: 'Eliminar respuesta rápida',
    message: '¿Eliminar la respuesta rápida {{shortcode}}? Esta acción no se puede deshacer.',
    confirm: 'Eliminar',
  },
  dialog: {
    addTitle: 'Nueva respuesta rápida',
    editTitle: 'Editar respuesta rápida',
    viewTitle: 'Respuesta rápida',
    shortcode: 'Atajo',
    shortcodeHint: 'Sin espacios; escriba / y el atajo en la conversación.',
    message: 'Mensaje',
    visao: 'Activa',
    geral: 'Compartir con todos',
    attach: 'Adjuntar archivo',
    removeMedia: 'Quitar adjunto',
    readOnly: 'Otro usuario creó esta respuesta y no la compartió: solo puede verla.',
    required: 'Requerido',
    noSpaces: 'El atajo no puede tener espacios.',
    duplicated: 'Ya existe una respuesta rápida con este atajo.',
    close: 'Cerrar',
  },
  toasts: {
    saved: 'Respuesta rápida guardada',
    deleted: 'Respuesta rápida eliminada',
  },
  picker: {
    label: 'Respuestas rápidas',
    empty: 'Ninguna respuesta rápida con este atajo.',
    loading: 'Cargando respuestas rápidas…',
  },
};
