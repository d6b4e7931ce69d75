/**
 * Queues (departments) and their chatbot option trees: spec document 2 "Queues page", section 3 (Queue, Chatbot
 * option, Schedule entry), section 5 (Queue), section 7 "Queues and chatbots", section 9 (rotation times).
 * `POST /queue` and `PUT /queue/{id}` carry the whole option tree as `chatbots` with nested `options`, as the
 * client the spec describes sends it.
 */
import { z } from 'zod';
import { weekIssues } from '../weekly-hours.ts';
import { idParam } from './common.ts';

/** Spec document 2 section 9: the page's pager. */
export const QUEUE_PAGE_SIZES = [5, 10, 25] as const;
export const QUEUE_DEFAULT_PAGE_SIZE = 5;
/** The longest first-response target a queue may set: a day. */
export const FIRST_RESPONSE_MAX_MINUTES = 1440;

/** Spec document 2 section 9: rotation minutes; 0 means unset. */
export const QUEUE_ROTATION_TIMES = [0, 2, 5, 10, 15, 30, 45, 60] as const;
export type QueueRotationTime = (typeof QUEUE_ROTATION_TIMES)[number];
/** Bounds of an option tree, so one queue stays one small record and a menu stays something a customer can walk. */
export const CHATBOT_MAX_DEPTH = 10;
export const CHATBOT_MAX_NODES = 500;
/** Section 5: a chatbot option's name has at least 4 characters. */
export const CHATBOT_NAME_MIN = 4;

export const chatbotOptionTypes = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotOptionType = (typeof chatbotOptionTypes)[number];

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

const time = z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')]);

/** One weekday's opening hours: two intervals, A and B ('' when unused). */
export const scheduleEntry = z.object({
  weekday: z.string().trim().max(30).default(''),
  weekdayEn: z.enum(weekdays),
  startTimeA: time.default(''),
  endTimeA: time.default(''),
  startTimeB: time.default(''),
  endTimeB: time.default(''),
});
export type ScheduleEntry = z.infer<typeof scheduleEntry>;

/** A week of opening hours (the company's, a connection's): one entry per weekday at most, checked by weekIssues. */
export const weekSchedule = z
  .array(scheduleEntry)
  .max(7)
  .superRefine((week, ctx) => {
    for (const issue of weekIssues(week)) ctx.addIssue({ code: 'custom', path: [issue.index, issue.field], message: issue.code });
  });

export interface ChatbotOption {
  id: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOption[];
}

/** As sent by the client: a new option has no id yet; everything but the name has a default. */
export interface ChatbotOptionInput {
  id?: number;
  name: string;
  greetingMessage?: string;
  queueType?: ChatbotOptionType;
  closeTicket?: boolean;
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
  options?: ChatbotOptionInput[];
}

const targetId = z.number().int().positive().nullable().default(null);

const optionFields = {
  id: z.number().int().positive().optional(),
  name: z.string({ error: 'Required' }).trim().min(CHATBOT_NAME_MIN, 'Too Short!').max(100, 'Too Long!'),
  greetingMessage: z.string().max(2000).default(''),
  queueType: z.enum(chatbotOptionTypes).default('text'),
  closeTicket: z.boolean().default(false),
  optQueueId: targetId,
  optUserId: targetId,
  optIntegrationId: targetId,
  optFileId: targetId,
};

/** The target each type needs (document 2 section 3; server reference 2.2). */
const refineTarget = (
  o: {
    queueType: ChatbotOptionType;
    optQueueId: number | null;
    optUserId: number | null;
    optIntegrationId: number | null;
    optFileId: number | null;
  },
  ctx: z.RefinementCtx,
) => {
  if (o.queueType === 'integration' && o.optIntegrationId === null)
    ctx.addIssue({ code: 'custom', path: ['optIntegrationId'], message: 'Required' });
  if ((o.queueType === 'queue' || o.queueType === 'attendent') && o.optQueueId === null)
    ctx.addIssue({ code: 'custom', path: ['optQueueId'], message: 'Required' });
  if (o.queueType === 'attendent' && o.optUserId === null)
    ctx.addIssue({ code: 'custom', path: ['optUserId'], message: 'Required' });
  if (o.queueType === 'file' && o.optFileId === null) ctx.addIssue({ code: 'custom', path: ['optFileId'], message: 'Required' });
};

