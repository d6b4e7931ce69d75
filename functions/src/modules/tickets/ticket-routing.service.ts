/**
 * Which ticket a conversation runs in (server reference 1.3): the running one, a closed one reopened within the
 * connection's window, or a new one, for inbound messages, scheduled messages and conversations an agent starts.
 * The seed of the conversation engine.
 */
import { companyAsksConsent } from '@switchboard/shared/company-options';
import { type Contact } from '@switchboard/shared/contracts/contacts';
import { type QueueSummary } from '@switchboard/shared/contracts/queues';
import { activeStatuses, type Ticket, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import { type UserSummary } from '@switchboard/shared/contracts/users';
import { clock, ids } from '../../platform/clock.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import {
  defaultConnection,
  requireConnection,
  toConnectionSummary,
  type ConnectionRecord,
} from '../connections/connections.service.ts';
import { maskNumber } from '../contacts/contact-privacy.service.ts';
import { getContactWallet } from '../contacts/contact-wallets.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { whatsappConfirmedContact } from '../contacts/contact-numbers.service.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import { type TicketRecord } from './ticket.entity.ts';
import {
  ConversationTaken,
  getConversation,
  getTicketRecord,
  insertTicket,
  saveTicket,
  TicketChanged,
} from './tickets.repository.ts';
import {
  contactSnapshot,
  presentTicket,
  recordTicketChange,
  logOf,
  me,
  otherOpenTicketError,
  userSummaryOf,
  privacyOptions,
  changeTicket,
} from './tickets.service.ts';

const now = () => clock().now().toISOString();

const isActive = (s: TicketStatus) => activeStatuses.includes(s);

// ----- creation -----

const isOn = (value: string | undefined): boolean => value === 'enabled' || value === 'true';

/**
 * Server reference 1.3: a new conversation starts with the LGPD consent question when the company asks for it
 * (enableLGPD with a message) and the contact never accepted, or consent is asked every time (lgpdConsent).
 */
const lgpdApplies = (settings: Record<string, string | undefined>, contact: Contact): boolean =>
  companyAsksConsent(settings) && (settings.lgpdConsent === 'enabled' || !contact.lgpdAcceptedAt);

/**
 * DirectTicketsToWallets: the contact's wallet (the agent and queue that took the conversation last), when that
 * agent still exists and still works in that queue; the bot is skipped for it.
 */
const walletOf = async (companyId: number, contactId: number): Promise<{ queueId: number; user: UserSummary } | undefined> => {
  const wallet = await getContactWallet(companyId, contactId);
  if (!wallet) return undefined;
  const user = await findUser(companyId, wallet.userId);
  if (!user || !user.queueIds?.includes(wallet.queueId)) return undefined;
  return { queueId: wallet.queueId, user: { id: user.id, name: user.name } };
};

const newTicketRecord = (
  companyId: number,
  id: number,
  connection: ConnectionRecord,
  contact: Contact,
  fields: Partial<TicketRecord>,
): TicketRecord => {
  const at = now();
  return {
    id,
    uuid: ids.uuid(),
    companyId,
    status: 'pending',
    queueId: null,
    queue: null,
    userId: null,
    user: null,
    contactId: contact.id,
    contact: contactSnapshot(contact),
    whatsappId: connection.id,
    whatsapp: toConnectionSummary(connection),
    channel: connection.channel,
    isGroup: contact.isGroup,
    isBot: !contact.isGroup,
    useIntegration: false,
    tags: [],
    tagIds: [],
    lastMessage: '',
    fromMe: false,
    unreadMessages: 0,
    amountUsedBotQueues: 0,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    version: 1,
    ...fields,
  };
};

/**
 * POST /tickets: an agent starts a conversation with a contact (spec: conflict answers who holds it). Over a WhatsApp
 * session, a number never confirmed there is looked up first: not on WhatsApp, or no answer, creates nothing.
 */
