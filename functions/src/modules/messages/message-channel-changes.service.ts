/**
 * What a channel tells of messages already stored: delivery receipts (acks that never go backwards, read
 * watermarks), the echoes of our own sends, send failures, and edits and deletes made on the customer's side.
 */
import type { MediaType } from '@switchboard/shared/contracts/messages';
import { clock } from '../../platform/clock.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { findTicket, recordTicketChange, replaceLastMessage, type TicketRecord } from '../tickets/tickets.service.ts';
import { unindexMessageText } from '../message-search/message-search.service.ts';
import { recordMessageChange, toMessage } from './message-presentation.ts';
import { type MessageRecord } from './message.entity.ts';
import { attachChannelId, listMessageRecordsUpTo, updateMessageRecord } from './messages.repository.ts';
import { byChannelId } from './message-inbound.service.ts';

const now = () => clock().now().toISOString();

/** A delivery receipt: applied only when it moves the ack forward. */
export const applyAck = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
  ack: number,
): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record) return false;
  const updated = await updateMessageRecord(
    companyId,
    found.ref.ticketId,
    found.ref.ulid,
    { ack, updatedAt: now() },
    { onlyIfAckBelow: ack },
  );
  if (!updated) return false;
  await publishChange(companyId, updated);
  return true;
};

/** How far back receipts without ids and early echoes look in a conversation: its latest messages only. */
const RECENT_MESSAGES = 50;
/** How long after a send its caption's echo may come (a send waits up to 10 minutes for its channel). */
const SEND_ECHO_MS = 15 * 60_000;

/** Whether our message went out through the provider (a received one, a private note, a failed send did not). */
const reachedProvider = (m: MessageRecord): boolean =>
  m.fromMe && !m.isPrivate && m.sendState !== 'failed' && m.sendState !== 'pending' && m.sendState !== 'sending';

/**
 * A receipt by watermark (Messenger and Instagram `delivery` and `read` without ids): every message we sent in the
 * ticket at or before `watermark` reaches `ack`, never backwards. One bounded Query of the ticket's latest
 * messages up to the watermark. Answers how many changed.
 */
export const applyWatermark = async (companyId: number, ticketId: number, watermark: string, ack: number): Promise<number> => {
  const upTo = Date.parse(watermark);
  const recent = await listMessageRecordsUpTo(companyId, ticketId, upTo, RECENT_MESSAGES);
  let changed = 0;
  for (const m of recent) {
    if (!reachedProvider(m) || m.ack >= ack || Date.parse(m.createdAt) > upTo) continue;
    const updated = await updateMessageRecord(companyId, ticketId, m.ulid, { ack, updatedAt: now() }, { onlyIfAckBelow: ack });
    if (!updated) continue;
    changed++;
    await publishChange(companyId, updated);
  }
  return changed;
};

/** Whether a send of the ticket is being made right now (its provider's id, and so its receipts, are not known yet). */
export const hasSendInFlight = async (companyId: number, ticketId: number): Promise<boolean> =>
  (await listMessageRecordsUpTo(companyId, ticketId, clock().now().getTime(), RECENT_MESSAGES)).some(
    (m) => m.sendState === 'sending',
  );

/**
 * The echo of a message the page sent, arriving before our send settled (the provider answered the webhook first):
 * the echo's id is given to our unsettled message with the same content, oldest first, so the echo is not stored as
 * a message of its own. A text echo may also be the caption sent after a file: its id then points to that message.
 * Answers whether the echo was ours.
 */
