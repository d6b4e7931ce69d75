import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listFileLists } from '../files.service.ts';

export const handler = defineHandler('files.list', ({ auth, query }) => listFileLists(auth, query));
