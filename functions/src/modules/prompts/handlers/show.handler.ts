import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showPrompt } from '../prompts.service.ts';

export const handler = defineHandler('prompts.show', ({ auth, params }) => showPrompt(auth, params.id));
