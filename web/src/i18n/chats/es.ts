import type { ChatsDictionary } from './pt.ts';

/** The internal chat's texts, Spanish (see pt.ts). */
export const chatsEs: ChatsDictionary = {
  title: 'Chat interno',
  /** spec document 3 section 8, verbatim in every language */
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  newChat: 'Nueva conversación',
  searchPlaceholder: 'Buscar conversaciones',
  listLabel: 'Conversaciones',
  empty: 'Todavía no hay conversaciones.',
  loadFailed: 'No se pudieron cargar las conversaciones.',
  selectChat: 'Seleccione una conversación para ver los mensajes.',
  notFound: 'Esta conversación no existe o usted no participa en ella.',
  noMessages: 'Todavía no hay mensajes. ¡Salude!',
  loadingOlder: 'Cargando mensajes anteriores…',
  messagePlaceholder: 'Escriba un mensaje',
  send: 'Enviar',
  attach: 'Adjuntar archivo',
  removeAttachment: 'Quitar adjunto',
  fileRefused: 'Este tipo de archivo no se acepta.',
  edited: 'editado',
  edit: 'Editar conversación',
  delete: 'Eliminar conversación',
  back: 'Volver a las conversaciones',
  members: '{{count}} participantes',
  unread: '{{count}} sin leer',
  openChats: 'Chat interno',
  openChatsUnread: 'Chat interno: {{count}} mensajes sin leer',
  unreadDot: 'Hay mensajes sin leer',
  tabs: {
    label: 'Chat interno',
    chats: 'Chats',
    messages: 'Mensajes',
  },
  dialog: {
    addTitle: 'Nueva conversación',
    editTitle: 'Editar conversación',
    title: 'Título',
    users: 'Participantes',
    usersPlaceholder: 'Elija los usuarios',
    usersHint: 'Elija al menos un usuario.',
    save: 'Guardar',
  },
  deleteDialog: {
    header: 'Eliminar conversación',
    message: '¿Eliminar la conversación {{title}} con todos sus mensajes? Esta acción no se puede deshacer.',
    confirm: 'Eliminar',
  },
  toasts: {
    saved: 'Conversación guardada.',
    deleted: 'Conversación eliminada.',
  },
};
