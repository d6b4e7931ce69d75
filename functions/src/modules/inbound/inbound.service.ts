/**
 * The inbound pipeline shared by every channel: a normalised event finds or creates its contact (one per
 * company and channel identity), its ticket (server reference 1.3) and stores the message once, by the channel's
 * message id; acks, edits and deletes update what is stored, and the results of the sends the WhatsApp connector
 * made settle them. A redelivered event changes nothing.
 */
import { inboundEvent, type InboundEvent } from '@switchboard/shared/connector';
import { driverFor } from '../../channels/drivers.ts';
import { logger } from '../../platform/logger.ts';
import { findConnection } from '../connections/connections.service.ts';
import { driverConnection } from '../connections/graph-connections.service.ts';
import { findContactIdByIdentity, findOrCreateContactByIdentity } from '../contacts/contact-identity.service.ts';
import {
  applyAck,
  applyRemoteDelete,
  applyRemoteEdit,
  applySendFailure,
  applyWatermark,
  claimEcho,
  hasSendInFlight,
} from '../messages/message-channel-changes.service.ts';
import { isKnownChannelMessage, storeInbound } from '../messages/message-inbound.service.ts';
import { rememberImportedTicket } from '../tickets/imported-tickets.service.ts';
import { conversationTicketId, ticketForInbound } from '../tickets/ticket-routing.service.ts';
import { currentTicket, recordTicketChange } from '../tickets/tickets.service.ts';
import { applySendResult } from '../outbound/send-outcomes.service.ts';
import { answerEndedCall } from './call-reply.ts';
import { fetchInboundMedia } from './inbound-media.ts';

export type InboundOutcome = 'stored' | 'duplicate' | 'updated' | 'ignored';

/** Thrown for bodies that can never be processed; the consumer reports them so they end in the DLQ. */
export class InvalidInboundEvent extends Error {}

/**
 * Thrown for a receipt that overtook the answer of the send it is about (the send is being made): the consumer puts
 * it back for a few seconds, and the conversation's later events wait behind it, in order.
 */
export class InboundNotReady extends Error {}

export const parseInboundEvent = (body: string): InboundEvent => {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new InvalidInboundEvent('Malformed JSON');
  }
  const parsed = inboundEvent.safeParse(raw);
  if (!parsed.success) throw new InvalidInboundEvent(parsed.error.message);
  return parsed.data;
};

const contactOf = (event: InboundEvent, connectionId: number) =>
  findOrCreateContactByIdentity(event.companyId, {
    channel: event.channel,
    identity: event.contact.identity,
    name: event.contact.name,
    email: event.contact.email,
    phone: event.contact.phone,
    urlPicture: event.contact.urlPicture,
    isGroup: event.contact.isGroup,
    lid: event.contact.lid,
    pictureCheckedAt: event.contact.pictureCheckedAt,
    connectionId,
    // the person wrote from this identity: a phone number has an account on the channel
    numberConfirmed: true,
    profile: () =>
      driverFor(event.channel).fetchProfile?.(driverConnection(event.companyId, connectionId), event.contact.identity) ??
      Promise.resolve(undefined),
  });

/** The latest ticket of the event's conversation, without creating a contact or a ticket. */
const conversationOf = async (event: InboundEvent, connectionId: number): Promise<number | undefined> => {
  const contactId = await findContactIdByIdentity(event.companyId, event.channel, event.contact.identity);
  return contactId === undefined ? undefined : conversationTicketId(event.companyId, contactId, connectionId);
};

