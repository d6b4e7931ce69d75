/**
 * Tickets (spec document 1, sections 3 to 9): a contact's conversation on a connection, its notes and its log.
 */
import { z } from 'zod';
import { cursorPageNumber, idParam, queryBoolean, queryIdList, queryList } from './common.ts';
import { channel, connectionSummary } from './connections.ts';
import { contact } from './contacts.ts';
import { queueSummary } from './queues.ts';
import { tagSummary } from './tags.ts';
import { userSummary } from './users.ts';

export const ticketStatuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export const ticketStatus = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatus>;
/** statuses in which a contact's conversation on a connection is still running (one ticket at a time) */
export const activeStatuses: readonly TicketStatus[] = ['pending', 'open', 'group', 'lgpd', 'nps'];

export const ticket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: ticketStatus,
  queueId: z.number().int().nullable(),
  queue: queueSummary.nullable(),
  userId: z.number().int().nullable(),
  user: userSummary.nullable(),
  contactId: z.number().int(),
  contact: contact
    .pick({ id: true, name: true, number: true, urlPicture: true, channel: true, isGroup: true, active: true, email: true })
    .extend({
      tags: z.array(tagSummary),
    }),
  whatsappId: z.number().int(),
  whatsapp: connectionSummary,
  channel,
  isGroup: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
  tags: z.array(tagSummary),
  lastMessage: z.string(),
  fromMe: z.boolean(),
  unreadMessages: z.number().int(),
  amountUsedBotQueues: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /**
   * Meta channels (Cloud API, Messenger, Instagram): until when free-form messages may be sent, 24 hours after the
   * customer's last message; null when the customer never wrote (templates only). Absent on other channels.
   */
  serviceWindowEndsAt: z.string().nullable().optional(),
  /** when an agent first answered in this ticket (the queue's first-response target stops counting) */
  firstReplyAt: z.string().nullable().optional(),
  /** when the queue's first-response target ran out without an answer */
  firstResponseOverdueAt: z.string().nullable().optional(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketNote = z.object({
  id: z.string(),
  note: z.string(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  user: userSummary,
  createdAt: z.string(),
});
export type TicketNote = z.infer<typeof ticketNote>;

export const ticketLogTypes = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  'delete',
  'lgpd',
  'nps',
  'clientClosed',
  'autoClose',
  'autoReturnQueue',
  'rotation',
] as const;
export const ticketLog = z.object({
  id: z.string(),
  type: z.enum(ticketLogTypes),
  ticketId: z.number().int(),
  user: userSummary.nullable(),
  queue: queueSummary.nullable(),
  createdAt: z.string(),
});
export type TicketLog = z.infer<typeof ticketLog>;

export const ticketListQuery = z.object({
  status: z.enum(['open', 'pending', 'closed', 'group', 'search']).default('open'),
  searchParam: z.string().trim().max(100).optional(),
  searchOnMessages: queryBoolean,
  showAll: queryBoolean,
  withUnreadMessages: queryBoolean,
  queueIds: queryIdList,
  tags: queryIdList,
  users: queryIdList,
  whatsapps: queryIdList,
  statusFilter: queryList(ticketStatus, 10),
  sortTickets: z.enum(['ASC', 'DESC']).default('DESC'),
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const ticketListResponse = z.object({
  tickets: z.array(ticket),
  count: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

export const ticketIdParams = z.object({ id: idParam });
export const ticketUuidParams = z.object({ uuid: z.string().uuid() });

export const createTicketBody = z.object({
  contactId: z.number().int().positive(),
  queueId: z.number().int().positive({ message: 'Selecione uma fila' }),
  whatsappId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  status: z.literal('open').optional(),
});

/** Details carried by ERR_OTHER_OPEN_TICKET: who holds the contact's running ticket. */
export const otherOpenTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: ticketStatus,
  userId: z.number().int().nullable(),
  user: userSummary.nullable(),
  queue: queueSummary.nullable(),
});

export const updateTicketBody = z
  .object({
    status: ticketStatus.optional(),
    userId: z.number().int().positive().nullable().optional(),
    queueId: z.number().int().positive().nullable().optional(),
    sendFarewellMessage: z.boolean().optional(),
    amountUsedBotQueues: z.number().int().min(0).optional(),
    msgTransfer: z.string().max(4000).optional(),
    isTransfered: z.boolean().optional(),
    useIntegration: z.boolean().optional(),
    isBot: z.boolean().optional(),
  })
  .strict();
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

export const closeAllBody = z.object({
  status: z.enum(['open', 'pending']),
  selectedQueueIds: z.array(z.number().int().positive()).max(100).default([]),
});

export const ticketTagParams = z.object({ ticketId: idParam, tagId: idParam });
export const ticketTagsParams = z.object({ ticketId: idParam });

export const noteListQuery = z.object({
  ticketId: z.coerce.number().int().positive(),
  contactId: z.coerce.number().int().positive(),
});
export const createNoteBody = z.object({
  note: z.string().trim().min(2, 'Too Short!').max(4000),
  ticketId: z.number().int().positive(),
  contactId: z.number().int().positive(),
});
export const noteIdParams = z.object({ id: z.string().min(10).max(40) });

/** GET /ticket/kanban: its page of tickets (the query is with the kanban lanes in tags.ts). */
export const kanbanTicketsResponse = z.object({
  tickets: z.array(ticket),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
