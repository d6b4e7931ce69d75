/**
 * The website chat channel's public side: the widget's settings, visitors (a contact per visitor, with a signed
 * visitor token), their messages (put on the inbound queue like every channel's events) and their conversation.
 */
import type { VisitorMessage, visitorMessageBody } from '@switchboard/shared/contracts/webchat';
import type { z } from 'zod';
import { inboundDeduplicationId, inboundGroupId } from '@switchboard/shared/connector';
import { signVisitorToken, verifyVisitorToken, type VisitorClaims } from '../../platform/auth/visitor-tokens.ts';
import { issueSocketTicket } from '../../platform/realtime/socket-tickets.ts';
import { clock, ids } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyMediaKey, companyMediaPrefix } from '../../platform/ports/media-keys.ts';
import { queue } from '../../platform/ports/ports.ts';
import { toVisitorMessage, webchatDriver } from '../../channels/webchat/webchat.driver.ts';
import { countAttempt } from '../auth/auth.service.ts';
import { isOutOfHours, localDay, withinVacation } from '@switchboard/shared/weekly-hours';
import { findCompany, timeZoneOf } from '../tenancy/company-lookup.service.ts';
import { companySchedulesOf } from '../companies/company-schedules.service.ts';
import { findWebchatByWidgetKey, type ConnectionRecord } from '../connections/connections.service.ts';
import { findOrCreateContactByIdentity } from '../contacts/contact-identity.service.ts';
import { mediaTypeOf } from '../messages/message-delivery.service.ts';
import { conversationForVisitor, presentForVisitor } from '../messages/messages.service.ts';
import { contactTickets } from '../tickets/ticket-lists.service.ts';

const CONVERSATION_PAGE = 100;

type VisitorMessageBody = z.output<typeof visitorMessageBody>;

/**
 * Whether the company is attending now by the hours the conversation engine applies (the company's or this
 * connection's schedule, and a collective vacation): the widget makes no promise of a quick answer when it is not.
 * Queue hours are known only once a queue is chosen, so they do not close the widget.
 */
const attendingNow = async (connection: ConnectionRecord, settings: Record<string, string>): Promise<boolean> => {
  const zone = timeZoneOf(settings);
  const at = clock().now();
  if (withinVacation(connection.collectiveVacationStart, connection.collectiveVacationEnd, localDay(at, zone))) return false;
  if (settings.scheduleType === 'company') return !isOutOfHours(await companySchedulesOf(connection.companyId), at, zone);
  if (settings.scheduleType === 'connection') return !isOutOfHours(connection.schedules ?? [], at, zone);
  return true;
};

export const widgetConfig = async (token: string) => {
  const connection = await findWebchatByWidgetKey(token);
  const company = await findCompany(connection.companyId);
  const settings = (company?.settings ?? {}) as Record<string, string>;
  return {
    companyName: company?.name ?? '',
    color: connection.color,
    greeting: connection.greetingMessage,
    open: await attendingNow(connection, settings),
  };
};

export const createVisitor = async (token: string, body: { name: string; email?: string; phone?: string }, sourceIp: string) => {
  const connection = await findWebchatByWidgetKey(token);
  await countAttempt({ kind: 'ip', value: `webchat:${sourceIp}` }, config().WEBCHAT_VISITORS_PER_ADDRESS);
  const visitorId = ids.ulid();
  const { contact } = await findOrCreateContactByIdentity(connection.companyId, {
    channel: 'webchat',
    identity: visitorId,
    name: body.name,
    email: body.email || undefined,
    phone: body.phone || undefined,
    connectionId: connection.id,
  });
  const visitorToken = await signVisitorToken({
    companyId: connection.companyId,
    connectionId: connection.id,
    contactId: contact.id,
    visitorId,
  });
  return { visitorToken, visitorId, name: contact.name };
};

/** The visitor behind a request: a valid visitor token of this very web chat, else 401. */
export const visitorOf = async (connection: ConnectionRecord, authorization: string | undefined): Promise<VisitorClaims> => {
  const token = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  const claims = token ? await verifyVisitorToken(token) : undefined;
  if (!claims || claims.companyId !== connection.companyId || claims.connectionId !== connection.id)
    throw new AppError('ERR_SESSION_EXPIRED');
  return claims;
};

/** A one-time ticket for the visitor's socket (`/ws?ticket=`), for a valid visitor token of this web chat. */
export const issueVisitorSocketTicket = async (token: string, authorization: string | undefined) => {
  const connection = await findWebchatByWidgetKey(token);
  return issueSocketTicket({ kind: 'visitor', claims: await visitorOf(connection, authorization) });
};

