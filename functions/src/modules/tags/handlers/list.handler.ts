import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listTags } from '../tags.service.ts';

export const handler = defineHandler('tags.list', ({ auth, query }) => listTags(auth, query));
