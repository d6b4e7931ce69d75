/** The tags of a ticket: adding one, removing the kanban ones (server reference 3.3). */
import { type Ticket } from '@switchboard/shared/contracts/tickets';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { getTag } from '../tag-records/tag-records.service.ts';
import { getTicketRecord } from './tickets.repository.ts';
import { presentTicket, recordTicketChange, requireVisibleTicket, privacyOptions, changeTicket } from './tickets.service.ts';

export const addTicketTag = async (auth: AuthContext, ticketId: number, tagId: number): Promise<Ticket> => {
  await requireVisibleTicket(auth, ticketId);
  const tag = await getTag(auth.companyId, tagId);
  if (!tag) throw new AppError('ERR_NOT_FOUND', 'Unknown tag');
  const changed = await changeTicket(auth.companyId, ticketId, (t) =>
    t.tags.some((x) => x.id === tag.id)
      ? undefined
      : {
          after: {
            ...t,
            tags: [...t.tags, { id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban }],
            tagIds: [...(t.tagIds ?? []), tag.id],
          },
        },
  );
  const record = changed?.after ?? (await getTicketRecord(auth.companyId, ticketId, true))!;
  const contact = await getContact(auth.companyId, record.contactId);
  if (changed) await recordTicketChange(record, contact, privacyOptions(auth));
  return presentTicket(auth, record, contact);
};

/** Removes the ticket's kanban tags (server reference 3.3). */
export const removeTicketKanbanTags = async (auth: AuthContext, ticketId: number): Promise<Ticket> => {
  await requireVisibleTicket(auth, ticketId);
  const changed = await changeTicket(auth.companyId, ticketId, (t) => {
    const kept = t.tags.filter((x) => x.kanban !== 1);
    return kept.length === t.tags.length ? undefined : { after: { ...t, tags: kept, tagIds: kept.map((x) => x.id) } };
  });
  const record = changed?.after ?? (await getTicketRecord(auth.companyId, ticketId, true))!;
  const contact = await getContact(auth.companyId, record.contactId);
  if (changed) await recordTicketChange(record, contact, privacyOptions(auth));
  return presentTicket(auth, record, contact);
};
