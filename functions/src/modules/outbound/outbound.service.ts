/**
 * The sender behind `outbound.fifo` (and, over the connector's sockets, `connector-outbound.fifo`): takes a recorded
 * send, calls the channel's driver once, and stores what happened on the message (ack and the provider's message id,
 * or a failure), which reaches the agents live; the connector's outcomes are stored by the inbound consumer.
 *
 * Exactly once toward the provider, as far as it can be told: each attempt first claims the message (pending ->
 * sending, with the attempt's time) and only the claim's holder calls the driver. A redelivery finds the message
 * settled, deleted or claimed, and does not send again.
 */
import { outboundSend, type OutboundSend } from '@switchboard/shared/connector';
import type { Channel } from '@switchboard/shared/contracts/connections';
import type { Message } from '@switchboard/shared/contracts/messages';
import {
  ChannelUnavailable,
  CredentialsRejected,
  PermanentSendError,
  type OutgoingContext,
  type SendingConnection,
  type SendResult,
} from '../../channels/channel-driver.ts';
import { driverFor } from '../../channels/drivers.ts';
import { clock } from '../../platform/clock.ts';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import { driverConnection, markCredentialsRejected } from '../connections/graph-connections.service.ts';
import { outboundDelivery } from '../../platform/ports/queue.ts';
import {
  claimQueuedSend,
  findStoredMessage,
  getQueuedMessage,
  outgoingContext,
  presentMessage,
  queuedSendRef,
  recipientOf,
  recordSendDeferred,
  settleQueuedSend,
  type MessageRecord,
} from '../messages/message-sends.service.ts';
import { bodyDigest, settleAttempt, type AttemptOutcome, type SendResultKind } from './send-outcomes.service.ts';

export type { SendResultKind } from './send-outcomes.service.ts';

/** How long a send waits for its channel to come up, from the message's creation; then it fails visibly. */
export const SEND_RETRY_WINDOW_MS = 10 * 60_000;
/** Retries back off from this, doubling up to MAX_RETRY_DELAY_S, so a session back within seconds is used soon. */
const FIRST_RETRY_DELAY_S = 2;
const MAX_RETRY_DELAY_S = 60;

/** The connection a send goes out on, as its channel driver reads it (its settings, the ids of messages it quotes). */
const sendingConnection = (companyId: number, connectionId: number): SendingConnection => ({
  ...driverConnection(companyId, connectionId),
  channelMessageIdOf: async (messageId) => (await findStoredMessage(companyId, messageId))?.channelMessageId ?? undefined,
});

/** One delivery of a queued send, as the queue made it. */
export interface Delivery {
  receiveCount: number;
  receiptHandle: string;
  /** the queue it came from: WhatsApp (Baileys) sends come from connector-outbound.fifo, consumed by the connector */
  queue?: 'outbound.fifo' | 'connector-outbound.fifo';
}

/**
 * What takes the message to the provider instead of the channel's driver: the connector passes its own sessions'
 * send, because only it holds the WhatsApp sockets.
 */
export type ChannelSend = (message: Message, to: OutgoingContext) => Promise<SendResult>;

/** Thrown for bodies that can never be processed; the consumer reports them so they end in the DLQ. */
export class InvalidOutboundSend extends Error {}

/** The send goes back on the queue, to be delivered again in `delaySeconds`; the consumer reports it unprocessed. */
export class SendDeferred extends Error {
  constructor(
    readonly delaySeconds: number,
    readonly reason: string,
  ) {
    super(`send deferred ${delaySeconds} s: ${reason}`);
  }
}

export const parseOutboundSend = (body: string): OutboundSend => {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new InvalidOutboundSend('Malformed JSON');
  }
  const parsed = outboundSend.safeParse(raw);
  if (!parsed.success) throw new InvalidOutboundSend(parsed.error.message);
  return parsed.data;
};