/**
 * The option schema of one level: its children are the next level's, and the deepest level takes none. Built
 * level by level rather than recursively, so a hostile body cannot make validation recurse past the bound.
 */
const optionAt = (level: number): z.ZodType<ChatbotOption, ChatbotOptionInput> => {
  const children =
    level < CHATBOT_MAX_DEPTH
      ? z
          .array(z.lazy(() => optionAt(level + 1)))
          .max(CHATBOT_MAX_NODES)
          .default([])
      : z.array(z.unknown()).max(0, `At most ${CHATBOT_MAX_DEPTH} levels`).default([]);
  return z.object({ ...optionFields, options: children }).superRefine(refineTarget) as unknown as z.ZodType<
    ChatbotOption,
    ChatbotOptionInput
  >;
};
export const chatbotOption = optionAt(1);

export const countOptions = (options: readonly { options?: readonly unknown[] }[]): number =>
  options.reduce((n, o) => n + 1 + countOptions((o.options ?? []) as { options?: unknown[] }[]), 0);

const chatbots = z
  .array(chatbotOption)
  .max(CHATBOT_MAX_NODES)
  .default([])
  .refine((list) => countOptions(list) <= CHATBOT_MAX_NODES, `At most ${CHATBOT_MAX_NODES} options in all`);

export const queueBody = z.object({
  name: z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  color: z.string({ error: 'Required' }).trim().min(3, 'Too Short!').max(9, 'Too Long!'),
  greetingMessage: z.string().max(5000).default(''),
  outOfHoursMessage: z.string().max(5000).default(''),
  orderQueue: z.number().int().min(0).max(9999).nullable().default(null),
  closeTicket: z.boolean().default(false),
  ativarRoteador: z.boolean().default(false),
  tempoRoteador: z
    .number()
    .int()
    .refine((n) => (QUEUE_ROTATION_TIMES as readonly number[]).includes(n), `One of ${QUEUE_ROTATION_TIMES.join(', ')}`)
    .default(0),
  schedules: z.array(scheduleEntry).max(7).default([]),
  /** minutes within which a waiting customer should get an agent's first answer (0: no target) */
  firstResponseMinutes: z
    .number()
    .int()
    .min(0, 'Mínimo 0')
    .max(FIRST_RESPONSE_MAX_MINUTES, `Máximo ${FIRST_RESPONSE_MAX_MINUTES}`)
    .default(0),
  fileListId: z.number().int().positive().nullable().default(null),
  /** the integration that takes the conversation when the queue is chosen (server reference 2.1), one of the company's */
  integrationId: z.number().int().positive().nullable().default(null),
  chatbots,
});
export type QueueBody = z.infer<typeof queueBody>;
export type QueueBodyInput = z.input<typeof queueBody>;

export const queueDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().int(),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number().int(),
  firstResponseMinutes: z.number().int(),
  schedules: z.array(scheduleEntry),
  fileListId: z.number().int().nullable(),
  integrationId: z.number().int().nullable(),
  chatbots: z.array(z.custom<ChatbotOption>()),
});
export type QueueDetails = z.infer<typeof queueDetails>;

export const queueIdParams = z.object({ id: idParam });

/** Live event `company-{id}-queue` (spec document 2 section 4 "Live lists"; server reference 11). */
export type QueueEvent = { action: 'create' | 'update'; queue: QueueDetails } | { action: 'delete'; queueId: number };

/** A queue as the inbox shows it beside a ticket, and as its pickers list it. */
export const queueSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** the queue's first-response target in minutes, as it was when the ticket entered the queue (absent: none) */
  firstResponseMinutes: z.number().int().optional(),
});
export type QueueSummary = z.infer<typeof queueSummary>;
export const queue = queueSummary.extend({ greetingMessage: z.string(), orderQueue: z.number().int() });
export type Queue = z.infer<typeof queue>;
