import { defineHandler } from '../../../platform/http/define-handler.ts';
import { fileListSummaries } from '../files.service.ts';

export const handler = defineHandler('files.list-all', ({ auth }) => fileListSummaries(auth));