/**
 * Seconds before the next try of a send received `receiveCount` times. Within a retry window (`msLeft`, for an
 * unavailable channel) the last receive the queue allows is kept for the deadline itself, so the receive limit
 * never cuts the window short.
 */
export const retryDelaySeconds = (receiveCount: number, msLeft?: number): number => {
  const backoff = Math.min(FIRST_RETRY_DELAY_S * 2 ** (receiveCount - 1), MAX_RETRY_DELAY_S);
  if (msLeft === undefined) return backoff;
  const untilDeadline = Math.max(1, Math.ceil(msLeft / 1000));
  return receiveCount >= outboundDelivery.maxReceiveCount - 1 ? untilDeadline : Math.min(backoff, untilDeadline);
};

const now = () => clock().now();

/** Hides the message until the next try; if that fails the queue's own timeout applies, which is only later. */
const deferSend = async (delivery: Delivery, delaySeconds: number, reason: string): Promise<never> => {
  await queue()
    .changeVisibility(delivery.queue ?? 'outbound.fifo', delivery.receiptHandle, delaySeconds)
    .catch((error: unknown) => logger.warn('visibility of a deferred send not changed', { error: error as Error }));
  throw new SendDeferred(delaySeconds, reason);
};

/**
 * A send claimed by another attempt. A claim younger than the queue's visibility timeout may still be at work: it
 * is left alone, and this copy comes back soon (by the time the claim has run out at the latest) to find its
 * outcome. An older claim without outcome belongs to an attempt that died while calling the provider, which may
 * or may not have taken the message: it is stored as failed rather than sent again, because we prefer a visible
 * failure to a duplicate.
 */
const settleAbandoned = async (send: OutboundSend, m: MessageRecord, delivery: Delivery): Promise<SendResultKind> => {
  const claimedAt = m.sendAttemptAt ?? m.updatedAt;
  const age = now().getTime() - Date.parse(claimedAt);
  const timeoutMs = outboundDelivery.visibilityTimeoutSeconds * 1000;
  if (age < timeoutMs) {
    if (delivery.receiveCount >= outboundDelivery.maxReceiveCount) return 'skipped';
    return deferSend(
      delivery,
      Math.min(retryDelaySeconds(delivery.receiveCount), Math.ceil((timeoutMs - age) / 1000)),
      'claimed by another attempt',
    );
  }
  logger.warn('send abandoned while calling the channel: stored as failed', { messageId: m.id, claimedAt });
  const settled = await settleQueuedSend(
    m,
    claimedAt,
    { sendState: 'failed', error: 'ERR_SENDING_WAPP_MSG', updatedAt: now().toISOString() },
    await recipientOf(m, send.contactId),
  );
  return settled ? 'failed' : 'skipped';
};

/** An attempt that holds its claim, as the one reporting its outcome elsewhere needs it. */
export interface ClaimedAttempt {
  claimed: MessageRecord;
  claimedAt: string;
  channel: Channel;
  context: OutgoingContext;
  /** the digest of the body the claim read */
  digest: string;
}

/**
 * A send made outside the core's drivers (the connector's sockets): `send` takes the message to the provider and
 * `report` carries the outcome to where it is settled (connector-results.service.ts: the inbound path).
 */
export interface SendElsewhere {
  send: ChannelSend;
  report: (attempt: ClaimedAttempt, outcome: AttemptOutcome) => Promise<void>;
}

/**
 * Sends one queued message, once; a send to try again later throws SendDeferred. Sent `elsewhere` (the connector's
 * sockets), the outcome is reported instead of settled here; the claim is still taken here
 * before the provider is called, and a send to be tried again hands its claim back here before it is deferred, so a
 * redelivery never finds a claim that only a queued event would release.
 */
