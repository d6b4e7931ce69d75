import { defineHandler } from '../../../platform/http/define-handler.ts';
import { uploadFileListOption } from '../files.service.ts';

export const handler = defineHandler('files.upload', ({ auth, params, body }) => uploadFileListOption(auth, params.id, body));
