/**
 * Tags and kanban lanes (spec document 2 "Tags and kanban lanes", the Tag data model, sections 5, 7 and 9).
 * A tag with kanban 1 is a lane; its lane fields drive the lane automation (timeLane hours in the lane, then the
 * next lane; a customer's message sends it back to the rollback lane).
 */
import { z } from 'zod';
import { idParam, queryList } from './common.ts';

export const tagSummary = z.object({ id: z.number().int(), name: z.string(), color: z.string(), kanban: z.number().int() });
export type TagSummary = z.infer<typeof tagSummary>;

export const tagListQuery = z.object({ kanban: z.coerce.number().int().min(0).max(1).optional() });
export const createTagBody = z.object({
  name: z.string({ error: 'Requerido' }).trim().min(3, 'Etiqueta muy corta.').max(50),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour')
    .optional(),
  kanban: z.number().int().min(0).max(1).default(0),
});
export const syncTagsBody = z.object({
  contactId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() })).max(50),
});
export const tagContactParams = z.object({ tagId: idParam, contactId: idParam });

/** Spec document 2 section 9: the tags table pages 5, 10 or 25 rows (default 5). */
export const TAG_PAGE_SIZES = [5, 10, 25] as const;
export const TAG_DEFAULT_PAGE_SIZE = 5;
/** Tags per answer of GET /tags; the table pages through what was read and asks for more at its end. */
export const TAG_API_PAGE_SIZE = 25;
/** The longest a ticket may wait in a lane before it moves on: 30 days. */
export const MAX_TIME_LANE_HOURS = 720;
/** Tickets per page of the board query (the reference reads at most 400). */
export const KANBAN_MAX_PAGE = 400;

/** The lane fields of a tag; meaningful only when kanban is 1. */
export const laneFields = z.object({
  /** hours a ticket stays in this lane before it moves to nextLaneId (0: it stays) */
  timeLane: z.number().int().min(0).max(MAX_TIME_LANE_HOURS).default(0),
  nextLaneId: z.number().int().positive().nullable().default(null),
  rollbackLaneId: z.number().int().positive().nullable().default(null),
  /** sent to the customer when the automation moves a ticket into this lane */
  greetingMessageLane: z.string().max(1000).default(''),
});

export const tag = tagSummary.extend({
  timeLane: z.number().int(),
  nextLaneId: z.number().int().nullable(),
  rollbackLaneId: z.number().int().nullable(),
  greetingMessageLane: z.string(),
  userId: z.number().int().nullable(),
});
export type Tag = z.infer<typeof tag>;

/**
 * GET /tags/list: a tag with the number of contacts carrying it, kept with every tagging (the campaign dialog offers
 * only tags that have contacts).
 */
export const tagListItem = tagSummary.extend({ contactCount: z.number().int().min(0) });
export type TagListItem = z.infer<typeof tagListItem>;
export const tagListResponse = z.array(tagListItem);

/**
 * The tag dialog's body (create and update). The lane fields must be empty for a plain tag, a timer needs the lane it
 * moves to, and a lane never points at itself (checked by the service, which knows the id).
 */
const tagFields = z.object({
  name: z
    .string({ error: 'Requerido' })
    .trim()
    .min(3, {
      error: (issue) => (typeof issue.input === 'string' && issue.input.length === 0 ? 'Requerido' : 'Etiqueta muy corta.'),
    })
    .max(50),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour')
    .optional(),
  kanban: z.number().int().min(0).max(1).default(0),
  ...laneFields.shape,
});

const laneRules = (v: z.infer<typeof tagFields>, ctx: z.RefinementCtx) => {
  if (v.kanban === 0) {
    for (const key of ['nextLaneId', 'rollbackLaneId'] as const) {
      if (v[key] !== null) ctx.addIssue({ code: 'custom', path: [key], message: 'Only a kanban lane has lanes' });
    }
    if (v.timeLane > 0) ctx.addIssue({ code: 'custom', path: ['timeLane'], message: 'Only a kanban lane has a timer' });
  }
  if (v.timeLane > 0 && v.nextLaneId === null) ctx.addIssue({ code: 'custom', path: ['nextLaneId'], message: 'Requerido' });
  if (v.nextLaneId !== null && v.timeLane === 0) ctx.addIssue({ code: 'custom', path: ['timeLane'], message: 'Requerido' });
};

export const tagBody = tagFields.superRefine(laneRules);
export type TagBody = z.output<typeof tagBody>;
export type TagBodyInput = z.input<typeof tagBody>;

export const tagIdParams = z.object({ id: idParam });

/** GET /tags: one page (from 1) of the company's tags by name, searched by any part of the name. */
export const tagPageQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
  kanban: z.coerce.number().int().min(0).max(1).optional(),
});
export const tagPageResponse = z.object({ tags: z.array(tag), hasMore: z.boolean() });

/** GET /tag/kanban: the lanes with the number of tickets in each. */
export const kanbanLane = tag.extend({ ticketCount: z.number().int() });
export type KanbanLane = z.infer<typeof kanbanLane>;
export const kanbanLanesResponse = z.object({ lista: z.array(kanbanLane) });

/** GET /tags/{id}/contacts: the contacts that carry the tag, by id, a cursor continuing the page. */
export const tagContactsQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50].includes(n), 'limit must be 10, 20, 30 or 50')
    .default(20),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/**
 * GET /ticket/kanban: the waiting and open tickets the caller may see, last changed between startDate and endDate
 * (whole days of the caller's calendar), newest first; a cursor continues.
 */
export const kanbanTicketsQuery = z
  .object({
    /** default: the caller's today (spec document 2 section 9) */
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    queueIds: queryList(z.coerce.number().int().positive(), 100),
    /** the caller's offset from UTC in minutes as Date#getTimezoneOffset gives it, so that days are the caller's days */
    tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
    cursor: z.string().max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(KANBAN_MAX_PAGE).default(100),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['endDate'],
    message: 'endDate before startDate',
  });
export type KanbanTicketsQuery = z.output<typeof kanbanTicketsQuery>;

/** The realtime frame of `company{id}-tag`. */
export type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };
