import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showFileList } from '../files.service.ts';

export const handler = defineHandler('files.show', ({ auth, params }) => showFileList(auth, params.id));
