/**
 * The engine's timed rules (server reference 2.8 expiry, 2.10 rotation, 2.11 redirection, 2.12 inactivity,
 * auto-close and return to queue), without scans: each ticket has at most one one-time schedule
 * (`ticket-timer-<company>-<ticket>`) set for the earliest moment one of its rules may come due. When it fires
 * the job reads that one ticket, acts on what is due by then, and sets the schedule again for what comes next;
 * a rule whose condition ended meanwhile (the customer wrote, an agent answered, the ticket moved) is simply not
 * due any more. So an idle company costs no reads at all: nothing runs until a ticket's own moment comes.
 *
 * The reference runs these as crons every minute over all tickets; its units are kept (minutes), except
 * expiresTicket, which the spec gives in hours. Where the reference requires expiresTicket for the inactivity
 * message, this sends it whenever it is configured, as the setting plainly means.
 */
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { clock } from '../platform/clock.ts';
import { ttlCache } from '../platform/ttl-cache.ts';
import { findConnection } from '../modules/connections/connection-lookup.service.ts';
import type { ConnectionRecord } from '../modules/connections/connection.entity.ts';
import { scheduleJob } from '../modules/jobs/jobs.service.ts';
import { getQueueRotation } from '../modules/queues/queues.service.ts';
import type { TicketRecord } from '../modules/tickets/ticket.entity.ts';

export const TIMER_JOB = 'engine.ticket-timer';
export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type TimerRule = 'npsExpiry' | 'redirect' | 'inactive' | 'expire' | 'returnToQueue' | 'rotation' | 'firstResponse';

/** The fields of a ticket the rules read: a stored ticket, or a ticket as an event carries it (fewer fields). */
export type TimedTicket = Pick<
  TicketRecord,
  'status' | 'queueId' | 'userId' | 'updatedAt' | 'fromMe' | 'isGroup' | 'createdAt' | 'queue'
> &
  Partial<Pick<TicketRecord, 'imported' | 'inactiveSentAt' | 'firstReplyAt' | 'firstResponseOverdueAt'>>;

export interface Rotation {
  /** minutes a ticket may wait with its agent before it rotates to another (tempoRoteador) */
  minutes: number;
}

const ms = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : NaN);

/** The inactivity message counts as sent until the customer writes again (the engine clears it then). */
const inactiveSent = (t: TimedTicket): boolean => Boolean(t.inactiveSentAt);

/**
 * When each rule comes due for this ticket as it is (pure). An entry whose condition does not hold is absent;
 * `at` may be in the past (due now).
 */
export const timerPlan = (
  t: TimedTicket,
  c: Partial<ConnectionRecord>,
  rotation: Rotation | null,
): { rule: TimerRule; at: number }[] => {
  const plan: { rule: TimerRule; at: number }[] = [];
  if (t.isGroup || t.imported || t.status === 'closed') return plan;
  const idle = ms(t.updatedAt);
  if (t.status === 'nps' && (c.expiresTicketNPS ?? 0) > 0)
    plan.push({ rule: 'npsExpiry', at: idle + c.expiresTicketNPS! * MINUTE });
  if (t.status === 'pending' && t.queueId === null && t.userId === null && (c.timeSendQueue ?? 0) > 0 && c.sendIdQueue) {
    plan.push({ rule: 'redirect', at: idle + c.timeSendQueue! * MINUTE });
  }
  const active = t.status === 'open' || t.status === 'pending';
  const oursLast = c.whenExpiresTicket === '1';
  const warns = (c.timeInactiveMessage ?? 0) > 0 && Boolean(c.inactiveMessage?.trim());
  if (active && warns && !inactiveSent(t) && (!oursLast || t.fromMe))
    plan.push({ rule: 'inactive', at: idle + c.timeInactiveMessage! * MINUTE });
  if (t.status === 'open' && (c.expiresTicket ?? 0) > 0) {
    // with an inactivity message the expiry counts from it; without, from the last activity
    if (warns) {
      if (inactiveSent(t)) plan.push({ rule: 'expire', at: Math.max(idle, ms(t.inactiveSentAt)) + c.expiresTicket! * HOUR });
    } else if (!oursLast || t.fromMe) plan.push({ rule: 'expire', at: idle + c.expiresTicket! * HOUR });
  }
  if (t.status === 'open' && t.userId !== null && (c.timeToReturnQueue ?? 0) > 0 && t.fromMe === oursLast) {
    plan.push({ rule: 'returnToQueue', at: idle + c.timeToReturnQueue! * MINUTE });
  }
  if (rotation && t.status === 'pending' && t.queueId !== null) {
    plan.push({ rule: 'rotation', at: t.userId === null ? idle : idle + rotation.minutes * MINUTE });
  }
  // the queue's first-response target (minutes kept on the ticket's queue) counts from the customer's first message
  const target = t.queue?.firstResponseMinutes ?? 0;
  if (target > 0 && (t.status === 'pending' || t.status === 'open') && !t.firstReplyAt && !t.firstResponseOverdueAt) {
    plan.push({ rule: 'firstResponse', at: ms(t.createdAt) + target * MINUTE });
  }
  return plan.filter((p) => Number.isFinite(p.at));
};

export const nextDue = (plan: { at: number }[]): number | undefined =>
  plan.length ? Math.min(...plan.map((p) => p.at)) : undefined;

const timerName = (companyId: number, ticketId: number) => `ticket-timer-${companyId}-${ticketId}`;

/** When each ticket's schedule is set for, as far as this instance knows (a miss only costs a repeated schedule). */
export const armed = ttlCache<string, number>(60 * MINUTE, 50_000);

export const arm = async (companyId: number, ticketId: number, at: number): Promise<void> => {
  const key = `${companyId}:${ticketId}`;
  const known = armed.peek(key);
  // an earlier schedule still to fire re-reads the ticket then and sets the next one itself
  if (known !== undefined && known <= at && known > clock().now().getTime()) return;
  await scheduleJob(timerName(companyId, ticketId), new Date(Math.max(at, clock().now().getTime())), {
    type: TIMER_JOB,
    companyId,
    ticketId,
  });
  armed.set(key, at);
};

export interface TimerContext {
  connection: ConnectionRecord;
  rotation: Rotation | null;
}

export const contextOf = async (
  companyId: number,
  t: Pick<TicketRecord, 'whatsappId' | 'queueId' | 'status'>,
): Promise<TimerContext | undefined> => {
  const connection = await findConnection(companyId, t.whatsappId);
  if (!connection) return undefined;
  const rotation = t.status === 'pending' && t.queueId ? await getQueueRotation(companyId, t.queueId) : null;
  return { connection, rotation };
};

/**
 * Sets the ticket's schedule for its next rule, if it has one (called on every ticket change and message the
 * engine cares about). Reads only the connection and queue settings, which are cached.
 */
export const armTicketTimer = async (companyId: number, t: Ticket | TicketRecord): Promise<void> => {
  if (t.status === 'closed' || t.isGroup) return;
  const whatsappId = 'whatsappId' in t ? t.whatsappId : null;
  if (!whatsappId) return;
  const context = await contextOf(companyId, { whatsappId, queueId: t.queueId, status: t.status });
  if (!context) return;
  const at = nextDue(timerPlan(t as TimedTicket, context.connection, context.rotation));
  if (at !== undefined) await arm(companyId, t.id, at);
};
