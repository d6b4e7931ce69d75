import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createFileList } from '../files.service.ts';

export const handler = defineHandler('files.create', ({ auth, body }) => createFileList(auth, body));
