import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updatePrompt } from '../prompts.service.ts';

export const handler = defineHandler('prompts.update', ({ auth, params, body }) => updatePrompt(auth, params.id, body));
