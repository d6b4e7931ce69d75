import { defineHandler } from '../../../platform/http/define-handler.ts';
import { issueWsTicket } from '../auth.service.ts';

export const handler = defineHandler('auth.ws-ticket', ({ auth }) => issueWsTicket(auth));
