import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createPrompt } from '../prompts.service.ts';

export const handler = defineHandler('prompts.create', ({ auth, body }) => createPrompt(auth, body));