/** A visitor's files sit in a folder of their own contact: a visitor token reaches no other conversation's files. */
const visitorMediaFolder = (visitor: VisitorClaims) => `w${visitor.contactId}`;

/** Every request a visitor makes counts against the visitor, the address and the widget as a whole. */
const countVisitorRequest = (connection: ConnectionRecord, visitor: VisitorClaims, sourceIp: string) =>
  Promise.all([
    countAttempt({ kind: 'ip', value: `visitor:${visitor.visitorId}` }, config().WEBCHAT_MESSAGES_PER_VISITOR),
    countAttempt({ kind: 'ip', value: `webchat-messages:${sourceIp}` }, config().WEBCHAT_MESSAGES_PER_ADDRESS),
    countAttempt(
      { kind: 'ip', value: `webchat-connection:${connection.companyId}:${connection.id}` },
      config().WEBCHAT_MESSAGES_PER_CONNECTION,
    ),
  ]);

/** Where the visitor puts a file (type, name and size were checked as an agent's upload is). */
export const visitorUploadUrl = async (
  token: string,
  authorization: string | undefined,
  file: { name: string; mimeType: string; size: number },
  sourceIp: string,
) => {
  const connection = await findWebchatByWidgetKey(token);
  const visitor = await visitorOf(connection, authorization);
  await countVisitorRequest(connection, visitor, sourceIp);
  const key = companyMediaKey(connection.companyId, visitorMediaFolder(visitor), file.name);
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  return { key, uploadUrl: target.url, headers: target.headers };
};

/** The visitor's uploaded file behind a send: one of their own uploads, and there, else 400 on the key. */
const visitorMedia = async (
  connection: ConnectionRecord,
  visitor: VisitorClaims,
  media: NonNullable<VisitorMessageBody['media']>,
) => {
  const own = media.key.startsWith(`${companyMediaPrefix(connection.companyId)}${visitorMediaFolder(visitor)}/`);
  const size = own ? await blobStore().size(media.key) : undefined;
  if (size === undefined)
    throw new AppError('ERR_VALIDATION', 'Unknown upload', { fields: [{ path: 'body.media.key', message: 'Unknown upload' }] });
  return { key: media.key, name: media.name, mimeType: media.mimeType, size };
};

export const sendVisitorMessage = async (
  token: string,
  authorization: string | undefined,
  body: VisitorMessageBody,
  sourceIp: string,
): Promise<VisitorMessage> => {
  const connection = await findWebchatByWidgetKey(token);
  const visitor = await visitorOf(connection, authorization);
  // a visitor, an address (many visitors made from one machine) and the widget as a whole each have a ceiling
  await countVisitorRequest(connection, visitor, sourceIp);
  const media = body.media ? await visitorMedia(connection, visitor, body.media) : undefined;
  const mediaType = media ? mediaTypeOf(media.mimeType) : 'chat';
  // a blocked contact's messages are dropped by the inbound pipeline, as for every channel
  const at = clock().now().toISOString();
  const [event] = webchatDriver.parseInbound({
    connection: { companyId: connection.companyId, connectionId: connection.id },
    payload: {
      visitorId: visitor.visitorId,
      body: body.body,
      clientMessageId: body.clientMessageId,
      choice: body.choice,
      media,
      mediaType,
    },
    receivedAt: at,
  });
  if (event?.kind !== 'message') throw new AppError('ERR_VALIDATION');
  await queue().send('inbound.fifo', {
    body: JSON.stringify(event),
    groupId: inboundGroupId(event),
    deduplicationId: inboundDeduplicationId(event),
  });
  return {
    id: event.channelMessageId,
    body: body.body,
    fromVisitor: true,
    mediaType,
    mediaUrl: media ? await blobStore().downloadUrl(media.key) : null,
    isDeleted: false,
    createdAt: at,
  };
};

export const visitorConversation = async (token: string, authorization: string | undefined) => {
  const connection = await findWebchatByWidgetKey(token);
  const visitor = await visitorOf(connection, authorization);
  const [latest] = await contactTickets(connection.companyId, visitor.contactId, 1);
  if (!latest) return { messages: [], answered: false };
  const records = await conversationForVisitor(latest, CONVERSATION_PAGE);
  const messages = await Promise.all(records.map(async (r) => toVisitorMessage(await presentForVisitor(r))));
  return { messages, answered: records.some((r) => r.fromMe) };
};
