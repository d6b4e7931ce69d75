/**
 * The external messages API (spec document 3 section 7 "External messages API"; server reference 12): a company's
 * system sends a text or files to a number with a connection's token as bearer. The call is checked in the order
 * token, rate limit, company and plan, then its references (user, queue, files); then the contact (created when
 * unknown, once a WhatsApp session confirmed the number, and found by another form of its number: with or without
 * 55 or the ninth digit) and its conversation's ticket are found by the usual rules, and every message is recorded
 * and queued exactly as an agent's reply is, so the outbound path sends it and the inbox shows it live.
 */
import { createHash } from 'node:crypto';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { MediaType } from '@switchboard/shared/contracts/messages';
import type { QueueSummary } from '@switchboard/shared/contracts/queues';
import {
  EXTERNAL_MAX_FILES,
  EXTERNAL_MAX_UPLOAD_BYTES,
  IDEMPOTENCY_KEY_PATTERN,
  type ExternalSendBody,
  type ExternalSendResponse,
} from '@switchboard/shared/contracts/external-api';
import { mediaProblem } from '@switchboard/shared/media-types';
import { oggIfWebmOpus } from '@switchboard/shared/media/webm-opus-to-ogg';
import { hasServiceWindow, insideServiceWindow, serviceWindowEnd } from '@switchboard/shared/service-window';
import { clock } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/http/multipart.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { findConnectionByApiToken, type ConnectionRecord } from '../connections/connections.service.ts';
import { looksNumbersUp, whatsappAccountNumber } from '../connections/whatsapp-numbers.service.ts';
import { findContactIdByNumber, findOrCreateContactByIdentity } from '../contacts/contact-identity.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { deliver } from '../messages/message-delivery.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { ticketForExternalMessage } from '../tickets/ticket-external.service.ts';
import { conversationTicketId } from '../tickets/ticket-routing.service.ts';
import { closeTicketAfterSchedule } from '../tickets/ticket-transitions.service.ts';
import { findTicket, type TicketRecord } from '../tickets/tickets.service.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import { countCall } from './external-api.repository.ts';
import { fingerprintOf, runOnce, type Answer } from '../idempotency/idempotency.service.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';

export interface ExternalSendInput {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: ExternalSendBody;
  files: UploadedFile[];
}

const invalid = (path: string, message: string) =>
  new AppError('ERR_VALIDATION', 'Invalid input', { fields: [{ path, message }] });

// ----- the gate: token, rate, company, plan -----

/** The connection of the bearer token; 403 for a missing or unknown one (server reference 12). */
const connectionOfBearer = async (authorization: string | undefined): Promise<ConnectionRecord> => {
  const token = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] : undefined;
  if (!token) throw new AppError('ERR_INVALID_TOKEN', 'Send the connection token as Authorization: Bearer <token>');
  const connection = await findConnectionByApiToken(token);
  if (!connection) throw new AppError('ERR_INVALID_TOKEN', 'Unknown token');
  return connection;
};

/** Fixed one-minute windows per token: every call counts, and past the limit the caller waits for the next window. */
const admitCall = async (connection: ConnectionRecord): Promise<void> => {
  const nowMs = clock().now().getTime();
  const minute = Math.floor(nowMs / 60_000);
  const windowEnd = (minute + 1) * 60_000;
  const calls = await countCall(connection.companyId, connection.id, minute, Math.floor(windowEnd / 1000) + 60);
  const limit = config().EXTERNAL_API_REQUESTS_PER_MINUTE;
  if (calls > limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - nowMs) / 1000));
    throw new AppError('ERR_RATE_LIMITED', `At most ${limit} calls per minute per token`, {
      details: { retryAfterSeconds, limit },
    });
  }
};

const requireExternalApi = async (companyId: number): Promise<void> => {
  const company = await findCompany(companyId);
  if (!company) throw new AppError('ERR_INVALID_TOKEN', 'Unknown token');
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE');
  const plan = await findPlan(company.planId);
  if (!plan.useExternalApi)
    throw new AppError('ERR_PLAN_FEATURE_DISABLED', "The company's plan does not include the external API");
};

