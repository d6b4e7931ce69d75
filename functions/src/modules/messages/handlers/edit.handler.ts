import { defineHandler } from '../../../platform/http/define-handler.ts';
import { editMessage } from '../message-changes.service.ts';

export const handler = defineHandler('messages.edit', ({ auth, params, body }) =>
  editMessage(auth, params.messageId, params.ticketId, body.body),
);
