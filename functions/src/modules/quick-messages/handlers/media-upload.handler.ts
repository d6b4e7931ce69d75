import { defineHandler } from '../../../platform/http/define-handler.ts';
import { attachQuickMessageMedia } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.media-upload', ({ auth, params, body }) =>
  attachQuickMessageMedia(auth, params.id, body),
);
