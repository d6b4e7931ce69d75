/**
 * Tickets (conversations), their logs and notes. A ticket's partition also holds its messages (messages module).
 * Access patterns:
 * - get a ticket: pk C#<cid>#T#<id>, sk TICKET
 * - by uuid (ticket URLs): pk C#<cid>#TUUID#<uuid>, sk TUUID -> ticketId
 * - the running conversation of a contact on a connection (one active ticket at most, enforced by a condition on
 *   this item): pk C#<cid>#CONV#<contactId>, sk <connectionId> -> { ticketId, active }
 * - list by status, company-wide (admins' show-all): gsi1 C#<cid>#TS#<status>, sort <updatedAt>#<id>
 * - list by queue and status (agents' tabs): gsi2 C#<cid>#TQ#<queueId or 0>#<status>, same sort
 * - list by user and status ("mine"): gsi3 C#<cid>#TU#<userId or 0>#<status>, same sort
 * - a contact's tickets, newest first: gsi4 C#<cid>#TC#<contactId>, same sort
 * - per-tab counts: counter items pk C#<cid>#TCOUNT, sk S#<status> | Q#<queue>#<status> | U#<user>#<status>
 * - the closed lists show only the newest closed ticket of each contact and connection: an older closed ticket is
 *   marked superseded when a later one of its conversation closes, and its status keys (lists and counters) read
 *   `closed~old` instead of `closed`
 * - log entries and notes: in the ticket partition, sk LOG#<ulid> and NOTE#<ulid>
 * - the report by creation date: one report row per ticket, pk C#<cid>#TREPORT#<yyyy-mm of createdAt>, sk
 *   <createdAt>#<id>, holding the fields the report filters on; a month per partition keeps a busy tenant's writes
 *   spread, and a date range is a key condition. Written with the ticket whenever one of those fields changes.
 *   The report's total is a `Select: COUNT` query over the same key range and filters (a search is a filter on
 *   contactId and ticketId).
 */
import type { Channel, ConnectionSummary } from '@switchboard/shared/contracts/connections';
import type { QueueSummary } from '@switchboard/shared/contracts/queues';
import type { TagSummary } from '@switchboard/shared/contracts/tags';
import type { TicketStatus } from '@switchboard/shared/contracts/tickets';
import type { UserSummary } from '@switchboard/shared/contracts/users';
import type { FlowWait } from '@switchboard/shared/flows/run';
import { padId } from '../../platform/table/keys.ts';
import { stripWith } from '../../platform/table/strip.ts';

export const ticketPk = (companyId: number, ticketId: number) => `C#${companyId}#T#${padId(ticketId)}`;
export const ticketKey = (companyId: number, ticketId: number) => ({ pk: ticketPk(companyId, ticketId), sk: 'TICKET' });
export const ticketUuidKey = (companyId: number, uuid: string) => ({ pk: `C#${companyId}#TUUID#${uuid}`, sk: 'TUUID' });
export const conversationKey = (companyId: number, contactId: number, connectionId: number) => ({
  pk: `C#${companyId}#CONV#${padId(contactId)}`,
  sk: padId(connectionId),
});
export const counterPk = (companyId: number) => `C#${companyId}#TCOUNT`;
export const logSk = (ulid: string) => `LOG#${ulid}`;
export const noteSk = (ulid: string) => `NOTE#${ulid}`;

export const sortKeyOf = (updatedAt: string, id: number) => `${updatedAt}#${padId(id)}`;

/** The status a ticket is listed and counted under: a superseded closed ticket is out of the closed lists. */
export const listedStatus = (t: Pick<TicketRecord, 'status' | 'superseded'>): string =>
  t.status === 'closed' && t.superseded ? 'closed~old' : t.status;

export const indexKeys = (
  t: Pick<TicketRecord, 'companyId' | 'id' | 'status' | 'superseded' | 'queueId' | 'userId' | 'contactId' | 'updatedAt'>,
) => {
  const sort = sortKeyOf(t.updatedAt, t.id);
  const status = listedStatus(t);
  return {
    gsi1pk: `C#${t.companyId}#TS#${status}`,
    gsi1sk: sort,
    gsi2pk: `C#${t.companyId}#TQ#${t.queueId ?? 0}#${status}`,
    gsi2sk: sort,
    gsi3pk: `C#${t.companyId}#TU#${t.userId ?? 0}#${status}`,
    gsi3sk: sort,
    gsi4pk: `C#${t.companyId}#TC#${padId(t.contactId)}`,
    gsi4sk: sort,
  };
};

/**
 * The counter dimensions a ticket in this state counts toward. A ticket with a user also counts in its queue and
 * user pair (`QU#`): an agent's tab reads their queues' and their own partitions, and subtracts the pair counters
 * so that a ticket in both is counted once.
 */
