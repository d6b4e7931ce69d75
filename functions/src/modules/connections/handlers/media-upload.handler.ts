import { defineHandler } from '../../../platform/http/define-handler.ts';
import { attachGreetingMedia } from '../connection-media.service.ts';

export const handler = defineHandler('connections.media-upload', ({ auth, params, body }) =>
  attachGreetingMedia(auth, params.id, body),
);
