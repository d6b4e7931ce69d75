import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showTicketByUuid } from '../tickets.service.ts';

export const handler = defineHandler('tickets.show-by-uuid', ({ auth, params }) => showTicketByUuid(auth, params.uuid));
