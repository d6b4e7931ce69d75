/**
 * Meta's webhooks. A WhatsApp Cloud API number has its own address, checked with its own app
 * secret and verify token; Messenger and Instagram share the platform app's address (META_APP_SECRET,
 * META_VERIFY_TOKEN), each entry routed to the page's or account's connection by its marker. A post is accepted
 * only with a valid X-Hub-Signature-256 over the exact bytes received; then its events go on `inbound.fifo` (the
 * answer waits for nothing else, so Meta is answered fast) and the inbound pipeline stores them once.
 */
import { inboundDeduplicationId, inboundGroupId, type InboundEvent } from '@switchboard/shared/connector';
import { InvalidInboundPayload } from '../../channels/channel-driver.ts';
import { driverFor } from '../../channels/drivers.ts';
import { metaDeliveryParts } from '../../channels/facebook/messenger.driver.ts';
import { validWebhookSignature, verificationChallenge } from '../../channels/graph/graph-client.ts';
import { clock } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { logger } from '../../platform/logger.ts';
import { metaAppSecret } from '../../platform/meta-app-secret.ts';
import { queue } from '../../platform/ports/ports.ts';
import { findCloudApiByWebhookKey, findGraphAccount } from '../connections/graph-connections.service.ts';

export type VerificationQuery = { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string };

const SIGNATURE_HEADER = 'x-hub-signature-256';

const refuseVerification = () => new AppError('ERR_INVALID_TOKEN', 'Wrong verify token');
const refuseSignature = () => new AppError('ERR_INVALID_SIGNATURE', 'Missing or wrong X-Hub-Signature-256');

const parseJson = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('ERR_VALIDATION', 'Malformed JSON', { fields: [{ path: 'body', message: 'Malformed JSON' }] });
  }
};

/** Queues the events; a failure answers 5xx, so Meta delivers again (the pipeline stores a message once). */
const enqueue = async (events: InboundEvent[]): Promise<void> => {
  for (const event of events) {
    await queue().send('inbound.fifo', {
      body: JSON.stringify(event),
      groupId: inboundGroupId(event),
      deduplicationId: inboundDeduplicationId(event),
    });
  }
};

const invalidPayload = (error: unknown): never => {
  if (error instanceof InvalidInboundPayload)
    throw new AppError('ERR_VALIDATION', 'Not a delivery of this channel', {
      fields: [{ path: 'body', message: error.message }],
    });
  throw error;
};

/** GET /webhooks/whatsapp/{key}: Meta's setup call for one Cloud API number. */
export const verifyCloudApiWebhook = async (key: string, query: VerificationQuery): Promise<string> => {
  const connection = await findCloudApiByWebhookKey(key);
  const challenge = verificationChallenge(query, connection?.graph?.verifyToken);
  if (challenge === undefined) throw refuseVerification();
  return challenge;
};

/** POST /webhooks/whatsapp/{key} */
export const receiveCloudApiWebhook = async (
  key: string,
  raw: Buffer,
  headers: Record<string, string | undefined>,
): Promise<{ ok: true }> => {
  const connection = await findCloudApiByWebhookKey(key);
  // an unknown address and a bad signature look the same from outside
  if (!connection?.graph || !validWebhookSignature(raw, headers[SIGNATURE_HEADER], connection.graph.appSecret))
    throw refuseSignature();
  const payload = parseJson(raw);
  let events: InboundEvent[] = [];
  try {
    events = driverFor('whatsappapi').parseInbound({
      connection: { companyId: connection.companyId, connectionId: connection.id, accountId: connection.graph.phoneNumberId },
      payload,
      receivedAt: clock().now().toISOString(),
    });
  } catch (error) {
    invalidPayload(error);
  }
  await enqueue(events);
  return { ok: true };
};

/** GET /webhooks/meta: the platform app's setup call (Messenger and Instagram). */
export const verifyMetaWebhook = async (query: VerificationQuery): Promise<string> => {
  const challenge = verificationChallenge(query, config().META_VERIFY_TOKEN);
  if (challenge === undefined) throw refuseVerification();
  return challenge;
};

/** POST /webhooks/meta: each entry goes to its page's or account's connection; entries of unknown ones are skipped. */
export const receiveMetaWebhook = async (raw: Buffer, headers: Record<string, string | undefined>): Promise<{ ok: true }> => {
  if (!validWebhookSignature(raw, headers[SIGNATURE_HEADER], await metaAppSecret())) throw refuseSignature();
  const payload = parseJson(raw);
  let parts: ReturnType<typeof metaDeliveryParts> = [];
  try {
    parts = metaDeliveryParts(payload);
  } catch (error) {
    invalidPayload(error);
  }
  const receivedAt = clock().now().toISOString();
  for (const part of parts) {
    const connection = await findGraphAccount(part.channel, part.accountId);
    if (!connection) {
      logger.info('webhook entry for an account not connected here', { channel: part.channel, accountId: part.accountId });
      continue;
    }
    let events: InboundEvent[] = [];
    try {
      events = driverFor(part.channel).parseInbound({
        connection: { companyId: connection.companyId, connectionId: connection.id },
        payload: part.payload,
        receivedAt,
      });
    } catch (error) {
      invalidPayload(error);
    }
    await enqueue(events);
  }
  return { ok: true };
};