// ----- the call's references -----

interface Resolved {
  user?: { id: number; name: string };
  queue?: QueueSummary;
  files: (UploadedFile & { mediaType: MediaType })[];
}

const mediaTypeOf = (mimeType: string): MediaType => {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'application';
};

const resolveFiles = (files: UploadedFile[]): Resolved['files'] => {
  const unexpected = files.find((f) => f.field !== 'medias');
  if (unexpected) throw invalid(`body.${unexpected.field}`, 'Files go in the medias field');
  if (files.length > EXTERNAL_MAX_FILES) throw invalid('body.medias', `At most ${EXTERNAL_MAX_FILES} files per call`);
  const total = files.reduce((sum, f) => sum + f.data.length, 0);
  if (total > EXTERNAL_MAX_UPLOAD_BYTES)
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The files of one call may hold ${EXTERNAL_MAX_UPLOAD_BYTES} bytes together`);
  return files.map((file, i) => {
    if (file.data.length === 0) throw invalid(`body.medias.${i}`, 'The file is empty');
    const mimeType = file.mimeType.split(';')[0]!.trim().toLowerCase();
    const problem = mediaProblem('message', { name: file.name, mimeType });
    if (problem === 'type') throw invalid(`body.medias.${i}`, 'This type of file is not accepted');
    if (problem === 'extension') throw invalid(`body.medias.${i}`, "The file name's extension does not match its type");
    return { ...file, mimeType, mediaType: mediaTypeOf(mimeType) };
  });
};

const resolveReferences = async (companyId: number, body: ExternalSendBody, files: UploadedFile[]): Promise<Resolved> => {
  if (files.length === 0 && body.body.trim() === '') throw invalid('body.body', 'Required');
  if (body.sendSignature && body.userId === undefined)
    throw invalid('body.sendSignature', 'The signature is the name of the user given in userId');
  const resolved: Resolved = { files: resolveFiles(files) };
  if (body.userId !== undefined) {
    const user = await findUser(companyId, body.userId);
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 'Unknown userId');
    resolved.user = { id: user.id, name: user.name };
  }
  if (body.queueId !== undefined) {
    resolved.queue = await findQueue(companyId, body.queueId);
    if (!resolved.queue) throw invalid('body.queueId', 'Unknown queue');
  }
  return resolved;
};

/**
 * Meta's channels take free-form messages only within 24 hours of the customer's last message: checked on the
 * conversation as it stands, before anything is written, so a refused call leaves no contact or ticket behind.
 */
const requireOpenWindow = async (connection: ConnectionRecord, contactId: number | undefined): Promise<void> => {
  if (!hasServiceWindow(connection.channel)) return;
  const ticketId =
    contactId === undefined ? undefined : await conversationTicketId(connection.companyId, contactId, connection.id);
  const ticket = ticketId === undefined ? undefined : await findTicket(connection.companyId, ticketId);
  const endsAt = serviceWindowEnd(ticket?.lastInboundAt ?? null);
  if (insideServiceWindow(endsAt, clock().now())) return;
  throw new AppError(
    'ERR_OUTSIDE_SERVICE_WINDOW',
    'More than 24 hours since the customer last wrote (or never): only templates can be sent',
    {
      details: { serviceWindowEndsAt: endsAt },
    },
  );
};

// ----- the send -----

/**
 * `existingId`: the contact the number names already (findContactIdByNumber); created when none, under `number` (the
 * number as WhatsApp confirmed it, `confirmed`, or as given).
 */
const send = async (
  connection: ConnectionRecord,
  body: ExternalSendBody,
  target: { existingId: number | undefined; number: string; confirmed: boolean },
  refs: Resolved,
): Promise<ExternalSendResponse> => {
  const { companyId } = connection;
  // a contact deleted in between is created again, as an unknown number is
  const known = target.existingId === undefined ? undefined : await getContact(companyId, target.existingId);
  const contact =
    known ??
    (
      await findOrCreateContactByIdentity(companyId, {
        channel: connection.channel,
        identity: target.number,
        connectionId: connection.id,
        numberConfirmed: target.confirmed,
      })
    ).contact;
  if (!contact.active) throw new AppError('ERR_NO_PERMISSION', 'The contact is blocked');
  const { ticket } = await ticketForExternalMessage(companyId, connection, contact, { user: refs.user, queue: refs.queue });
  const text = body.sendSignature && refs.user ? `*${refs.user.name}:*\n${body.body}` : body.body;
  const userId = refs.user?.id ?? null;
  const messages: ExternalSendResponse['messages'] = [];
  const record = async (draft: { body: string; mediaType: MediaType; mediaKey: string | null; mediaName: string | null }) => {
    const message = await deliver(ticket, contact, { ...draft, isPrivate: false, isForwarded: false, quotedMsgId: null, userId });
    messages.push({ id: message.id, mediaType: message.mediaType, body: message.body });
  };
  if (refs.files.length === 0) await record({ body: text, mediaType: 'chat', mediaKey: null, mediaName: null });
  for (const [i, uploaded] of refs.files.entries()) {
    // a WebM/Opus audio goes (and is kept) as Ogg/Opus, which every channel takes
    const file = oggIfWebmOpus(uploaded);
    const key = companyMediaKey(companyId, `t${ticket.id}`, file.name);
    await blobStore().put(key, file.data, file.mimeType);
    // one message per file; the text is the first file's caption
    await record({ body: i === 0 ? text : '', mediaType: uploaded.mediaType, mediaKey: key, mediaName: file.name });
  }
  const after = body.closeTicket ? await closeAfterSend(ticket, contact) : ticket;
  return {
    status: 'SUCCESS',
    ticketId: ticket.id,
    ticketUuid: ticket.uuid,
    contactId: contact.id,
    ticketStatus: after.status,
    messages,
  };
};

/** closeTicket: the ticket is closed without a farewell once its messages are recorded (they are sent all the same). */
const closeAfterSend = async (ticket: TicketRecord, contact: Contact): Promise<TicketRecord> => {
  try {
    return await closeTicketAfterSchedule(ticket, contact);
  } catch (error) {
    // the messages are recorded and queued: the call succeeded, and a retry must not send them again
    logger.error('external API: ticket not closed after the send', { ticketId: ticket.id, error: error as Error });
    return ticket;
  }
};

/** POST /api/v1/messages/send */
export const sendExternalMessage = async (input: ExternalSendInput): Promise<Answer<ExternalSendResponse>> => {
  const connection = await connectionOfBearer(input.authorization);
  await admitCall(connection);
  await requireExternalApi(connection.companyId);
  if (input.idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(input.idempotencyKey)) {
    throw invalid('headers.idempotency-key', 'Up to 255 visible ASCII characters, without spaces');
  }
  const refs = await resolveReferences(connection.companyId, input.body, input.files);
  if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
  // the number's contact in any of its forms, so that a number the company knows is never made a second contact
  let existingId = await findContactIdByNumber(connection.companyId, connection.channel, input.body.number);
  let target = { number: input.body.number, confirmed: false };
  // a new number is looked up first over a WhatsApp session (ERR_WAPP_* and nothing written when it cannot be sent
  // to), and its contact made under the number WhatsApp knows the account by, unless a contact has that one already
  if (existingId === undefined && looksNumbersUp(connection)) {
    target = { number: await whatsappAccountNumber(connection, input.body.number), confirmed: true };
    if (target.number !== input.body.number)
      existingId = await findContactIdByNumber(connection.companyId, connection.channel, target.number);
  }
  await requireOpenWindow(connection, existingId);
  const fingerprint = fingerprintOf({
    body: input.body,
    files: refs.files.map((f) => ({
      name: f.name,
      mimeType: f.mimeType,
      sha256: createHash('sha256').update(f.data).digest('base64url'),
    })),
  });
  const ref =
    input.idempotencyKey === undefined
      ? undefined
      : { companyId: connection.companyId, scope: String(connection.id), key: input.idempotencyKey };
  return runOnce(ref, fingerprint, async () => ({
    status: 200,
    body: await send(connection, input.body, { existingId, ...target }, refs),
  }));
};