export const sendQueuedMessage = async (
  send: OutboundSend,
  delivery: Delivery,
  elsewhere?: SendElsewhere,
): Promise<SendResultKind> => {
  const ref = queuedSendRef(send.companyId, send.messageId);
  if (!ref) throw new InvalidOutboundSend(`Not a message id: ${send.messageId}`);
  const claimedAt = now().toISOString();
  const claimed = await claimQueuedSend(ref, claimedAt);
  if (!claimed) {
    const current = await getQueuedMessage(ref);
    // settled already, deleted before its send, or gone
    if (!current || current.isDeleted || current.sendState !== 'sending') return 'skipped';
    return settleAbandoned(send, current, delivery);
  }

  const to = await recipientOf(claimed, send.contactId);
  const digest = bodyDigest(claimed.body);
  const settle = async (outcome: AttemptOutcome): Promise<SendResultKind> => {
    if (!elsewhere || !to.ticket || !to.contact) return settleAttempt(claimed, claimedAt, send.contactId, outcome, digest);
    const context = outgoingContext(to.ticket, to.contact);
    await elsewhere.report({ claimed, claimedAt, channel: to.ticket.channel, context, digest }, outcome);
    return outcome.sent ? 'sent' : 'failed';
  };
  const fail = (code: 'ERR_WAPP_NOT_INITIALIZED' | 'ERR_SENDING_WAPP_MSG', reason?: string): Promise<SendResultKind> =>
    // the provider's reason follows the code, as a failed status of the Cloud API stores it
    settle({ sent: false, error: reason ? `${code}: ${reason}`.slice(0, 500) : code });
  if (!to.ticket || !to.contact) return fail('ERR_SENDING_WAPP_MSG');
  const context = outgoingContext(to.ticket, to.contact);
  const driver = driverFor(to.ticket.channel);

  let result: SendResult;
  try {
    const message = await presentMessage(claimed);
    result = await (elsewhere
      ? elsewhere.send(message, context)
      : driver.send(message, context, sendingConnection(claimed.companyId, context.connectionId)));
  } catch (error) {
    logger.warn('send not made', {
      messageId: claimed.id,
      channel: to.ticket.channel,
      receiveCount: delivery.receiveCount,
      error: error as Error,
    });
    const receivesLeft = outboundDelivery.maxReceiveCount - delivery.receiveCount;
    // the provider's echo named the message meanwhile: it did take it, whatever the failed answer said
    const echoed = await getQueuedMessage(ref);
    if (echoed?.channelMessageId)
      return settle({ sent: true, ack: Math.max(echoed.ack, 1), channelMessageId: echoed.channelMessageId });
    // the driver said the provider did not take it, so the claim is given back for the next try
    const retry = async (delaySeconds: number, reason: string, shown: string) => {
      const pending = await settleQueuedSend(claimed, claimedAt, { sendState: 'pending', updatedAt: now().toISOString() }, to);
      if (pending) await recordSendDeferred(pending, to, shown);
      return deferSend(delivery, delaySeconds, reason);
    };
    if (error instanceof ChannelUnavailable) {
      const msLeft = Date.parse(claimed.createdAt) + SEND_RETRY_WINDOW_MS - now().getTime();
      if (msLeft <= 0 || receivesLeft <= 0) return fail('ERR_WAPP_NOT_INITIALIZED');
      return retry(retryDelaySeconds(delivery.receiveCount, msLeft), 'channel unavailable', 'ERR_WAPP_NOT_INITIALIZED');
    }
    // a refused token stops every send of the connection: it shows DISCONNECTED until an admin gives a new one
    if (error instanceof CredentialsRejected) await markCredentialsRejected(send.companyId, send.connectionId);
    if (error instanceof PermanentSendError) return fail('ERR_SENDING_WAPP_MSG', (error as Error).message || undefined);
    if (receivesLeft <= 0) return fail('ERR_SENDING_WAPP_MSG');
    // the provider's own words go to the log with the retry, not to the tenant's reports
    return retry(retryDelaySeconds(delivery.receiveCount), (error as Error).message, 'ERR_SENDING_WAPP_MSG');
  }
  return settle({ sent: true, ack: result.ack, channelMessageId: result.channelMessageId });
};
