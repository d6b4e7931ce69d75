import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeTicketKanbanTags } from '../tickets.service.ts';

export const handler = defineHandler('tickets.tags-remove', ({ auth, params }) => removeTicketKanbanTags(auth, params.ticketId));
