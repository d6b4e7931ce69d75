/**
 * Reads of the dashboard (server reference 10) and of the live attendance panel. The dashboard reads the day
 * counters of its period (dashboard.entity.ts), the status tab counters and the company's users: its cost grows
 * with the days of the period and the attendants, never with the tickets.
 */
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  MOMENTS_TICKET_LIMIT,
  type AttendantRow,
  type DashboardCounters,
  type DashboardQuery,
  type DashboardResponse,
  type MessagesCountQuery,
  type MessagesCountResponse,
  type MomentTicket,
  type TicketChartQuery,
  type TicketMomentsQuery,
  type TicketMomentsResponse,
  type TicketsDayResponse,
  type TicketsUsersResponse,
  type UsersMomentsResponse,
} from '@switchboard/shared/contracts/dashboard';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { ticketStatuses, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import {
  newestTicketsInStatus,
  statusCounts,
  ticketsUpdatedBetween,
  type TicketRecord,
} from '../tickets/ticket-panel.service.ts';
import { canSeeTicket, mayShowAll, viewerOfAuth } from '../tickets/ticket-visibility.service.ts';
import { companyUsers } from '../user-records/user-lookup.service.ts';
import { timeZoneOf } from '../tenancy/company-lookup.service.ts';
import { dayAndHour } from './dashboard-counters.service.ts';
import type { Counts } from './dashboard.entity.ts';
import { queryDays, queryMessageDays, queryUserDays } from './dashboard.repository.ts';

const DAY_MS = 86_400_000;

const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The period asked for: a range, or the last `days` days up to today (company time zone), 30 by default. A range
 * without its end runs to today; one without its start covers the 30 days up to its end. `fields` are the query's
 * names for the two ends, which the errors name. The schema refuses two ends out of order, so a start after the end
 * here is a start after today.
 */
const periodOf = (
  asked: { from?: string; to?: string; days?: number },
  fields: { from: string; to: string },
  timeZone: string,
): { from: string; to: string } => {
  let from: string;
  let to: string;
  if (asked.from || asked.to) {
    to = asked.to ?? today(timeZone);
    from = asked.from ?? shiftDay(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  } else {
    to = today(timeZone);
    from = shiftDay(to, -((asked.days ?? DASHBOARD_DEFAULT_DAYS) - 1));
  }
  const refuse = (path: string, message: string) =>
    new AppError('ERR_VALIDATION', message, { fields: [{ path: `query.${path}`, message }] });
  if (from > to) throw refuse(fields.from, `${fields.from} must not be after ${asked.to ? fields.to : 'today'}`);
  if (daysBetween(from, to) > DASHBOARD_MAX_DAYS) throw refuse(fields.from, `At most ${DASHBOARD_MAX_DAYS} days`);
  return { from, to };
};

const today = (timeZone: string) => dayAndHour(clock().now().toISOString(), timeZone).day;

/** The caller's company's zone, read with the company by the request's authentication. */
const zoneOf = (auth: AuthContext): string => timeZoneOf(auth.company.settings);

const sum = (items: { counts: Counts }[]): Counts => {
  const out: Counts = {};
  for (const i of items) for (const [k, n] of Object.entries(i.counts)) out[k] = (out[k] ?? 0) + n;
  return out;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const perc = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : 0);
/** Average minutes from a sum of milliseconds over a count. */
const avgMinutes = (ms: number | undefined, n: number | undefined) => (n ? round2((ms ?? 0) / n / 60_000) : 0);

/** The counters of document 2 section 3 from the period's summed day counters and the status counts now. */
export const countersOf = (c: Counts, now: { open: number; pending: number }): DashboardCounters => {
  const n = (k: string) => c[k] ?? 0;
  const rated = n('rated');
  const promoters = perc(n('promoters'), rated);
  const detractors = perc(n('detractors'), rated);
  return {
    supportHappening: now.open,
    supportPending: now.pending,
    supportFinished: n('finished'),
    supportGroups: n('groups'),
    leads: Math.max(0, n('leads')),
    avgSupportTime: avgMinutes(c.supportSum, c.supportN),
    avgWaitTime: avgMinutes(c.waitSum, c.waitN),
    activeTickets: n('active'),
    passiveTickets: n('passive'),
    npsScore: round2(promoters - detractors),
    npsPromotersPerc: promoters,
    npsDetractorsPerc: detractors,
    npsPassivePerc: perc(n('passives'), rated),
    tickets: n('tickets'),
    waitRating: n('waitRating'),
    withoutRating: n('finished') - n('finishedRated'),
    // one rule with the NPS figures and the ticket report's onlyRated: a ticket is rated once its customer answered,
    // whatever its status since (a rated ticket reopened keeps its rating and counts once)
    withRating: rated,
    percRating: perc(rated, n('tickets')),
  };
};

/** GET /dashboard: the counters of the period and a row per attendant (every user of the company). */
export const getDashboard = async (auth: AuthContext, q: DashboardQuery): Promise<DashboardResponse> => {
  const { from, to } = periodOf(
    { from: q.date_from, to: q.date_to, days: q.days },
    { from: 'date_from', to: 'date_to' },
    zoneOf(auth),
  );
  const [days, userDays, now, users] = await Promise.all([
    queryDays(auth.companyId, from, to),
    queryUserDays(auth.companyId, from, to),
    statusCounts(auth.companyId, ['open', 'pending']),
    companyUsers(auth.companyId),
  ]);
  const byUser = new Map<number, Counts>();
  for (const u of userDays) byUser.set(u.userId, sum([{ counts: byUser.get(u.userId) ?? {} }, u]));
  const attendants: AttendantRow[] = users
    .map((u) => {
      const c = byUser.get(u.id) ?? {};
      return {
        id: u.id,
        name: u.name,
        rating: c.rateN ? round2((c.rateSum ?? 0) / c.rateN) : 0,
        countRating: c.rateN ?? 0,
        tickets: c.tickets ?? 0,
        avgWaitTime: avgMinutes(c.waitSum, c.waitN),
        avgSupportTime: avgMinutes(c.supportSum, c.supportN),
        online: u.online === true,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { counters: countersOf(sum(days), { open: now.open ?? 0, pending: now.pending ?? 0 }), attendants };
};

const chartPeriod = (auth: AuthContext, q: TicketChartQuery) =>
  periodOf({ from: q.initialDate, to: q.finalDate }, { from: 'initialDate', to: 'finalDate' }, zoneOf(auth));

/** GET /dashboard/ticketsDay: tickets created per hour when the period is one day, else per day. */
export const ticketsPerDay = async (auth: AuthContext, q: TicketChartQuery): Promise<TicketsDayResponse> => {
  const { from, to } = chartPeriod(auth, q);
  const days = await queryDays(auth.companyId, from, to);
  const count = days.reduce((n, d) => n + (d.counts.tickets ?? 0), 0);
  if (from === to) {
    const c = days[0]?.counts ?? {};
    const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
    return { data: hours.filter((h) => (c[`h${h}`] ?? 0) > 0).map((h) => ({ horario: h, total: c[`h${h}`] ?? 0 })), count };
  }
  return {
    data: days.filter((d) => (d.counts.tickets ?? 0) > 0).map((d) => ({ data: d.day, total: d.counts.tickets ?? 0 })),
    count,
  };
};

/** GET /dashboard/ticketsUsers: tickets of the period per attendant (tickets without an attendant are left out). */
export const ticketsPerUser = async (auth: AuthContext, q: TicketChartQuery): Promise<TicketsUsersResponse> => {
  const { from, to } = chartPeriod(auth, q);
  const [userDays, users] = await Promise.all([queryUserDays(auth.companyId, from, to), companyUsers(auth.companyId)]);
  const names = new Map(users.map((u) => [u.id, u.name]));
  const totals = new Map<number, number>();
  for (const u of userDays) totals.set(u.userId, (totals.get(u.userId) ?? 0) + (u.counts.tickets ?? 0));
  const data = [...totals]
    .filter(([id, n]) => n > 0 && names.has(id))
    .map(([id, n]) => ({ nome: names.get(id)!, quantidade: n }))
    .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome));
  return { data, count: data.reduce((n, d) => n + d.quantidade, 0) };
};

const momentOf = (t: TicketRecord): MomentTicket => ({
  id: t.id,
  uuid: t.uuid,
  status: t.status,
  userId: t.userId,
  user: t.user ? { id: t.user.id, name: t.user.name } : null,
  contact: { id: t.contactId, name: t.contact?.name ?? '', urlPicture: t.contact?.urlPicture ?? null },
  lastMessage: t.lastMessage,
  whatsapp: { name: t.whatsapp.name },
  queue: t.queue ? { id: t.queue.id, name: t.queue.name, color: t.queue.color } : null,
  unreadMessages: t.unreadMessages,
  updatedAt: t.updatedAt,
});

/** GET /usersMoments: the running tickets (open, then pending), newest first, and every attendant. */
export const usersMoments = async (auth: AuthContext): Promise<UsersMomentsResponse> => {
  const [open, pending, users] = await Promise.all([
    newestTicketsInStatus(auth.companyId, 'open', MOMENTS_TICKET_LIMIT),
    newestTicketsInStatus(auth.companyId, 'pending', MOMENTS_TICKET_LIMIT),
    companyUsers(auth.companyId),
  ]);
  const running = [...open.tickets, ...pending.tickets];
  return {
    tickets: running.slice(0, MOMENTS_TICKET_LIMIT).map(momentOf),
    attendants: users
      .map((u) => ({ id: u.id, name: u.name, online: u.online === true }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    truncated: open.more || pending.more || running.length > MOMENTS_TICKET_LIMIT,
  };
};

/** The query names of the moments' and the message count's period. */
const PERIOD_DAYS_FIELDS = { from: 'dateStart', to: 'dateEnd' };

/**
 * GET /dashboard/moments: the tickets last changed in the period, newest first, at most MOMENTS_TICKET_LIMIT. Each
 * status is a Query of its index between the period's bounds (widened by a day each side, as the company's days are
 * not UTC days, then cut to the company's days), so the cost follows the tickets answered, not the company's.
 */
export const ticketMoments = async (auth: AuthContext, q: TicketMomentsQuery): Promise<TicketMomentsResponse> => {
  const { from, to } = periodOf({ from: q.dateStart, to: q.dateEnd }, PERIOD_DAYS_FIELDS, zoneOf(auth));
  const viewer = viewerOfAuth(auth);
  const statuses: readonly TicketStatus[] = q.status ? [q.status] : ticketStatuses;
  const range = { from: `${shiftDay(from, -1)}T00:00:00`, to: `${shiftDay(to, 1)}T23:59:59.999Z` };
  const read = await Promise.all(statuses.map((s) => ticketsUpdatedBetween(auth.companyId, s, range, MOMENTS_TICKET_LIMIT)));
  // without show-all (or for a viewer who may not show all), the caller's own tickets, as the inbox's tabs
  const owner = q.userId ?? (q.showAll && mayShowAll(viewer) ? undefined : auth.userId);
  const queues = q.queueIds?.length ? new Set(q.queueIds) : undefined;
  const timeZone = zoneOf(auth);
  const found = read
    .flatMap((r) => r.tickets)
    .filter((t) => {
      const day = dayAndHour(t.updatedAt, timeZone).day;
      return day >= from && day <= to;
    })
    .filter((t) => canSeeTicket(viewer, t))
    .filter((t) => owner === undefined || t.userId === owner)
    .filter((t) => !queues || (t.queueId !== null && queues.has(t.queueId)))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  return {
    tickets: found.slice(0, MOMENTS_TICKET_LIMIT).map(momentOf),
    truncated: read.some((r) => r.more) || found.length > MOMENTS_TICKET_LIMIT,
  };
};

/** GET /messages-allMe: the messages of the period from the day counters (a read per day with messages). */
export const messagesCount = async (auth: AuthContext, q: MessagesCountQuery): Promise<MessagesCountResponse> => {
  const { from, to } = periodOf({ from: q.dateStart, to: q.dateEnd }, PERIOD_DAYS_FIELDS, zoneOf(auth));
  const days = await queryMessageDays(auth.companyId, from, to);
  const count = days.reduce(
    (n, d) => n + (q.fromMe === true ? d.fromMe : q.fromMe === false ? d.fromContact : d.fromMe + d.fromContact),
    0,
  );
  return { count: [{ count }] };
};
