import { defineHandler } from '../../../platform/http/define-handler.ts';
import { attachUserImage } from '../users.service.ts';

export const handler = defineHandler('users.media-upload', ({ auth, params, body }) => attachUserImage(auth, params.id, body));