export const claimEcho = async (
  companyId: number,
  ticketId: number,
  echo: { channelMessageId: string; body: string; mediaType: MediaType },
): Promise<boolean> => {
  const recent = (await listMessageRecordsUpTo(companyId, ticketId, clock().now().getTime(), RECENT_MESSAGES)).reverse();
  const unsettled = (m: MessageRecord) => (m.sendState === 'pending' || m.sendState === 'sending') && !m.channelMessageId;
  const own = (m: MessageRecord) => m.fromMe && !m.isPrivate && !m.isDeleted;
  const sameSend = recent.find(
    (m) =>
      own(m) &&
      unsettled(m) &&
      (echo.mediaType === 'chat' ? m.mediaType === 'chat' && m.body === echo.body : m.mediaType === echo.mediaType),
  );
  if (sameSend) return attachChannelId(sameSend, echo.channelMessageId, true);
  // a caption follows its file within seconds; an older file with the same caption is another matter
  const justSent = (m: MessageRecord) => clock().now().getTime() - Date.parse(m.createdAt) < SEND_ECHO_MS;
  const caption =
    echo.mediaType === 'chat' && echo.body
      ? recent.find((m) => own(m) && justSent(m) && m.mediaType !== 'chat' && m.body === echo.body && m.sendState !== 'failed')
      : undefined;
  return caption ? attachChannelId(caption, echo.channelMessageId, false) : false;
};

/**
 * The provider took a send and then could not deliver it (a Cloud API `failed` status): the reason is stored on the
 * message and the agents see it failed; the ack is left as it was.
 */
export const applySendFailure = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
  error: string,
): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record || !found.record.fromMe || found.record.error === error) return false;
  const updated = await updateMessageRecord(companyId, found.ref.ticketId, found.ref.ulid, {
    error,
    sendState: 'failed',
    updatedAt: now(),
  });
  if (!updated) return false;
  await publishChange(companyId, updated);
  return true;
};

export const applyRemoteEdit = async (
  companyId: number,
  connectionId: number,
  channelMessageId: string,
  body: string,
): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record) return false;
  const updated = await updateMessageRecord(companyId, found.ref.ticketId, found.ref.ulid, {
    body,
    isEdited: true,
    updatedAt: now(),
  });
  if (!updated) return false;
  await publishChange(companyId, updated);
  return true;
};

/** Server reference 1.4: the text a message deleted by the customer keeps when the company erases deleted messages. */
export const DELETED_MESSAGE_MARKER = '🚫 Mensagem apagada';

/** Spec document 1, company settings: with LGPD on, lgpdDeleteMessage erases what the customer deleted. */
const erasesDeletedMessages = (settings: Partial<Record<string, string>> | undefined): boolean =>
  settings?.enableLGPD === 'enabled' && settings.lgpdDeleteMessage === 'enabled';

/**
 * The customer deleted a message on the channel: it is flagged deleted; under LGPD's lgpdDeleteMessage its text is
 * also replaced by the marker (and taken out of the search index) and the ticket's preview shows the marker.
 */
export const applyRemoteDelete = async (companyId: number, connectionId: number, channelMessageId: string): Promise<boolean> => {
  const found = await byChannelId(companyId, connectionId, channelMessageId);
  if (!found?.record || found.record.isDeleted) return false;
  const erase = erasesDeletedMessages((await findCompany(companyId))?.settings);
  const updated = await updateMessageRecord(companyId, found.ref.ticketId, found.ref.ulid, {
    isDeleted: true,
    ...(erase ? { body: DELETED_MESSAGE_MARKER } : {}),
    updatedAt: now(),
  });
  if (!updated) return false;
  if (!erase) {
    await publishChange(companyId, updated);
    return true;
  }
  await unindexMessageText(companyId, found.record.ulid, found.record.createdAt, found.record.body);
  const changed = await replaceLastMessage(companyId, updated.ticketId, DELETED_MESSAGE_MARKER);
  // the lists show the new preview; the conversation shows the message's new text
  if (changed)
    await recordTicketChange(changed.after, await getContact(companyId, changed.after.contactId), { before: changed.before });
  await publishChange(companyId, updated, changed?.after);
  return true;
};

const publishChange = async (companyId: number, record: MessageRecord, known?: TicketRecord) => {
  const t = known ?? (await findTicket(companyId, record.ticketId));
  if (!t) return;
  await recordMessageChange(t, await toMessage(record), await getContact(companyId, t.contactId), 'update');
};
