import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listKanbanLanes } from '../tags.service.ts';

export const handler = defineHandler('tags.kanban-lanes', ({ auth }) => listKanbanLanes(auth));
