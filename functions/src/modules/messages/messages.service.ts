/**
 * Reading the messages of a ticket: the conversation paged upward through the contact's earlier tickets, the web chat
 * visitor's view, the first texts an AI prompt reads, a message's stored file. Sending is message-sending.service.ts,
 * the agent's changes message-changes.service.ts, the channel's side message-inbound.service.ts and
 * message-channel-changes.service.ts.
 */
import type { Message } from '@switchboard/shared/contracts/messages';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { presentContact } from '../contacts/contact-privacy.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import {
  findTicket,
  markTicketRead,
  mayReadHistory,
  requireVisibleTicket,
  ticketPk,
  toTicket,
  type TicketRecord,
} from '../tickets/tickets.service.ts';
import { loadQuoted, reachedChannel, toMessage } from './message-presentation.ts';
import { parseMessageId, type MessageRecord } from './message.entity.ts';
import { getMessageRecord, listMessageRecords } from './messages.repository.ts';

// ----- reading -----

/** Where the next page begins: a ticket of the conversation and, within it, the key after the last message read. */
interface HistoryCursor {
  t: number;
  k?: Record<string, string>;
}

const isHistoryCursor = (v: unknown): v is HistoryCursor => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const c = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(c.t) &&
    (c.t as number) > 0 &&
    (c.k === undefined || isKeyRecord(c.k)) &&
    Object.keys(c).every((k) => k === 't' || k === 'k')
  );
};

const invalidCursor = () =>
  new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });

/** Earlier tickets a page may run into before it stops and leaves the rest to the next page (bounds a request's reads). */
const MAX_TICKETS_PER_PAGE = 3;
/** Earlier tickets the viewer may not read that a page skips over before it stops looking. */
const MAX_SKIPPED_TICKETS = 5;

/**
 * GET /messages/{ticketId}: the conversation newest first in pages, running on into the earlier tickets of the same
 * contact and connection that the viewer may read (server reference 3.4), so an agent sees the whole history.
 * Opening the page marks the ticket read.
 */
export const listMessages = async (auth: AuthContext, ticketId: number, q: { cursor?: string; limit: number }) => {
  // the history a page runs into depends on who reads it, so a cursor is the reader's own
  const scope = { list: 'messages.list', companyId: auth.companyId, filters: { ticketId, userId: auth.userId } };
  const cursor = await decodeCursor(q.cursor, scope, isHistoryCursor);
  const fromCurrent = !cursor || cursor.t === ticketId;
  if (cursor?.k && cursor.k.pk !== ticketPk(auth.companyId, cursor.t)) throw invalidCursor();
  // the first page is read alongside the ticket and dropped if the ticket turns out not to be the caller's to see
  const [visible, firstPage] = await Promise.all([
    requireVisibleTicket(auth, ticketId),
    fromCurrent ? listMessageRecords(auth.companyId, ticketId, { limit: q.limit, startKey: cursor?.k }) : undefined,
  ]);
  let source = visible;
  if (!fromCurrent) {
    const earlier = await findTicket(auth.companyId, cursor.t);
    const sameConversation =
      earlier && earlier.contactId === visible.contactId && earlier.whatsappId === visible.whatsappId && earlier.id < visible.id;
    if (!sameConversation || !mayReadHistory(auth, earlier)) throw invalidCursor();
    source = earlier;
  }

  const records: MessageRecord[] = [];
  let next: HistoryCursor | null = null;
  let page = firstPage ?? (await listMessageRecords(auth.companyId, source.id, { limit: q.limit, startKey: cursor?.k }));
  for (let tickets = 1; ; tickets++) {
    records.push(...page.items);
    if (page.lastKey) {
      next = { t: source.id, k: page.lastKey };
      break;
    }
    const previous = await previousReadable(auth, source);
    if (!previous) break;
    if (records.length >= q.limit || tickets >= MAX_TICKETS_PER_PAGE) {
      next = { t: previous.id };
      break;
    }
    source = previous;
    page = await listMessageRecords(auth.companyId, source.id, { limit: q.limit - records.length });
  }

  const byId = new Map(records.map((m) => [m.id, m]));
  const messages = await Promise.all(
    records.map(async (m) =>
      toMessage(m, m.quotedMsgId ? (byId.get(m.quotedMsgId) ?? (await loadQuoted(auth.companyId, m))) : undefined),
    ),
  );
  let t = visible;
  if (
    fromCurrent &&
    t.unreadMessages > 0 &&
    (t.status === 'open' || t.status === 'group') &&
    (t.userId === auth.userId || auth.profile === 'admin')
  ) {
    t = await markTicketRead(t);
  }
  const contact = await getContact(auth.companyId, t.contactId);
  return {
    // oldest first within the page, the way the conversation reads; older pages load upward
    messages: messages.reverse(),
    ticket: toTicket(t, contact ? presentContact(auth, contact) : undefined),
    hasMore: next !== null,
    nextCursor: next ? await encodeCursor(next, scope) : null,
  };
};

