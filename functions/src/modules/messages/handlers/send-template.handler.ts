import { defineHandler } from '../../../platform/http/define-handler.ts';
import { sendTemplate } from '../message-templates.service.ts';

export const handler = defineHandler('messages.send-template', ({ auth, params, body }) => sendTemplate(auth, params.id, body));
