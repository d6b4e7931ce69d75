import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createTag } from '../tags.service.ts';

export const handler = defineHandler('tags.create', ({ auth, body }) => createTag(auth, body));