/** The conversation's ticket before `t` that the viewer may read, skipping a few they may not. */
const previousReadable = async (auth: AuthContext, t: TicketRecord): Promise<TicketRecord | undefined> => {
  let id = t.previousTicketId ?? null;
  for (let skipped = 0; id !== null && skipped <= MAX_SKIPPED_TICKETS; skipped++) {
    const earlier = await findTicket(auth.companyId, id);
    if (!earlier || earlier.contactId !== t.contactId || earlier.whatsappId !== t.whatsappId) return undefined;
    if (mayReadHistory(auth, earlier)) return earlier;
    id = earlier.previousTicketId ?? null;
  }
  return undefined;
};

/** The visitor's view of their conversation (web chat): their ticket's public messages, oldest first. */
export const conversationForVisitor = async (t: TicketRecord, limit: number): Promise<MessageRecord[]> => {
  const page = await listMessageRecords(t.companyId, t.id, { limit, forward: false });
  // what never reached the visitor (a failed send, one deleted before it went out) is not theirs to see
  const neverReached = (m: MessageRecord) => m.sendState === 'failed' || (m.fromMe && m.isDeleted && !reachedChannel(m));
  return page.items.filter((m) => !m.isPrivate && !neverReached(m)).reverse();
};

export const presentForVisitor = async (m: MessageRecord): Promise<Message> => toMessage(m);

/**
 * The first `limit` text messages of a ticket, oldest first (an AI prompt's context, server reference 8.4): what the
 * customer and our side wrote, without notes, deleted messages or `except` (the message being answered). Pages of
 * the ticket's partition are read from its start until enough are found, at most a few pages.
 */
export const firstTicketTexts = async (
  t: Pick<TicketRecord, 'companyId' | 'id'>,
  limit: number,
  except?: string,
): Promise<Pick<Message, 'id' | 'body' | 'fromMe'>[]> => {
  const found: Pick<Message, 'id' | 'body' | 'fromMe'>[] = [];
  let startKey: Record<string, string> | undefined;
  for (let page = 0; page < 5 && found.length < limit; page++) {
    const out = await listMessageRecords(t.companyId, t.id, { limit: Math.max(limit * 2, 20), startKey, forward: true });
    for (const m of out.items) {
      if (m.mediaType !== 'chat' || m.isPrivate || m.isDeleted || m.id === except || !m.body.trim()) continue;
      found.push({ id: m.id, body: m.body, fromMe: m.fromMe });
      if (found.length === limit) break;
    }
    startKey = out.lastKey;
    if (!startKey) break;
  }
  return found;
};

/** The stored file of a message (an integration hands a customer's recording on), or undefined when it has none. */
export const messageFile = async (
  companyId: number,
  messageId: string,
): Promise<{ bytes: Buffer; name: string | null } | undefined> => {
  const ref = parseMessageId(messageId);
  const record = ref ? await getMessageRecord(companyId, ref.ticketId, ref.ulid) : undefined;
  if (!record?.mediaUrl || record.isDeleted) return undefined;
  const bytes = await blobStore().read(record.mediaUrl);
  return bytes ? { bytes, name: record.mediaName } : undefined;
};
