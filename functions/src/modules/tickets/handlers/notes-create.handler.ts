import { defineHandler } from '../../../platform/http/define-handler.ts';
import { addNote } from '../ticket-notes.service.ts';

export const handler = defineHandler('tickets.notes-create', ({ auth, body }) => addNote(auth, body));
