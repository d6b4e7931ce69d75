import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listPrompts } from '../prompts.service.ts';

export const handler = defineHandler('prompts.list', ({ auth }) => listPrompts(auth));
