import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteMessage } from '../message-changes.service.ts';

export const handler = defineHandler('messages.delete', ({ auth, params }) => deleteMessage(auth, params.id));
