/**
 * The transitions of spec document 1 section 4: accept, return to queue, transfer, resolve, reopen (PUT
 * /tickets/{id}), closing all of a queue, and the closes of imports and schedules.
 * Sending the messages they imply (farewell, transfer note) is ticket-actions.service.ts.
 */
import { type Contact } from '@switchboard/shared/contracts/contacts';
import { type QueueSummary } from '@switchboard/shared/contracts/queues';
import { type Ticket, type TicketStatus, type UpdateTicketBody } from '@switchboard/shared/contracts/tickets';
import { type UserSummary } from '@switchboard/shared/contracts/users';
import { substituteVariables } from '@switchboard/shared/message-variables';
import { findConnection } from '../connections/connection-lookup.service.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { maskNumber } from '../contacts/contact-privacy.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { type TicketRecord } from './ticket.entity.ts';
import { queryTicketIndex } from './ticket-lists.repository.ts';
import { ConversationTaken, getTicketRecord } from './tickets.repository.ts';
import {
  presentTicket,
  recordTicketChange,
  logOf,
  me,
  requireVisibleTicket,
  otherOpenTicketError,
  userSummaryOf,
  changeTicket,
  privacyOptions,
} from './tickets.service.ts';

const now = () => clock().now().toISOString();

/** closeTicketOnTransfer is a boolean option; older companies may hold it as 'enabled'. */
const isOn = (value: string | undefined): boolean => value === 'enabled' || value === 'true';

/** The ticket closed without a farewell: unread and bot counters reset, the closing logged, the conversation ended. */
const closedQuietly: Parameters<typeof changeTicket>[2] = (cur) => {
  if (cur.status === 'closed') return undefined;
  const at = now();
  return {
    after: { ...cur, status: 'closed', closedAt: at, updatedAt: at, unreadMessages: 0, amountUsedBotQueues: 0, isBot: false },
    logs: [logOf('closed', cur.user, cur.queue)],
    conversation: 'deactivate',
  };
};

/** Closes a ticket an import created (POST /closedimported), without a farewell; a closed one stays as it is. */
export const closeImportedTicket = async (companyId: number, ticketId: number): Promise<boolean> => {
  const changed = await changeTicket(companyId, ticketId, closedQuietly).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'ERR_NO_TICKET_FOUND') return undefined;
    throw error;
  });
  if (!changed) return false;
  await recordTicketChange(changed.after, undefined, { removed: true, before: changed.before, maskNumber });
  return true;
};

/** Resolves a ticket after a scheduled message went out in it (the schedule's statusTicket 'closed'). */
export const closeTicketAfterSchedule = async (t: TicketRecord, contact: Contact): Promise<TicketRecord> => {
  const changed = await changeTicket(t.companyId, t.id, closedQuietly);
  if (!changed) return t;
  await recordTicketChange(changed.after, contact, { removed: true, before: changed.before, maskNumber });
  return changed.after;
};

// ----- transitions -----

export interface TransitionEffects {
  /** closing asked for the farewell to be sent to the customer */
  farewell?: boolean;
  /** closing asked the customer for a rating instead (server reference 2.8): the connection's rating message */
  rating?: string;
  /** the transfer note to store as a private message */
  transferNote?: string;
  /** the company's transfer message for the customer, the target queue's name in it (sendMsgTransfTicket) */
  transferMessage?: string;
  /** closeTicketOnTransfer: this ticket was closed, the conversation goes on in a new one with this queue and user */
  continueIn?: { queue: QueueSummary | null; user: UserSummary | null };
}

type Settings = Record<string, string | undefined>;

/**
 * Server reference 2.9: the farewell goes out unless the closer said not to; not for a ticket still waiting
 * (unless sendFarewellWaitingTicket), nor one in consent, nor a group the connection does not treat as a ticket.
 */
const farewellApplies = (t: TicketRecord, body: UpdateTicketBody, settings: Settings, groupAsTicket: boolean): boolean =>
  body.sendFarewellMessage !== false &&
  t.status !== 'lgpd' &&
  (t.status !== 'pending' || settings.sendFarewellWaitingTicket === 'enabled') &&
  (!t.isGroup || groupAsTicket);

/** Server reference 2.8: closing asks for a rating when the company rates, the connection has a rating message and the ticket was not rated. */
const ratingApplies = (t: TicketRecord, body: UpdateTicketBody, settings: Settings, ratingMessage: string): boolean =>
  settings.userRating === 'enabled' &&
  body.sendFarewellMessage !== false &&
  ratingMessage.trim() !== '' &&
  !t.isGroup &&
  !t.ratedAt &&
  t.status !== 'lgpd';

/**
 * PUT /tickets/{id}: accept, return to queue, resolve, reopen, transfer, ignore (spec document 1 section 4).
 * Answers the ticket and what the caller still has to send.
 */
