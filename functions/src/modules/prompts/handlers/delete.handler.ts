import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deletePrompt } from '../prompts.service.ts';

export const handler = defineHandler('prompts.delete', ({ auth, params }) => deletePrompt(auth, params.id));
