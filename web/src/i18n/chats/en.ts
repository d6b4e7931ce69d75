import type { ChatsDictionary } from './pt.ts';

/** The internal chat's texts, English (see pt.ts). */
export const chatsEn: ChatsDictionary = {
  title: 'Internal chat',
  /** spec document 3 section 8, verbatim in every language */
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  newChat: 'New chat',
  searchPlaceholder: 'Search chats',
  listLabel: 'Chats',
  empty: 'No chats yet.',
  loadFailed: 'The chats could not be loaded.',
  selectChat: 'Select a chat to see its messages.',
  notFound: 'This chat does not exist or you are not in it.',
  noMessages: 'No messages yet. Say hello!',
  loadingOlder: 'Loading earlier messages…',
  messagePlaceholder: 'Write a message',
  send: 'Send',
  attach: 'Attach a file',
  removeAttachment: 'Remove attachment',
  fileRefused: 'This type of file is not accepted.',
  edited: 'edited',
  edit: 'Edit chat',
  delete: 'Delete chat',
  back: 'Back to the chats',
  members: '{{count}} members',
  unread: '{{count}} unread',
  openChats: 'Internal chat',
  openChatsUnread: 'Internal chat: {{count}} unread messages',
  unreadDot: 'There are unread messages',
  tabs: {
    label: 'Internal chat',
    chats: 'Chats',
    messages: 'Messages',
  },
  dialog: {
    addTitle: 'New chat',
    editTitle: 'Edit chat',
    title: 'Title',
    users: 'Members',
    usersPlaceholder: 'Choose the users',
    usersHint: 'Choose at least one user.',
    save: 'Save',
  },
  deleteDialog: {
    header: 'Delete chat',
    message: 'Delete the chat {{title}} with all its messages? This action cannot be undone.',
    confirm: 'Delete',
  },
  toasts: {
    saved: 'Chat saved.',
    deleted: 'Chat deleted.',
  },
};
