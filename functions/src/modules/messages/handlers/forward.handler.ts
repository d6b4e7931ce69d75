import { defineHandler } from '../../../platform/http/define-handler.ts';
import { openTicketForForward } from '../../tickets/ticket-actions.service.ts';
import { forwardMessage } from '../message-changes.service.ts';

export const handler = defineHandler('messages.forward', ({ auth, body }) => forwardMessage(auth, body, openTicketForForward));
