import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listKanbanTickets } from '../kanban-board.service.ts';

export const handler = defineHandler('tags.kanban-tickets', ({ auth, query }) => listKanbanTickets(auth, query));