export const counterDims = (t: Pick<TicketRecord, 'status' | 'superseded' | 'queueId' | 'userId'>): string[] => [
  `S#${listedStatus(t)}`,
  `Q#${t.queueId ?? 0}#${listedStatus(t)}`,
  `U#${t.userId ?? 0}#${listedStatus(t)}`,
  ...(t.userId ? [`QU#${t.queueId ?? 0}#${t.userId}#${listedStatus(t)}`] : []),
];

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  urlPicture: string | null;
  channel: Channel;
  isGroup: boolean;
  active: boolean;
  email: string;
  tags: TagSummary[];
}

export interface TicketRecord {
  id: number;
  uuid: string;
  companyId: number;
  status: TicketStatus;
  queueId: number | null;
  queue: QueueSummary | null;
  userId: number | null;
  user: UserSummary | null;
  contactId: number;
  /** the contact as lists show it, copied so that a page needs no read of contacts; kept in step by a job */
  contact?: TicketContact;
  whatsappId: number;
  whatsapp: ConnectionSummary;
  channel: Channel;
  isGroup: boolean;
  isBot: boolean;
  useIntegration: boolean;
  /** the integration the conversation is in while useIntegration (server reference 1.2 steps 17-18; engine/integration-runtime.ts) */
  integrationId?: number | null;
  tags: TagSummary[];
  /** the tag ids, for list filters (a FilterExpression `contains`) */
  tagIds: number[];
  lastMessage: string;
  fromMe: boolean;
  unreadMessages: number;
  amountUsedBotQueues: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** the contact's ticket on the same connection before this one (the conversation's history), if any */
  previousTicketId?: number | null;
  /** closed, with a later closed ticket of the same conversation: left out of the closed lists */
  superseded?: boolean;
  /** when the customer last wrote in this ticket: Meta channels' 24-hour service window runs from it */
  lastInboundAt?: string | null;
  /** created by an import of old messages (when): no greeting or bot runs for it; closed by POST /closedimported */
  imported?: string | null;
  /** the conversation engine's place in this conversation (functions/src/engine); not shown to agents */
  bot?: TicketBotState;
  /** LGPD consent (server reference 2.7): when the question was last sent in this ticket; null: to be (re)sent */
  lgpdAskedAt?: string | null;
  /** NPS (2.8): how many times the rating question was asked in this ticket (amountUsedBotQueuesNPS) */
  npsAsks?: number;
  /** NPS: when the customer's rating was taken (a ticket is rated once) */
  ratedAt?: string | null;
  /** the connection's inactivity message was sent (2.12); it counts as sent until the customer writes again */
  inactiveSentAt?: string | null;
  /** the collective vacation notice was sent in this ticket (once per vacation) */
  vacationNoticeAt?: string | null;
  /** when an agent first answered the customer in this ticket */
  firstReplyAt?: string | null;
  /** when the queue's first-response target ran out unanswered */
  firstResponseOverdueAt?: string | null;
  /** a running conversation flow (engine/flow-runtime.ts, server reference 5.2); absent or null when none runs */
  flow?: TicketFlowState | null;
  /** when the connection's flows were looked at for this ticket (its first customer message): they start once per ticket */
  flowEntryAt?: string | null;
  /** the last customer message a flow took (started one or answered it): a redelivery of it starts no phrase campaign again */
  flowMessage?: { messageId: string; messageAt: string } | null;
  /** the customer message the connection's AI prompt took last (engine/prompt-runtime.ts): a redelivery is not answered again */
  promptTurn?: { messageId: string; messageAt: string } | null;
  /** the Typebot session the conversation runs in (engine/integrations/typebot.ts); null or absent: none */
  typebotSessionId?: string | null;
  /** when the Typebot session was last used: `typebotExpires` minutes later it starts over */
  typebotSessionAt?: string | null;
  /** a Typebot or Dialogflow integration's place in the conversation (engine/integrations); absent when none ran */
  integrationTurn?: IntegrationTurnState | null;
  /** optimistic concurrency: every change must name the version it read */
  version: number;
}

/** Where a flow stands in a conversation; every step bumps `step` in a write conditioned on the step it read. */
export interface TicketFlowState {
  flowId: number;
  /** what the flow waits for: a menu answer, a question's answer, the end of an interval */
  wait: FlowWait;
  /** the flow's variables (answers kept by questions, the customer's name and number, lastMessage) */
  variables: Record<string, string>;
  step: number;
  /** the customer message the last step answered: a redelivery of it is not answered again */
  messageId: string | null;
  /** when that message was written: an older message is a redelivery too */
  messageAt: string | null;
  updatedAt: string;
}

