import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeTicketKanbanTags } from '../ticket-tags.service.ts';

export const handler = defineHandler('tickets.tags-remove', ({ auth, params }) => removeTicketKanbanTags(auth, params.ticketId));
