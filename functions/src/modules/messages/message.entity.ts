/**
 * Messages live in their ticket's partition, so a page of a conversation is one Query.
 * Access patterns:
 * - a ticket's messages, newest first: Query pk C#<cid>#T#<ticketId>, sk begins_with M#, descending
 * - one message: pk C#<cid>#T#<ticketId>, sk M#<ulid>; its public id is `<ticketId>-<ulid>`
 * - by the channel's message id (idempotency, acks, edits, deletes): pk C#<cid>#WID#<connectionId>#<channel id>,
 *   sk WID -> { ticketId, ulid }
 */
import type { Message } from '@switchboard/shared/contracts/messages';

export const messageSk = (ulid: string) => `M#${ulid}`;
export const channelIdKey = (companyId: number, connectionId: number, channelMessageId: string) => ({
  pk: `C#${companyId}#WID#${connectionId}#${channelMessageId}`,
  sk: 'WID',
});

export const messageIdOf = (ticketId: number, ulid: string) => `${ticketId}-${ulid}`;
/** The ids of a new message on its ticket, and the connection it comes or goes through (the ticket's). */
export const newMessageIds = (t: { id: number; companyId: number; whatsappId: number }, ulid: string) => ({
  id: messageIdOf(t.id, ulid),
  ulid,
  companyId: t.companyId,
  ticketId: t.id,
  connectionId: t.whatsappId,
});

export const parseMessageId = (id: string): { ticketId: number; ulid: string } | undefined => {
  const m = /^(\d{1,10})-([0-9A-HJKMNP-TV-Z]{26})$/.exec(id);
  return m ? { ticketId: Number(m[1]), ulid: m[2]! } : undefined;
};

/**
 * Where a queued send stands: recorded and queued (`pending`), claimed by a consumer that is calling the channel
 * (`sending`, since `sendAttemptAt`), or settled. Messages that were never queued (received ones, private notes)
 * have none.
 */
export type SendState = 'pending' | 'sending' | 'sent' | 'failed';

export type MessageRecord = Message & {
  companyId: number;
  ulid: string;
  connectionId: number;
  channelMessageId: string | null;
  /** the quoted message's id, resolved into `quotedMsg` when read */
  quotedMsgId: string | null;
  sendState?: SendState;
  sendAttemptAt?: string | null;
  /** a campaign's send: the campaign and the number its shipping row is kept by, which the message's receipts move */
  campaignSend?: { campaignId: number; number: string };
};

export type MessageItem = MessageRecord & { pk: string; sk: string; type: 'message' };

export interface ChannelIdItem {
  pk: string;
  sk: string;
  type: 'channelMessageId';
  companyId: number;
  ticketId: number;
  ulid: string;
}
