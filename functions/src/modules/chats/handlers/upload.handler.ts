import { defineHandler } from '../../../platform/http/define-handler.ts';
import { uploadUrl } from '../chats.service.ts';

export const handler = defineHandler('chats.upload', ({ auth, body }) => uploadUrl(auth, body));
