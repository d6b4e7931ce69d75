/**
 * Where a ticket stands in routing, as the engine's steps before the queue choice see it (reference 1.2, steps 15 to
 * 19). A connection with a single queue creates its tickets in that queue, while the reference creates them without
 * one and lets the queue choice (step 19) put them there: these answer as the reference would.
 */
import type { ConnectionRecord } from '../modules/connections/connection.entity.ts';
import type { TicketRecord } from '../modules/tickets/tickets.service.ts';

/** No queue was chosen for the ticket yet: none, or the connection's only queue, which it was created in. */
export const unrouted = (t: TicketRecord, connection: ConnectionRecord): boolean =>
  t.queueId === null || (connection.queueIds.length === 1 && connection.queueIds[0] === t.queueId);

/** Unrouted, and the only queue's bot has not spoken yet (greeting, menu or a hand-over): nobody answered the conversation. */
export const unanswered = (t: TicketRecord, connection: ConnectionRecord): boolean =>
  t.queueId === null || (unrouted(t, connection) && !t.bot);