export const updateTicket = async (
  auth: AuthContext,
  id: number,
  body: UpdateTicketBody,
): Promise<{ ticket: Ticket; record: TicketRecord; effects: TransitionEffects; contact: Contact | undefined }> => {
  const current = await requireVisibleTicket(auth, id).catch(async (error: unknown) => {
    // accepting a ticket another agent took a moment ago: answer who holds it, for the already-taken dialog
    const held =
      body.status === 'open' && error instanceof AppError && error.code === 'ERR_NO_PERMISSION'
        ? await getTicketRecord(auth.companyId, id, true)
        : undefined;
    throw held?.userId ? otherOpenTicketError(held) : error;
  });
  const contact = await getContact(auth.companyId, current.contactId);
  const targetUserId = body.userId === undefined ? undefined : body.userId;
  const targetUser = targetUserId
    ? targetUserId === auth.userId
      ? me(auth)
      : await userSummaryOf(auth.companyId, targetUserId)
    : targetUserId === null
      ? null
      : undefined;
  const targetQueue = body.queueId ? await findQueue(auth.companyId, body.queueId) : body.queueId === null ? null : undefined;
  if (body.queueId && !targetQueue)
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ path: 'body.queueId', message: 'Selecione uma fila' }] });
  const effects: TransitionEffects = {};
  const settings = (auth.company.settings ?? {}) as Settings;
  const connection = await findConnection(auth.companyId, current.whatsappId);

  if (body.status === 'closed') {
    const closingPending = current.status === 'pending' || current.status === 'lgpd';
    if (closingPending && auth.profile !== 'admin' && auth.user.userClosePendingTicket !== 'enabled')
      throw new AppError('ERR_NO_PERMISSION');
    if (auth.company.settings?.requiredTag === 'enabled' && (contact?.tags.length ?? 0) === 0 && current.tags.length === 0) {
      throw new AppError('ERR_TICKET_TAG_REQUIRED');
    }
  }

  const changed = await changeTicket(auth.companyId, id, (t) => {
    const at = now();
    const base = { ...t, updatedAt: at };
    switch (body.status) {
      case 'closed': {
        if (t.status === 'closed' || t.status === 'nps') return undefined;
        const userId = t.userId ?? auth.userId;
        const user = t.user ?? me(auth);
        if (ratingApplies(t, body, settings, connection?.ratingMessage ?? '')) {
          // the customer is asked to rate; the ticket closes with the answer (or the rating's expiry)
          effects.rating = connection!.ratingMessage!;
          return {
            after: {
              ...base,
              status: 'nps',
              userId,
              user,
              unreadMessages: 0,
              amountUsedBotQueues: 0,
              npsAsks: 1,
              isBot: false,
              useIntegration: false,
            },
            logs: [logOf('nps', me(auth), t.queue)],
            conversation: 'keep',
          };
        }
        if (farewellApplies(t, body, settings, connection?.groupAsTicket === 'enabled')) effects.farewell = true;
        return {
          after: {
            ...base,
            status: 'closed',
            closedAt: at,
            unreadMessages: 0,
            amountUsedBotQueues: 0,
            isBot: false,
            useIntegration: false,
            userId: t.userId ?? auth.userId,
            user: t.user ?? me(auth),
          },
          logs: [logOf('closed', me(auth), t.queue)],
          conversation: 'deactivate',
        };
      }
      case 'pending': {
        if (body.isTransfered) break;
        return {
          after: {
            ...base,
            status: 'pending',
            userId: null,
            user: null,
            ...(targetQueue !== undefined ? { queueId: targetQueue?.id ?? null, queue: targetQueue } : {}),
          },
          logs: [logOf('pending', t.user, t.queue)],
          conversation: 'keep',
        };
      }
      case 'open':
      case 'group': {
        if (body.isTransfered) break;
        const userId = targetUserId ?? auth.userId;
        const user = targetUser ?? me(auth);
        if (t.status === 'pending' || t.status === 'lgpd') {
          // accepting: only a ticket nobody else holds
          if (t.userId !== null && t.userId !== userId) throw otherOpenTicketError(t);
          return {
            after: {
              ...base,
              status: t.isGroup ? 'group' : 'open',
              userId,
              user,
              isBot: false,
              unreadMessages: 0,
              ...(targetQueue ? { queueId: targetQueue.id, queue: targetQueue } : {}),
            },
            logs: [logOf('open', user, targetQueue ?? t.queue)],
            conversation: 'keep',
          };
        }
        if (t.status === 'closed') {
          return {
            after: {
              ...base,
              status: t.isGroup ? 'group' : 'open',
              closedAt: null,
              userId,
              user,
              isBot: false,
              ...(targetQueue ? { queueId: targetQueue.id, queue: targetQueue } : {}),
            },
            logs: [logOf('reopen', user, targetQueue ?? t.queue)],
            conversation: 'activate',
          };
        }
        if (t.userId !== null && t.userId !== auth.userId && auth.profile !== 'admin') throw otherOpenTicketError(t);
        return { after: { ...base, userId, user }, logs: [], conversation: 'keep' };
      }
      default:
        break;
    }
    if (body.isTransfered || body.queueId !== undefined || body.userId !== undefined) {
      const userId = targetUserId === undefined ? t.userId : targetUserId;
      const user = targetUser === undefined ? t.user : targetUser;
      const queue = targetQueue === undefined ? t.queue : targetQueue;
      const status: TicketStatus = userId ? (t.isGroup ? 'group' : 'open') : 'pending';
      if (body.msgTransfer?.trim()) effects.transferNote = body.msgTransfer.trim();
      const logs = [logOf('transfered', t.user ?? me(auth), t.queue)];
      const queueChanged = (queue?.id ?? null) !== t.queueId;
      const userChanged = userId !== t.userId;
      // server reference 2.6: the customer hears of a move to another queue, or to another agent between queues
      if (
        settings.sendMsgTransfTicket === 'enabled' &&
        settings.transferMessage?.trim() &&
        queue &&
        (queueChanged || (userChanged && t.queueId !== null))
      ) {
        effects.transferMessage = substituteVariables(settings.transferMessage, { 'queue.name': queue.name });
      }
      if (isOn(settings.closeTicketOnTransfer) && queueChanged && t.status !== 'closed' && !t.isGroup) {
        // the conversation goes on in a new ticket of the target queue; this one closes without a farewell
        effects.continueIn = { queue, user: userId ? user : null };
        return {
          after: { ...base, status: 'closed', closedAt: base.updatedAt, unreadMessages: 0, amountUsedBotQueues: 0, isBot: false },
          logs,
          conversation: 'deactivate',
        };
      }
      if (userId) logs.push(logOf('receivedTransfer', user, queue));
      return {
        after: { ...base, status, userId, user, queueId: queue?.id ?? null, queue, isBot: false },
        logs,
        conversation: t.status === 'closed' ? 'activate' : 'keep',
      };
    }
    // plain field changes (bot and integration switches)
    return {
      after: {
        ...base,
        ...(body.isBot !== undefined ? { isBot: body.isBot } : {}),
        ...(body.useIntegration !== undefined ? { useIntegration: body.useIntegration } : {}),
        ...(body.amountUsedBotQueues !== undefined ? { amountUsedBotQueues: body.amountUsedBotQueues } : {}),
      },
      conversation: 'keep',
    };
  }).catch(async (error: unknown) => {
    if (error instanceof ConversationTaken) {
      // reopening while the contact already has a running ticket on this connection: answer that one (reference 3.2)
      const other = await getTicketRecord(auth.companyId, error.ticketId, true);
      if (other) return { before: other, after: other, other: true as const };
    }
    throw error;
  });

  const record = changed?.after ?? current;
  if (changed && !('other' in changed)) {
    const moved =
      changed.before.status !== record.status ||
      changed.before.userId !== record.userId ||
      changed.before.queueId !== record.queueId;
    await recordTicketChange(record, contact, { ...privacyOptions(auth), removed: moved, before: changed.before });
  }
  return { ticket: presentTicket(auth, record, contact), record, effects, contact };
};

