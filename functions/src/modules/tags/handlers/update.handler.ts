import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateTag } from '../tags.service.ts';

export const handler = defineHandler('tags.update', ({ auth, params, body }) => updateTag(auth, params.id, body));
