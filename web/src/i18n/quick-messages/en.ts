import type { QuickMessagesDictionary } from './pt.ts';

/** The quick replies' texts, English (see pt.ts). */
export const quickMessagesEn: QuickMessagesDictionary = {
  title: 'Quick replies',
  subtitle: 'Ready-made texts and attachments you insert in a conversation by typing / and the shortcode',
  searchPlaceholder: 'Search by shortcode',
  add: 'Add',
  columns: {
    shortcode: 'Shortcode',
    media: 'Attachment',
    shared: 'Shared',
    actions: 'Actions',
  },
  noAttachment: 'No attachment',
  empty: 'No quick replies found.',
  loadFailed: 'The quick replies could not be loaded.',
  loadingMore: 'Loading more…',
  edit: 'Edit',
  view: 'View',
  delete: 'Delete',
  sharedYes: 'Shared with everyone',
  deleteDialog: {
    header: 'Delete quick reply',
    message: 'Delete the quick reply {{shortcode}}? This cannot be undone.',
    confirm: 'Delete',
  },
  dialog: {
    addTitle: 'New quick reply',
    editTitle: 'Edit quick reply',
    viewTitle: 'Quick reply',
    shortcode: 'Shortcode',
    shortcodeHint: 'No spaces; type / and the shortcode in a conversation.',
    message: 'Message',
    visao: 'Active',
    geral: 'Share with everyone',
    attach: 'Attach file',
    removeMedia: 'Remove attachment',
    readOnly: 'Another user made this reply and did not share it: you can only view it.',
    required: 'Requerido',
    noSpaces: 'The shortcode cannot contain spaces.',
    duplicated: 'A quick reply with this shortcode already exists.',
    close: 'Close',
  },
  toasts: {
    saved: 'Quick reply saved',
    deleted: 'Quick reply deleted',
  },
  picker: {
    label: 'Quick replies',
    empty: 'No quick reply with this shortcode.',
    loading: 'Loading quick replies…',
  },
};
