/**
 * The inbound pipeline shared by every channel: a normalised event finds or creates its contact (one per
 * company and channel identity), its ticket (server reference 1.3) and stores the message once, by the channel's
 * message id; acks, edits and deletes update what is stored. A redelivered event changes nothing.
 */
import { inboundEvent, type InboundEvent } from '@switchboard/shared/connector';
import { logger } from '../../platform/logger.ts';
import { findConnection } from '../connections/connections.service.ts';
import { findOrCreateContactByIdentity } from '../contacts/contacts.service.ts';
import { applyAck, applyRemoteDelete, applyRemoteEdit, storeInbound } from '../messages/messages.service.ts';
import { publishTicket, ticketForInbound } from '../tickets/tickets.service.ts';

export type InboundOutcome = 'stored' | 'duplicate' | 'updated' | 'ignored';

/** Thrown for bodies that can never be processed; the consumer reports them so they end in the DLQ. */
export class InvalidInboundEvent extends Error {}

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
    connectionId,
  });

export const processInboundEvent = async (event: InboundEvent): Promise<InboundOutcome> => {
  const connection = await findConnection(event.companyId, event.connectionId);
  if (!connection || connection.channel !== event.channel) {
    logger.warn('inbound event for an unknown connection', { companyId: event.companyId, connectionId: event.connectionId });
    return 'ignored';
  }
  switch (event.kind) {
    case 'ack':
      return (await applyAck(event.companyId, event.connectionId, event.channelMessageId, event.ack)) ? 'updated' : 'ignored';
    case 'edit':
      return (await applyRemoteEdit(event.companyId, event.connectionId, event.channelMessageId, event.body)) ? 'updated' : 'ignored';
    case 'delete':
      return (await applyRemoteDelete(event.companyId, event.connectionId, event.channelMessageId)) ? 'updated' : 'ignored';
    default:
      break;
  }
  const { contact } = await contactOf(event, connection.id);
  if (event.kind === 'contact') return 'updated';
  // messages of blocked contacts are not taken in
  if (!contact.active && !(event.kind === 'message' && event.fromMe)) return 'ignored';

  const { ticket, created, reopened } = await ticketForInbound(event.companyId, connection, contact, event.at);
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
          media: event.media,
          quotedChannelMessageId: event.quotedChannelMessageId,
          at: event.at,
        });
  if (stored.duplicate) return 'duplicate';
  // the message event carries the ticket for lists already; a new or reopened ticket is announced on its own
  if (created || reopened) await publishTicket(stored.ticket, contact, { removed: reopened });
  return 'stored';
};