/** `mayWait`: a receipt that overtook its send may be put back (InboundNotReady); false on its last delivery. */
export const processInboundEvent = async (event: InboundEvent, options: { mayWait?: boolean } = {}): Promise<InboundOutcome> => {
  const connection = await findConnection(event.companyId, event.connectionId);
  if (!connection || connection.channel !== event.channel) {
    logger.warn('inbound event for an unknown connection', { companyId: event.companyId, connectionId: event.connectionId });
    return 'ignored';
  }
  switch (event.kind) {
    case 'ack':
      if (event.error)
        return (await applySendFailure(event.companyId, event.connectionId, event.channelMessageId, event.error))
          ? 'updated'
          : 'ignored';
      if (await applyAck(event.companyId, event.connectionId, event.channelMessageId, event.ack)) return 'updated';
      if (options.mayWait && !(await isKnownChannelMessage(event.companyId, event.connectionId, event.channelMessageId))) {
        const ticketId = await conversationOf(event, connection.id);
        if (ticketId !== undefined && (await hasSendInFlight(event.companyId, ticketId)))
          throw new InboundNotReady(`receipt for ${event.channelMessageId} before its send settled`);
      }
      return 'ignored';
    case 'watermark': {
      const ticketId = await conversationOf(event, connection.id);
      return ticketId !== undefined && (await applyWatermark(event.companyId, ticketId, event.watermark, event.ack)) > 0
        ? 'updated'
        : 'ignored';
    }
    case 'edit':
      return (await applyRemoteEdit(event.companyId, event.connectionId, event.channelMessageId, event.body))
        ? 'updated'
        : 'ignored';
    case 'delete':
      return (await applyRemoteDelete(event.companyId, event.connectionId, event.channelMessageId)) ? 'updated' : 'ignored';
    case 'call':
      return answerEndedCall(event, connection);
    case 'sendResult':
      return applySendResult(event);
    default:
      break;
  }
  // a redelivery, or the echo of a message we sent, is known before any ticket is looked for (or reopened)
  if (event.kind !== 'contact' && (await isKnownChannelMessage(event.companyId, event.connectionId, event.channelMessageId)))
    return 'duplicate';
  // the echo of our send that came before the send's answer: its id goes to our message, never a second message
  if (event.kind === 'message' && event.fromMe && driverFor(event.channel).traits.echoesOwnSends) {
    const ticketId = await conversationOf(event, connection.id);
    if (ticketId !== undefined && (await claimEcho(event.companyId, ticketId, event))) return 'duplicate';
  }
  const imported = event.kind === 'message' && event.imported === true;
  // group conversations are taken in only where the connection allows groups (server reference 1.2, step 3); an
  // import brings old group history only when asked to (importOldMessagesGroups)
  if (event.contact.isGroup && !(imported ? connection.importOldMessagesGroups === true : connection.allowGroup))
    return 'ignored';
  const { contact } = await contactOf(event, connection.id);
  if (event.kind === 'contact') return 'updated';
  // messages of blocked contacts are not taken in
  if (!contact.active && !(event.kind === 'message' && event.fromMe)) return 'ignored';

  // media left at the provider is fetched before the ticket moves, so a failed download retries the whole event
  const media = event.kind === 'message' ? await fetchInboundMedia(event) : undefined;
  const { ticket, created, reopened } = await ticketForInbound(event.companyId, connection, contact, event.at, { imported });
  // a ticket the import created is closed with the others of the import (POST /closedimported)
  if (imported && ticket.imported) await rememberImportedTicket(event.companyId, connection.id, ticket.id);
  const stored =
    event.kind === 'reaction'
      ? await storeInbound(ticket, contact, {
          channelMessageId: event.channelMessageId,
          body: event.emoji,
          fromMe: false,
          mediaType: 'reactionMessage',
          quotedChannelMessageId: event.targetChannelMessageId,
          at: event.at,
        })
      : await storeInbound(ticket, contact, {
          channelMessageId: event.channelMessageId,
          body: event.body,
          fromMe: event.fromMe,
          mediaType: event.mediaType,
          media,
          quotedChannelMessageId: event.quotedChannelMessageId,
          menuChoice: event.menuChoice,
          at: event.at,
          imported,
        });
  if (stored.duplicate) return 'duplicate';
  // the message event carries the ticket for lists already; a new or reopened ticket is announced on its own (an
  // import's tickets are not: the page reads them again when the import reports its end)
  if ((created || reopened) && !imported) {
    // read again: the conversation engine may have answered the message and moved the ticket meanwhile
    const latest = (await currentTicket(event.companyId, stored.ticket.id)) ?? stored.ticket;
    await recordTicketChange(latest, contact, { removed: reopened, name: created ? 'ticket.created' : 'ticket.reopened' });
  }
  return 'stored';
};
