/**
 * The dashboard and the live attendance panel (spec document 2: "Dashboard", "Live attendance panel (/moments)",
 * section 3 "Dashboard counters", "Attendant row", "Live-panel ticket"; server reference 10).
 */
import { z } from 'zod';
import { queryList } from './common.ts';
import { ticketStatus } from './tickets.ts';

/** Server reference 10: without days or a range, the last 30 days. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period one read covers (a day counter item per day: the read costs what the period has days). */
export const DASHBOARD_MAX_DAYS = 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

export const dashboardQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).optional(),
    date_from: day.optional(),
    date_to: day.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: 'date_from must not be after date_to',
    path: ['date_to'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardCounters = z.object({
  /** every ticket of the company open now (not bound to the period) */
  supportHappening: z.number(),
  /** every ticket of the company pending now (not bound to the period) */
  supportPending: z.number(),
  supportFinished: z.number(),
  supportGroups: z.number(),
  leads: z.number(),
  /** minutes */
  avgSupportTime: z.number(),
  /** minutes */
  avgWaitTime: z.number(),
  activeTickets: z.number(),
  passiveTickets: z.number(),
  npsScore: z.number(),
  npsPromotersPerc: z.number(),
  npsDetractorsPerc: z.number(),
  npsPassivePerc: z.number(),
  tickets: z.number(),
  waitRating: z.number(),
  withoutRating: z.number(),
  withRating: z.number(),
  percRating: z.number(),
});
export type DashboardCounters = z.infer<typeof dashboardCounters>;

export const attendantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** average rating, 2 decimals; 0 without ratings */
  rating: z.number(),
  countRating: z.number(),
  tickets: z.number(),
  avgWaitTime: z.number(),
  avgSupportTime: z.number(),
  online: z.boolean(),
});
export type AttendantRow = z.infer<typeof attendantRow>;

export const dashboardResponse = z.object({ counters: dashboardCounters, attendants: z.array(attendantRow) });
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** GET /dashboard/ticketsDay and /dashboard/ticketsUsers: the charts' period. */
export const ticketChartQuery = z
  .object({ initialDate: day, finalDate: day })
  .refine((q) => q.initialDate <= q.finalDate, { message: 'initialDate must not be after finalDate', path: ['finalDate'] });
export type TicketChartQuery = z.infer<typeof ticketChartQuery>;

/** Tickets per hour (`horario`, "00".."23") when the period is one day, else per day (`data`, YYYY-MM-DD). */
export const ticketsDayResponse = z.object({
  data: z.array(z.object({ horario: z.string().optional(), data: z.string().optional(), total: z.number() })),
  count: z.number(),
});
export type TicketsDayResponse = z.infer<typeof ticketsDayResponse>;

export const ticketsUsersResponse = z.object({
  data: z.array(z.object({ nome: z.string(), quantidade: z.number() })),
  count: z.number(),
});
export type TicketsUsersResponse = z.infer<typeof ticketsUsersResponse>;

/** Live-panel ticket (document 2 section 3). */
export const momentTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.string(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  contact: z.object({ id: z.number().int(), name: z.string(), urlPicture: z.string().nullable() }),
  lastMessage: z.string(),
  whatsapp: z.object({ name: z.string() }),
  queue: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  unreadMessages: z.number().int(),
  updatedAt: z.string(),
});
export type MomentTicket = z.infer<typeof momentTicket>;

/** GET /usersMoments: the running tickets (open and pending) and every attendant, online or not. */
export const usersMomentsResponse = z.object({
  tickets: z.array(momentTicket),
  attendants: z.array(z.object({ id: z.number().int(), name: z.string(), online: z.boolean() })),
  /** more running tickets exist than the panel shows */
  truncated: z.boolean(),
});
export type UsersMomentsResponse = z.infer<typeof usersMomentsResponse>;

/** The panel shows at most this many running tickets (newest first). */
export const MOMENTS_TICKET_LIMIT = 500;
/** Spec document 2 section 9: names over 30 characters show their first 25 and an ellipsis. */
export const PANEL_NAME_MAX = 30;
export const PANEL_NAME_KEEP = 25;
/** Last messages over 30 characters show their first 27 and an ellipsis. */
export const PANEL_MESSAGE_MAX = 30;
export const PANEL_MESSAGE_KEEP = 27;

const booleanText = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
const periodDays = { dateStart: day.optional(), dateEnd: day.optional() };
const inOrder = (q: { dateStart?: string; dateEnd?: string }) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd;
const inOrderError = { message: 'dateStart must not be after dateEnd', path: ['dateEnd'] };

/**
 * GET /dashboard/moments: the tickets last changed in a period (whole days of the company's calendar; without dates
 * the last 30 days), in one status or any, newest first. Without showAll (or for a viewer who may not show all) only
 * the caller's own; `userId` narrows to one attendant and `queueIds` to some queues.
 */
export const ticketMomentsQuery = z
  .object({
    status: ticketStatus.optional(),
    showAll: booleanText,
    queueIds: queryList(z.coerce.number().int().positive(), 100),
    userId: z.coerce.number().int().positive().optional(),
    ...periodDays,
  })
  .refine(inOrder, inOrderError);
export type TicketMomentsQuery = z.output<typeof ticketMomentsQuery>;
export const ticketMomentsResponse = z.object({
  tickets: z.array(momentTicket),
  /** more tickets matched than one answer holds (MOMENTS_TICKET_LIMIT) */
  truncated: z.boolean(),
});
export type TicketMomentsResponse = z.infer<typeof ticketMomentsResponse>;

/**
 * GET /messages-allMe: how many messages the company exchanged in a period (whole days of the company's calendar;
 * without dates the last 30 days): sent by its side (fromMe=true), by its customers (false), or both. Private notes
 * are not messages exchanged and are not counted. The answer keeps the spec's shape, `count[0].count`.
 */
export const messagesCountQuery = z.object({ fromMe: booleanText, ...periodDays }).refine(inOrder, inOrderError);
export type MessagesCountQuery = z.output<typeof messagesCountQuery>;
export const messagesCountResponse = z.object({ count: z.array(z.object({ count: z.number().int() })).length(1) });
export type MessagesCountResponse = z.infer<typeof messagesCountResponse>;
