import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateFileList } from '../files.service.ts';

export const handler = defineHandler('files.update', ({ auth, params, body }) => updateFileList(auth, params.id, body));
