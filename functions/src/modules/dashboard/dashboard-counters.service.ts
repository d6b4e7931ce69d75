/**
 * Keeps the dashboard's day counters (dashboard.entity.ts) in step with tickets, ratings and messages. Called by
 * the dashboard listener on ticket, rating and message events; every ticket and rating call is safe to repeat (the
 * mark it writes is conditioned on the mark it read, and a change already applied, or older than the one applied,
 * is skipped); a message is counted on its creation event, which a stored message has once.
 */
import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { RatingChange } from '@switchboard/shared/events';
import { companyTimeZone } from '../tenancy/company-lookup.service.ts';
import { deltaOf, type TicketMark } from './dashboard.entity.ts';
import {
  addMessageToDay,
  applyMarkChange,
  getContactMark,
  getTicketMark,
  MarkChanged,
  type CounterMove,
  type MarkChange,
} from './dashboard.repository.ts';

const ATTEMPTS = 8;

/** The calendar day (YYYY-MM-DD) and hour ("00".."23") of an instant in the company time zone. */
export const dayAndHour = (at: string, timeZone: string): { day: string; hour: string } => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: part('hour') };
};

const taken = (t: Pick<Ticket, 'status' | 'userId'>) => (t.status === 'open' || t.status === 'group') && t.userId !== null;

/**
 * The mark of a ticket as it is now. What was settled when first seen stays: its day, whether an agent started it
 * (a ticket created already held by an agent), when an agent first took it, and its rating.
 */
export const markOf = (
  t: Pick<Ticket, 'id' | 'contactId' | 'createdAt' | 'updatedAt' | 'status' | 'userId' | 'closedAt'>,
  before: TicketMark | undefined,
  created: boolean,
  timeZone: string,
): TicketMark => {
  const { day, hour } = before ?? dayAndHour(t.createdAt, timeZone);
  return {
    ticketId: t.id,
    contactId: t.contactId,
    day,
    hour,
    createdAt: before?.createdAt ?? t.createdAt,
    status: t.status,
    userId: t.userId,
    active: before ? before.active : created && taken(t),
    startedAt: before?.startedAt ?? (taken(t) ? (created ? t.createdAt : t.updatedAt) : null),
    closedAt: t.status === 'closed' ? t.closedAt : null,
    rate: before?.rate ?? null,
    rateUserId: before?.rateUserId ?? null,
    seen: t.updatedAt,
  };
};

const sameCounting = (a: TicketMark, b: TicketMark): boolean =>
  a.status === b.status && a.userId === b.userId && a.startedAt === b.startedAt && a.closedAt === b.closedAt && a.rate === b.rate;

const movesOf = (before: TicketMark | undefined, after: TicketMark | undefined): CounterMove[] => {
  const day = (after ?? before)!.day;
  return [...deltaOf(before, after)].map(([item, counts]) => ({ day, item, counts }));
};

/** Retries a change on the marks while another change of the same ticket or contact wins the race. */
const withRetries = async (plan: () => Promise<MarkChange | undefined>): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    const change = await plan();
    if (!change) return;
    try {
      await applyMarkChange(change);
      return;
    } catch (error) {
      if (!(error instanceof MarkChanged) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
};

/** A ticket was created or changed: its day's counters follow its state. */
export const countTicketChange = (companyId: number, t: Ticket, created: boolean, version?: number): Promise<void> =>
  withRetries(async () => {
    const before = await getTicketMark(companyId, t.id);
    // a repeated event, or one older than the change already counted (by the ticket's version when the event
    // carries it: clocks of two writers may disagree)
    if (
      before &&
      (version !== undefined && before.seenVersion !== undefined ? before.seenVersion >= version : before.seen >= t.updatedAt)
    )
      return undefined;
    const after = {
      ...markOf(t, before, created, await companyTimeZone(companyId)),
      ...(version !== undefined ? { seenVersion: version } : {}),
    };
    // most changes (a message, a tag) move no counter: they cost the read of the mark only
    if (before && sameCounting(before, after)) return undefined;
    const moves = movesOf(before, after);
    let contact: MarkChange['contact'];
    if (!before) {
      // leads (reference 10): contacts with exactly one ticket, counted on that ticket's day
      const cm = await getContactMark(companyId, t.contactId);
      const tickets = (cm?.tickets ?? 0) + 1;
      contact = { contactId: t.contactId, before: cm, after: { tickets, firstDay: cm?.firstDay || after.day } };
      if (tickets === 1) moves.push({ day: after.day, item: 'D', counts: { leads: 1 } });
      if (tickets === 2 && cm?.firstDay) moves.push({ day: cm.firstDay, item: 'D', counts: { leads: -1 } });
    }
    return { companyId, ticketId: t.id, before, after, moves, contact };
  });

/** A customer rated a ticket: it moves to the rated rows of its day and into its agent's rating. */
export const countRating = (r: RatingChange): Promise<void> =>
  withRetries(async () => {
    const before = await getTicketMark(r.companyId, r.ticketId);
    // the ticket was never counted (it predates the counters): there is no row to rate
    if (!before || before.rate !== null) return undefined;
    const after: TicketMark = { ...before, rate: r.rate, rateUserId: r.userId };
    return { companyId: r.companyId, ticketId: r.ticketId, before, after, moves: movesOf(before, after) };
  });

/** A ticket was deleted: it leaves its day's counters (a contact's lead stays as counted). */
export const countTicketRemoval = (companyId: number, ticketId: number): Promise<void> =>
  withRetries(async () => {
    const before = await getTicketMark(companyId, ticketId);
    if (!before) return undefined;
    return { companyId, ticketId, before, after: undefined, moves: movesOf(before, undefined) };
  });

/**
 * Counts a message just stored on its day (company time zone), ours or the customer's; private notes are not
 * messages exchanged. Called once per stored message (its creation event), so it adds without a mark.
 */
export const countMessage = async (
  companyId: number,
  message: Pick<Message, 'fromMe' | 'isPrivate' | 'createdAt'>,
): Promise<void> => {
  if (message.isPrivate) return;
  await addMessageToDay(companyId, dayAndHour(message.createdAt, await companyTimeZone(companyId)).day, message.fromMe);
};
