import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listNotes } from '../ticket-notes.service.ts';

export const handler = defineHandler('tickets.notes-list', ({ auth, query }) => listNotes(auth, query));
