import { defineHandler } from '../../../platform/http/define-handler.ts';
import { syncContactTags } from '../tags.service.ts';

export const handler = defineHandler('tags.sync', ({ auth, body }) => syncContactTags(auth, body));
