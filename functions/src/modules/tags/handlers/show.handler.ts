import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showTag } from '../tags.service.ts';

export const handler = defineHandler('tags.show', ({ auth, params }) => showTag(auth, params.id));
