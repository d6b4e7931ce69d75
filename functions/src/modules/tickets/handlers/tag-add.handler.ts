import { defineHandler } from '../../../platform/http/define-handler.ts';
import { addTicketTag } from '../ticket-tags.service.ts';

export const handler = defineHandler('tickets.tag-add', ({ auth, params }) => addTicketTag(auth, params.ticketId, params.tagId));
