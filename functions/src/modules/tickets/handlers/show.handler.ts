import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showTicket } from '../tickets.service.ts';

export const handler = defineHandler('tickets.show', ({ auth, params }) => showTicket(auth, params.id));
