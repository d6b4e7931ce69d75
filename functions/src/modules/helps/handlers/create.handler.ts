import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createHelp } from '../helps.service.ts';

export const handler = defineHandler('helps.create', ({ body }) => createHelp(body));