export const createTicket = async (
  auth: AuthContext,
  body: { contactId: number; queueId: number; whatsappId?: number; userId?: number },
): Promise<Ticket> => {
  const chosen = await getContact(auth.companyId, body.contactId);
  if (!chosen) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (!chosen.active) throw new AppError('ERR_NO_PERMISSION', 'The contact is blocked');
  const queue = await findQueue(auth.companyId, body.queueId);
  if (!queue)
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ path: 'body.queueId', message: 'Selecione uma fila' }] });
  const connection = body.whatsappId
    ? await requireConnection(auth.companyId, body.whatsappId)
    : await defaultConnection(auth.companyId);
  const userId = body.userId ?? auth.userId;
  const user = userId === auth.userId ? me(auth) : await userSummaryOf(auth.companyId, userId);
  // the number as WhatsApp knows the account; another contact when that one already has it
  const contact = await whatsappConfirmedContact(auth.companyId, chosen, connection);
  if (!contact.active) throw new AppError('ERR_NO_PERMISSION', 'The contact is blocked');

  const current = await getConversation(auth.companyId, contact.id, connection.id);
  if (current?.active) {
    const held = await getTicketRecord(auth.companyId, current.ticketId, true);
    if (held) throw otherOpenTicketError(held);
  }
  const t = newTicketRecord(auth.companyId, await nextId(companyPk(auth.companyId), 'ticket'), connection, contact, {
    previousTicketId: current?.ticketId ?? null,
    status: contact.isGroup ? 'group' : 'open',
    queueId: queue.id,
    queue,
    userId,
    user,
    isBot: false,
  });
  try {
    await insertTicket(t, logOf('create', me(auth), queue));
  } catch (error) {
    if (error instanceof ConversationTaken) {
      const held = await getTicketRecord(auth.companyId, error.ticketId, true);
      if (held) throw otherOpenTicketError(held);
    }
    throw error;
  }
  await recordTicketChange(t, contact, { ...privacyOptions(auth), name: 'ticket.created' });
  return presentTicket(auth, t, contact);
};

export interface InboundTicketResult {
  ticket: TicketRecord;
  created: boolean;
  reopened: boolean;
}

/**
 * The ticket an inbound message belongs to (server reference 1.3): the running one; else a closed one reopened
 * within the connection's timeCreateNewTicket minutes; else a new pending ticket (group status for groups whose
 * connection does not treat groups as tickets). Two events of one new contact at once create one ticket: the
 * loser of the conversation condition takes the winner's ticket.
 */
export const ticketForInbound = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  at: string,
  /** old history of an import: a closed conversation is not reopened, a new ticket is marked imported and goes to the import's queue */
  options: { imported?: boolean } = {},
): Promise<InboundTicketResult> => {
  const cacheKey = `${companyId}:${contact.id}:${connection.id}`;
  const remembered = runningTickets.peek(cacheKey);
  if (remembered !== undefined) {
    // an active ticket of this contact and connection is its running conversation: the pointer and the status
    // change together, so the pointer need not be read
    const t = await getTicketRecord(companyId, remembered, true);
    if (t && isActive(t.status) && t.contactId === contact.id && t.whatsappId === connection.id)
      return { ticket: t, created: false, reopened: false };
    runningTickets.forget(cacheKey);
  }
  const found = await runningOrNewTicket(companyId, connection, contact, at, options.imported === true);
  runningTickets.set(cacheKey, found.ticket.id);
  return found;
};

/** The latest ticket of a contact's conversation on a connection (running or closed), without creating one. */
export const conversationTicketId = async (
  companyId: number,
  contactId: number,
  connectionId: number,
): Promise<number | undefined> => (await getConversation(companyId, contactId, connectionId))?.ticketId;

/** Which ticket each contact's conversation on a connection runs in, remembered per instance (checked on use). */
const runningTickets = ttlCache<string, number>(10 * 60_000, 10_000);

const runningOrNewTicket = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  at: string,
  imported = false,
): Promise<InboundTicketResult> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const conv = await getConversation(companyId, contact.id, connection.id);
    if (conv?.active) {
      const t = await getTicketRecord(companyId, conv.ticketId, true);
      if (t && isActive(t.status)) return { ticket: t, created: false, reopened: false };
    }
    if (conv && !conv.active && connection.timeCreateNewTicket > 0 && !imported) {
      const last = await getTicketRecord(companyId, conv.ticketId, true);
      const withinWindow = last && Date.parse(at) - Date.parse(last.updatedAt) <= connection.timeCreateNewTicket * 60_000;
      // a rated conversation is over: it is not reopened (reference 1.3: "and not nps")
      if (last && withinWindow && last.status === 'closed' && !last.ratedAt) {
        try {
          const reopened = await saveTicket(
            last,
            { ...last, status: 'pending', closedAt: null, updatedAt: now() },
            {
              conversation: 'activate',
              logs: [logOf('reopen', null, last.queue)],
            },
          );
          return { ticket: reopened, created: false, reopened: true };
        } catch (error) {
          if (error instanceof ConversationTaken || error instanceof TicketChanged) continue;
          throw error;
        }
      }
    }
    const groupStatus = contact.isGroup && connection.groupAsTicket !== 'enabled';
    const settings = ((await findCompany(companyId))?.settings ?? {}) as Record<string, string | undefined>;
    // imported history goes to the import's queue (server reference 1.2, step 10)
    let queueId = imported
      ? (connection.queueIdImportMessages ?? null)
      : connection.queueIds.length === 1
        ? connection.queueIds[0]!
        : null;
    const wallet =
      !imported && !contact.isGroup && isOn(settings.DirectTicketsToWallets) ? await walletOf(companyId, contact.id) : undefined;
    if (wallet) queueId = wallet.queueId;
    const queue = queueId ? ((await findQueue(companyId, queueId)) ?? null) : null;
    const lgpd = !imported && !contact.isGroup && lgpdApplies(settings, contact);
    const t = newTicketRecord(companyId, await nextId(companyPk(companyId), 'ticket'), connection, contact, {
      previousTicketId: conv?.ticketId ?? null,
      status: groupStatus ? 'group' : lgpd ? 'lgpd' : 'pending',
      queueId: queue?.id ?? null,
      queue,
      ...(wallet ? { userId: wallet.user.id, user: wallet.user, isBot: false } : {}),
      ...(imported ? { imported: now(), isBot: false } : {}),
    });
    try {
      await insertTicket(t, logOf('create', null, queue));
      return { ticket: t, created: true, reopened: false };
    } catch (error) {
      if (error instanceof ConversationTaken) continue;
      throw error;
    }
  }
  throw new AppError('ERR_CREATING_TICKET');
};