const CLOSE_ALL_CONCURRENCY = 8;

/** Closes every ticket of the status in the chosen queues (admin), without farewells; answers how many. */
export const closeAllTickets = async (
  auth: AuthContext,
  body: { status: 'open' | 'pending'; selectedQueueIds: number[] },
): Promise<{ closed: number }> => {
  if (auth.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION');
  const partitions = body.selectedQueueIds.length
    ? body.selectedQueueIds.map((q) => ({ index: 'gsi2' as const, pk: `C#${auth.companyId}#TQ#${q}#${body.status}` }))
    : [{ index: 'gsi1' as const, pk: `C#${auth.companyId}#TS#${body.status}` }];
  let closed = 0;
  for (const p of partitions) {
    let startKey: Record<string, string> | undefined;
    do {
      const page = await queryTicketIndex(p.index, p.pk, { limit: 100, forward: true, startKey });
      // a few at a time: a queue of hundreds closes within the request's time, without flooding the table
      for (let i = 0; i < page.items.length; i += CLOSE_ALL_CONCURRENCY) {
        const results = await Promise.all(
          page.items
            .slice(i, i + CLOSE_ALL_CONCURRENCY)
            .map((t) =>
              updateTicket(auth, t.id, { status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 }).catch(
                () => undefined,
              ),
            ),
        );
        closed += results.filter((r) => r?.record.status === 'closed').length;
      }
      startKey = page.lastKey;
    } while (startKey);
  }
  return { closed };
};