/**
 * An integration's turn: the customer message it answered last (a redelivery of it, or of an older one, is not
 * answered again) and the bot's messages of that answer still to be sent, one claimed at a time by `next`.
 */
export interface IntegrationTurnState {
  messageId: string;
  messageAt: string;
  /** names this answer: a delayed send of an earlier answer finds another turn and sends nothing */
  turnId: string;
  outbox: IntegrationBubble[];
  /** the index of the next bubble to send */
  next: number;
}

/** One message of a bot's answer, with the pause before it (ms). */
export type IntegrationBubble =
  | { kind: 'text'; body: string; delayMs: number }
  | { kind: 'media'; mediaType: 'image' | 'audio' | 'video'; url: string; delayMs: number }
  | { kind: 'command'; stopBot?: boolean; queueId?: number; userId?: number; delayMs: number };

/** Where the engine is with a ticket; `amountUsedBotQueues` (above) counts its menus and out-of-hours replies. */
export interface TicketBotState {
  /** the option id of the queue's chatbot tree the customer stands at (ids are stable across edits); null: the queue's first level */
  stage: number | null;
  /** the last reply was the out-of-hours message */
  outOfHour: boolean;
  /** when the engine last sent the queue menu or the out-of-hours message (timeUseBotQueues counts from it) */
  menuAt: string | null;
}

/**
 * The tags a ticket is found by: its own and its contact's, as its list row shows them (the tag filter and the
 * rows agree). Derived on every write of the ticket, so a contact's new tags count once the snapshot job ran.
 */
export const filterTagIds = (t: Pick<TicketRecord, 'tags' | 'contact'>): number[] => [
  ...new Set([...t.tags, ...(t.contact?.tags ?? [])].map((tag) => tag.id)),
];

export type TicketItem = TicketRecord & { pk: string; sk: string; type: 'ticket'; filterTagIds: number[] } & ReturnType<
    typeof indexKeys
  >;

/** The stored item of a ticket: its keys, its index keys and the tags its filters read. */
export const ticketItemOf = (t: TicketRecord): TicketItem => ({
  ...ticketKey(t.companyId, t.id),
  type: 'ticket',
  ...indexKeys(t),
  ...t,
  filterTagIds: filterTagIds(t),
});

/** The ticket a stored item holds, without filterTagIds, which only feeds the filter indexes. */
export const ticketOfItem = stripWith('filterTagIds');

export interface ConversationItem {
  pk: string;
  sk: string;
  type: 'conversation';
  companyId: number;
  contactId: number;
  connectionId: number;
  ticketId: number;
  active: boolean;
  updatedAt: string;
}

export interface LogItem {
  pk: string;
  sk: string;
  type: 'ticketLog';
  id: string;
  companyId: number;
  ticketId: number;
  logType: string;
  user: UserSummary | null;
  queue: QueueSummary | null;
  createdAt: string;
}

export interface NoteItem {
  pk: string;
  sk: string;
  type: 'ticketNote';
  id: string;
  companyId: number;
  ticketId: number;
  contactId: number;
  note: string;
  user: UserSummary;
  createdAt: string;
}

/** The fields of a ticket the report filters on, copied to its report row. */
export interface ReportRowItem {
  pk: string;
  sk: string;
  type: 'ticketReportRow';
  companyId: number;
  ticketId: number;
  createdAt: string;
  status: string;
  userId: number | null;
  queueId: number | null;
  whatsappId: number;
  contactId: number;
  rated: boolean;
}

/** `2026-11` of an ISO instant: the report partition of tickets created in that (UTC) month. */
export const reportMonthOf = (iso: string): string => iso.slice(0, 7);
export const reportPk = (companyId: number, month: string) => `C#${companyId}#TREPORT#${month}`;

export const reportRowOf = (t: TicketRecord): ReportRowItem => ({
  pk: reportPk(t.companyId, reportMonthOf(t.createdAt)),
  sk: sortKeyOf(t.createdAt, t.id),
  type: 'ticketReportRow',
  companyId: t.companyId,
  ticketId: t.id,
  createdAt: t.createdAt,
  status: t.status,
  userId: t.userId,
  queueId: t.queueId,
  whatsappId: t.whatsappId,
  contactId: t.contactId,
  rated: Boolean(t.ratedAt),
});

/** Whether a change of the ticket changes its report row (most changes, a message moving it, do not). */
export const reportRowChanged = (before: TicketRecord, after: TicketRecord): boolean => {
  const a = reportRowOf(before);
  const b = reportRowOf(after);
  return (Object.keys(a) as (keyof ReportRowItem)[]).some((k) => a[k] !== b[k]);
};