// ----- scheduled messages -----

/**
 * The ticket a scheduled message goes out in (server reference section 7): the contact's running ticket on the
 * connection, or a new one. With `open`, the ticket is opened for the schedule's user and queue first, as an
 * agent accepting it would.
 */
export const ticketForScheduledMessage = async (
  companyId: number,
  connection: ConnectionRecord,
  contact: Contact,
  /** the ticket's user, queue and status (statusTicket of a schedule or campaign; open unless told) */
  open: { userId: number | null; queueId: number | null; status?: 'open' | 'pending' } | undefined,
  /** a conversation already running (not created nor reopened for this send) is answered as it is, not reassigned */
  options: { keepRunning?: boolean } = {},
): Promise<{ ticket: TicketRecord; created: boolean; running: boolean }> => {
  const found = await ticketForInbound(companyId, connection, contact, now());
  const running = !found.created && !found.reopened;
  if (!open || (running && options.keepRunning)) return { ticket: found.ticket, created: found.created, running };
  const user = open.userId ? await findUser(companyId, open.userId) : undefined;
  const queue = open.queueId ? ((await findQueue(companyId, open.queueId)) ?? null) : null;
  const changed = await changeTicket(
    companyId,
    found.ticket.id,
    (t) => ({
      after: {
        ...t,
        status: t.isGroup ? 'group' : (open.status ?? 'open'),
        closedAt: null,
        isBot: false,
        updatedAt: now(),
        ...(user ? { userId: user.id, user: { id: user.id, name: user.name } } : {}),
        ...(queue ? { queueId: queue.id, queue } : {}),
      },
      logs: [logOf(open.status ?? 'open', user ? { id: user.id, name: user.name } : t.user, queue ?? t.queue)],
      conversation: t.status === 'closed' ? 'activate' : 'keep',
    }),
    found.ticket,
  );
  const ticket = changed?.after ?? found.ticket;
  if (changed)
    await recordTicketChange(ticket, contact, {
      removed: changed.before.status !== ticket.status,
      before: changed.before,
      maskNumber,
    });
  return { ticket, created: found.created, running };
};

// ----- transfers that close the ticket -----

/**
 * closeTicketOnTransfer (server reference 2.6): the transferred ticket was closed; the conversation goes on in a
 * new ticket of the target queue (and agent), with no consent question. A contact whose conversation someone
 * else started meanwhile continues in that one.
 */
export const continueTransferredConversation = async (
  closed: TicketRecord,
  target: { queue: QueueSummary | null; user: UserSummary | null },
): Promise<TicketRecord> => {
  const { companyId } = closed;
  const connection = await requireConnection(companyId, closed.whatsappId);
  const contact = await getContact(companyId, closed.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  for (let attempt = 0; attempt < 3; attempt++) {
    const t = newTicketRecord(companyId, await nextId(companyPk(companyId), 'ticket'), connection, contact, {
      previousTicketId: closed.id,
      status: target.user ? 'open' : 'pending',
      queueId: target.queue?.id ?? null,
      queue: target.queue,
      userId: target.user?.id ?? null,
      user: target.user,
      isBot: false,
      lastMessage: closed.lastMessage,
    });
    try {
      await insertTicket(t, logOf('receivedTransfer', target.user, target.queue));
      await recordTicketChange(t, contact, { name: 'ticket.created', maskNumber });
      return t;
    } catch (error) {
      if (!(error instanceof ConversationTaken)) throw error;
      const running = await getTicketRecord(companyId, error.ticketId, true);
      if (running && isActive(running.status)) return running;
    }
  }
  throw new AppError('ERR_CREATING_TICKET');
};
