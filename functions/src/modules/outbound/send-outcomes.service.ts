/**
 * The end of a send attempt that held its claim: the provider took the message, or the send failed for good. The
 * core's sender (outbound.service.ts) settles its own attempts here at once. The WhatsApp connector holds the sockets
 * outside the core: its attempts come back as `sendResult` events through the inbound path, and the inbound consumer
 * settles them here, so the connector reports what happened and the core decides what it means.
 */
import { createHash } from 'node:crypto';
import type { SendResultEvent } from '@switchboard/shared/connector';
import { driverFor } from '../../channels/drivers.ts';
import { clock } from '../../platform/clock.ts';
import { logger } from '../../platform/logger.ts';
import {
  getQueuedMessage,
  outgoingContext,
  queuedSendRef,
  recipientOf,
  settleQueuedSend,
  type MessageRecord,
} from '../messages/message-sends.service.ts';

export type SendResultKind = 'sent' | 'failed' | 'skipped';

/** What became of an attempt that held the claim. */
export type AttemptOutcome = { sent: true; ack: number; channelMessageId?: string } | { sent: false; error: string };

/** The digest of the body an attempt read, to tell afterwards whether the message was edited while it was out. */
export const bodyDigest = (body: string): string => createHash('sha256').update(body).digest('base64url');

/**
 * Settles the claim made at `claimedAt` on `claimed` (the message as the attempt read it) with `outcome`. A message
 * edited or deleted while it was being sent left the customer's copy to us: the change follows the send.
 */
export const settleAttempt = async (
  claimed: MessageRecord,
  claimedAt: string,
  contactId: number,
  outcome: AttemptOutcome,
  sentDigest: string,
): Promise<SendResultKind> => {
  const to = await recipientOf(claimed, contactId);
  const updatedAt = clock().now().toISOString();
  if (!outcome.sent) {
    await settleQueuedSend(claimed, claimedAt, { sendState: 'failed', error: outcome.error, updatedAt }, to);
    return 'failed';
  }
  const settled = await settleQueuedSend(
    claimed,
    claimedAt,
    // a receipt may have come first (its id was known from an echo): the ack never goes back
    {
      sendState: 'sent',
      ack: Math.max(outcome.ack, claimed.ack),
      channelMessageId: outcome.channelMessageId,
      error: null,
      updatedAt,
    },
    to,
  );
  if (!settled) {
    logger.error('send went out after its claim was taken over', { messageId: claimed.id });
    return 'sent';
  }
  if ((settled.record.isDeleted || bodyDigest(settled.record.body) !== sentDigest) && to.ticket && to.contact) {
    await driverFor(to.ticket.channel)
      .update(settled.message, outgoingContext(to.ticket, to.contact))
      .catch((error: unknown) =>
        logger.warn('change after send not delivered', { messageId: claimed.id, error: error as Error }),
      );
  }
  return 'sent';
};

/**
 * Settles a send the WhatsApp connector made, as its `sendResult` event tells. A redelivered result finds the send
 * settled and changes nothing; a result for a claim judged abandoned meanwhile (stored as failed) is only logged.
 */
export const applySendResult = async (event: SendResultEvent): Promise<'updated' | 'ignored'> => {
  const ref = queuedSendRef(event.companyId, event.messageId);
  const current = ref ? await getQueuedMessage(ref) : undefined;
  if (!current || current.sendState !== 'sending' || current.sendAttemptAt !== event.claimedAt) {
    if (current && event.outcome === 'sent' && current.sendAttemptAt === event.claimedAt && current.sendState === 'failed')
      logger.error('send went out after its claim was taken over', { messageId: current.id });
    return 'ignored';
  }
  const outcome: AttemptOutcome =
    event.outcome === 'sent'
      ? { sent: true, ack: event.ack ?? 1, channelMessageId: event.channelMessageId }
      : { sent: false, error: event.error ?? 'ERR_SENDING_WAPP_MSG' };
  await settleAttempt(current, event.claimedAt, event.contactId, outcome, event.bodyDigest);
  return 'updated';
};
