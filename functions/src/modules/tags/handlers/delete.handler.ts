import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteTag } from '../tags.service.ts';

export const handler = defineHandler('tags.delete', ({ auth, params }) => deleteTag(auth, params.id));
