import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeQuickMessageMedia } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.media-remove', ({ auth, params }) =>
  removeQuickMessageMedia(auth, params.id),
);
