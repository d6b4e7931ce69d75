/**
 * The outcome of a send the WhatsApp connector made over its sockets, reported as a `sendResult` event on
 * `inbound.fifo`: the inbound consumer settles it there (send-outcomes.service.ts), so the connector, which only the
 * facade lets into the core, writes no outcome of its own. Only the connector reaches this file.
 */
import { inboundDeduplicationId, inboundGroupId, type SendResultEvent } from '@switchboard/shared/connector';
import { clock } from '../../platform/clock.ts';
import { queue } from '../../platform/ports/ports.ts';
import type { ClaimedAttempt } from './outbound.service.ts';
import type { AttemptOutcome } from './send-outcomes.service.ts';

export const reportThroughInbound = async (attempt: ClaimedAttempt, outcome: AttemptOutcome): Promise<void> => {
  const { claimed, claimedAt, channel, context, digest } = attempt;
  const event: SendResultEvent = {
    kind: 'sendResult',
    companyId: claimed.companyId,
    connectionId: context.connectionId,
    channel,
    contact: { identity: context.identity, isGroup: false },
    at: clock().now().toISOString(),
    messageId: claimed.id,
    claimedAt,
    contactId: context.contactId,
    bodyDigest: digest,
    ...(outcome.sent
      ? { outcome: 'sent', ack: outcome.ack, channelMessageId: outcome.channelMessageId }
      : { outcome: 'failed', error: outcome.error }),
  };
  await queue().send('inbound.fifo', {
    body: JSON.stringify(event),
    groupId: inboundGroupId(event),
    deduplicationId: inboundDeduplicationId(event),
  });
};
