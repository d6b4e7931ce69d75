/**
 * The changes the conversation engine (functions/src/engine) makes to a ticket: its place in the menus, the queue
 * (and user) a choice leads to, and the close a customer asks for with `sair` or an option with closeTicket.
 * A change of queue, user or status is told to the agents; the engine's own bookkeeping is not (agents do not see it).
 */
import { clock } from '../../platform/clock.ts';
import { findQueue } from '../queues/queues.service.ts';
import type { TicketBotState, TicketRecord } from './ticket.entity.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { changeTicket, logOf, recordTicketChange, toTicket, userSummaryOf } from './tickets.service.ts';

export type { TicketBotState } from './ticket.entity.ts';

export interface BotChange {
  bot?: TicketBotState;
  amountUsedBotQueues?: number;
  /** the queue a choice led to (null clears it, as `#` does) */
  queueId?: number | null;
  /** the agent an option of type attendent names */
  userId?: number | null;
  /** closes the ticket (the caller sends any farewell first), logged as the customer's close unless said otherwise */
  close?: boolean | { log: 'clientClosed' | 'closed' | 'autoClose' };
  /** a status the engine moves the ticket to: lgpd -> pending after consent, open -> pending on return to queue */
  status?: 'pending';
  /** the engine's bookkeeping on the ticket (not shown to agents) */
  fields?: Partial<
    Pick<TicketRecord, 'lgpdAskedAt' | 'npsAsks' | 'ratedAt' | 'inactiveSentAt' | 'vacationNoticeAt' | 'firstResponseOverdueAt'>
  >;
  /** tell the agents even though queue, user and status stay (a change their lists show) */
  announce?: boolean;
  /** a ticket log entry to write with the change */
  log?: 'lgpd' | 'redirect' | 'autoReturnQueue' | 'rotation' | 'chatBot';
  /** only when the ticket still has this status (a timer acts on the state it was armed for) */
  onlyIf?: (cur: TicketRecord) => boolean;
}

/** Applies the engine's change to the ticket as it is now; answers the ticket after it (the same one when nothing changed). */
export const applyBotChange = async (t: TicketRecord, change: BotChange): Promise<TicketRecord> => {
  const queue =
    change.queueId === undefined
      ? undefined
      : change.queueId === null
        ? null
        : ((await findQueue(t.companyId, change.queueId)) ?? null);
  const user =
    change.userId === undefined
      ? undefined
      : change.userId === null
        ? null
        : await userSummaryOf(t.companyId, change.userId).catch(() => null);
  // read afresh: the engine's own sends moved the ticket since it was read
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    if (cur.status === 'closed' || (change.onlyIf && !change.onlyIf(cur))) return undefined;
    const at = clock().now().toISOString();
    const after: TicketRecord = {
      ...cur,
      ...(change.fields ?? {}),
      ...(change.bot ? { bot: change.bot } : {}),
      ...(change.amountUsedBotQueues !== undefined ? { amountUsedBotQueues: change.amountUsedBotQueues } : {}),
      ...(queue !== undefined ? { queueId: queue?.id ?? null, queue } : {}),
      ...(user !== undefined ? { userId: user?.id ?? null, user } : {}),
    };
    const logs = [];
    if (queue !== undefined && queue?.id !== cur.queueId && queue && change.log !== 'redirect')
      logs.push(logOf('queue', null, queue));
    if (change.status === 'pending') {
      Object.assign(after, { status: 'pending' });
      if (cur.status === 'open') Object.assign(after, { userId: null, user: null });
    }
    if (change.log) logs.push(logOf(change.log, change.log === 'rotation' ? after.user : null, after.queue));
    if (change.close) {
      Object.assign(after, {
        status: 'closed',
        closedAt: at,
        unreadMessages: 0,
        amountUsedBotQueues: 0,
        isBot: false,
        bot: undefined,
      });
      logs.push(
        change.close === true ? logOf('clientClosed', null, after.queue) : logOf(change.close.log, cur.user, after.queue),
      );
    }
    if (after.queueId !== cur.queueId || after.userId !== cur.userId || after.status !== cur.status) after.updatedAt = at;
    return { after, logs, conversation: change.close ? 'deactivate' : 'keep' };
  });
  if (!changed) return t;
  const { before, after } = changed;
  const moved = before.queueId !== after.queueId || before.userId !== after.userId || before.status !== after.status;
  if (moved) await recordTicketChange(after, undefined, { removed: true, before });
  else if (change.announce) await recordTicketChange(after, undefined);
  return after;
};

/** A queue's first-response target ran out on this ticket: the domain event for listeners (notifications, reports). */
export const recordFirstResponseOverdue = async (t: TicketRecord): Promise<void> => {
  await domainEvents.emit({ name: 'ticket.firstResponseOverdue', companyId: t.companyId, ticket: toTicket(t) });
};
