import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteFileList } from '../files.service.ts';

export const handler = defineHandler('files.delete', ({ auth, params }) => deleteFileList(auth, params.id));
