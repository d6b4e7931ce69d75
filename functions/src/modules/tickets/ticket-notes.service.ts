/** A ticket's logs and its private notes (server reference 3.3). */
import { type TicketLog, type TicketNote } from '@switchboard/shared/contracts/tickets';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { deleteNoteItem, getNoteItem, listLogItems, listNoteItems, putNote } from './ticket-notes.repository.ts';
import { me, requireVisibleTicket } from './tickets.service.ts';

const now = () => clock().now().toISOString();

// ----- logs, notes, tags -----

export const ticketLogs = async (auth: AuthContext, id: number): Promise<TicketLog[]> => {
  await requireVisibleTicket(auth, id);
  const items = await listLogItems(auth.companyId, id);
  return items.map((l) => ({
    id: l.id,
    type: l.logType as TicketLog['type'],
    ticketId: l.ticketId,
    user: l.user,
    queue: l.queue,
    createdAt: l.createdAt,
  }));
};

const noteId = (ticketId: number, ulid: string) => `${ticketId}-${ulid}`;
const parseNoteId = (id: string) => {
  const m = /^(\d+)-([0-9A-HJKMNP-TV-Z]{26})$/.exec(id);
  if (!m) throw new AppError('ERR_NOT_FOUND');
  return { ticketId: Number(m[1]), ulid: m[2]! };
};

export const listNotes = async (auth: AuthContext, q: { ticketId: number; contactId: number }): Promise<TicketNote[]> => {
  const t = await requireVisibleTicket(auth, q.ticketId);
  if (t.contactId !== q.contactId) return [];
  return (await listNoteItems(auth.companyId, t.id)).map((n) => ({
    id: n.id,
    note: n.note,
    ticketId: n.ticketId,
    contactId: n.contactId,
    user: n.user,
    createdAt: n.createdAt,
  }));
};

export const addNote = async (
  auth: AuthContext,
  body: { note: string; ticketId: number; contactId: number },
): Promise<TicketNote> => {
  const t = await requireVisibleTicket(auth, body.ticketId);
  if (t.contactId !== body.contactId)
    throw new AppError('ERR_VALIDATION', 'The contact is not the ticket contact', {
      fields: [{ path: 'body.contactId', message: 'Not the ticket contact' }],
    });
  const ulid = ids.ulid();
  const note = {
    id: noteId(t.id, ulid),
    note: body.note,
    ticketId: t.id,
    contactId: t.contactId,
    user: me(auth),
    createdAt: now(),
  };
  await putNote({
    pk: `C#${auth.companyId}#T#${String(t.id).padStart(10, '0')}`,
    sk: `NOTE#${ulid}`,
    type: 'ticketNote',
    companyId: auth.companyId,
    ...note,
  });
  return note;
};

/** Deleting a note is for admins (server reference 3.3). */
export const removeNote = async (auth: AuthContext, id: string): Promise<void> => {
  const { ticketId, ulid } = parseNoteId(id);
  const note = await getNoteItem(auth.companyId, ticketId, ulid);
  if (!note) throw new AppError('ERR_NOT_FOUND');
  if (auth.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
  await deleteNoteItem(auth.companyId, ticketId, ulid);
};
