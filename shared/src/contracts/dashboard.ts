/**
 * The dashboard and the live attendance panel (spec document 2: "Dashboard", "Live attendance panel (/moments)",
 * section 3 "Dashboard counters", "Attendant row", "Live-panel ticket"; server reference 10).
 */
import { z } from 'zod';

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
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'date_from must not be after date_to', path: ['date_to'] });
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
