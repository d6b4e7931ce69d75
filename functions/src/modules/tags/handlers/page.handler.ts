import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listTagPage } from '../tags.service.ts';

export const handler = defineHandler('tags.page', ({ auth, query }) => listTagPage(auth, query));
