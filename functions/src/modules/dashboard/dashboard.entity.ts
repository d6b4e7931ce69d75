/**
 * The dashboard's counters (server reference 10), kept per company per day as tickets and ratings change, so a
 * read costs the days of its period, not the tickets of the company.
 * A ticket is one row of the reference's base set, counted on the day (company time zone) it was created; what it
 * adds to its day depends on its state now (closed, waiting for its rating, rated...), so each ticket has a mark
 * holding what it adds today. A change computes the new mark, and the counters move by the difference, in one
 * transaction conditioned on the mark read: a repeated event finds its change applied and changes nothing.
 * Access patterns:
 * - a ticket's mark: pk C#<cid>#DASHT#<ticketId>, sk DASHT
 * - a contact's mark (how many tickets it has, for leads): pk C#<cid>#DASHC#<contactId>, sk DASHC
 * - the company's day counters of a period: pk C#<cid>#DASH, sk D#<YYYY-MM-DD>, BETWEEN the period's days
 * - the attendants' day counters of a period: pk C#<cid>#DASHU, sk <YYYY-MM-DD>#<userId>, BETWEEN the days
 * - the messages exchanged per day (GET /messages-allMe): pk C#<cid>#DASHM, sk <YYYY-MM-DD>, { fromMe, fromContact }
 *   added to (ADD, outside any transaction: every message of a busy company's day touches it) when a message's
 *   creation is recorded, which happens once per stored message; BETWEEN the period's days
 */
import { padId } from '../../platform/table/keys.ts';

export const ticketMarkKey = (companyId: number, ticketId: number) => ({
  pk: `C#${companyId}#DASHT#${padId(ticketId)}`,
  sk: 'DASHT',
});
export const contactMarkKey = (companyId: number, contactId: number) => ({
  pk: `C#${companyId}#DASHC#${padId(contactId)}`,
  sk: 'DASHC',
});
export const dayPk = (companyId: number) => `C#${companyId}#DASH`;
export const daySk = (day: string) => `D#${day}`;
export const userDayPk = (companyId: number) => `C#${companyId}#DASHU`;
export const userDaySk = (day: string, userId: number) => `${day}#${padId(userId)}`;
export const messageDayKey = (companyId: number, day: string) => ({ pk: messageDayPk(companyId), sk: day });
export const messageDayPk = (companyId: number) => `C#${companyId}#DASHM`;

/** What one ticket adds to the counters now. */
export interface TicketMark {
  ticketId: number;
  contactId: number;
  /** the day (company time zone) and hour ("00".."23") the ticket was created: its row's day */
  day: string;
  hour: string;
  createdAt: string;
  status: string;
  userId: number | null;
  /** started by an agent (the reference's isActiveDemand), not by the customer */
  active: boolean;
  /** when an agent first took the ticket (wait time ends, support time starts) */
  startedAt: string | null;
  closedAt: string | null;
  /** the customer's NPS answer, once given */
  rate: number | null;
  /** the agent the rating was given to */
  rateUserId: number | null;
  /** the ticket's updatedAt this mark was computed from: older or repeated changes are not applied again */
  seen: string;
  /** the ticket's version this mark was computed from, when the event carried it */
  seenVersion?: number;
}

/** The counters of a company's day (times in milliseconds). `h00`..`h23` count the tickets created in each hour. */
export const dayCounterNames = [
  'tickets',
  'active',
  'passive',
  'finished',
  'finishedRated',
  'groups',
  'waitRating',
  'rated',
  'promoters',
  'passives',
  'detractors',
  'waitSum',
  'waitN',
  'supportSum',
  'supportN',
  'leads',
] as const;
export type DayCounterName = (typeof dayCounterNames)[number];

export const userCounterNames = ['tickets', 'waitSum', 'waitN', 'supportSum', 'supportN', 'rateSum', 'rateN'] as const;
export type UserCounterName = (typeof userCounterNames)[number];

export type Counts = Record<string, number>;

export interface DayItem {
  day: string;
  counts: Counts;
}

export interface UserDayItem {
  day: string;
  userId: number;
  counts: Counts;
}

/** Milliseconds between two instants; null unless positive (the reference averages positive times only). */
export const positiveMs = (from: string | null, to: string | null): number | null => {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return ms > 0 ? ms : null;
};

/**
 * The counters a mark adds, by counter item: `D` (the company's day) and `U#<userId>` (an attendant's day).
 * Reference 10: finished = closed, groups = group, waitRating = waiting in nps; rated rows split by the rate:
 * promoters 9..10, passives 7..8, detractors 0..6.
 */
export const contributionOf = (m: TicketMark | undefined): Map<string, Counts> => {
  const out = new Map<string, Counts>();
  if (!m) return out;
  const add = (item: string, name: string, n: number) => {
    const counts = out.get(item) ?? {};
    counts[name] = (counts[name] ?? 0) + n;
    out.set(item, counts);
  };
  const wait = positiveMs(m.createdAt, m.startedAt);
  const support = m.status === 'closed' ? positiveMs(m.startedAt, m.closedAt) : null;
  add('D', 'tickets', 1);
  add('D', `h${m.hour}`, 1);
  add('D', m.active ? 'active' : 'passive', 1);
  if (m.status === 'closed') add('D', 'finished', 1);
  if (m.status === 'closed' && m.rate !== null) add('D', 'finishedRated', 1);
  if (m.status === 'group') add('D', 'groups', 1);
  if (m.status === 'nps') add('D', 'waitRating', 1);
  if (wait !== null) {
    add('D', 'waitSum', wait);
    add('D', 'waitN', 1);
  }
  if (support !== null) {
    add('D', 'supportSum', support);
    add('D', 'supportN', 1);
  }
  if (m.rate !== null) {
    add('D', 'rated', 1);
    add('D', m.rate > 8 ? 'promoters' : m.rate >= 7 ? 'passives' : 'detractors', 1);
  }
  if (m.userId !== null) {
    const u = `U#${m.userId}`;
    add(u, 'tickets', 1);
    if (wait !== null) {
      add(u, 'waitSum', wait);
      add(u, 'waitN', 1);
    }
    if (support !== null) {
      add(u, 'supportSum', support);
      add(u, 'supportN', 1);
    }
  }
  const rater = m.rateUserId ?? m.userId;
  if (m.rate !== null && rater !== null) {
    add(`U#${rater}`, 'rateSum', m.rate);
    add(`U#${rater}`, 'rateN', 1);
  }
  return out;
};

/** How each counter item moves from one mark to the next; items and counters that do not move are left out. */
export const deltaOf = (before: TicketMark | undefined, after: TicketMark | undefined): Map<string, Counts> => {
  const from = contributionOf(before);
  const to = contributionOf(after);
  const out = new Map<string, Counts>();
  for (const item of new Set([...from.keys(), ...to.keys()])) {
    const a = from.get(item) ?? {};
    const b = to.get(item) ?? {};
    const counts: Counts = {};
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = (b[name] ?? 0) - (a[name] ?? 0);
      if (d !== 0) counts[name] = d;
    }
    if (Object.keys(counts).length) out.set(item, counts);
  }
  return out;
};
