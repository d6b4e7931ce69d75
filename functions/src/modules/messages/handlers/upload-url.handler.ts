import { defineHandler } from '../../../platform/http/define-handler.ts';
import { uploadUrl } from '../message-uploads.service.ts';

export const handler = defineHandler('messages.upload-url', ({ auth, params, body }) => uploadUrl(auth, params.id, body));
