/**
 * How stored messages are shown to callers (media links, the quoted message), and the domain events of their
 * changes (listeners push them live to the agents who may see their ticket). Shared by the messages service and
 * the outbound consumer's side of it (message-sends.service.ts).
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import type { OutgoingContext } from '../../channels/channel-driver.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { toTicket, type TicketRecord } from '../tickets/tickets.service.ts';
import { parseMessageId, type MessageRecord } from './message.entity.ts';
import { getMessageRecord } from './messages.repository.ts';

const resolveMediaUrl = async (r: MessageRecord): Promise<string | null> =>
  r.mediaUrl && !r.isDeleted ? blobStore().downloadUrl(r.mediaUrl) : null;

export const toMessage = async (r: MessageRecord, quoted?: MessageRecord): Promise<Message> => {
  const {
    companyId: _c,
    ulid: _u,
    connectionId: _k,
    channelMessageId: _w,
    quotedMsgId: _q,
    sendState: _s,
    sendAttemptAt: _a,
    campaignSend: _cs,
    ...rest
  } = r;
  return {
    ...rest,
    mediaUrl: await resolveMediaUrl(r),
    quotedMsg: quoted
      ? {
          id: quoted.id,
          body: quoted.isDeleted ? '' : quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          isDeleted: quoted.isDeleted,
        }
      : null,
  };
};

export const loadQuoted = async (companyId: number, r: MessageRecord): Promise<MessageRecord | undefined> => {
  const ref = r.quotedMsgId ? parseMessageId(r.quotedMsgId) : undefined;
  return ref ? getMessageRecord(companyId, ref.ticketId, ref.ulid) : undefined;
};

/** A stored message as callers see it, with the message it quotes. */
export const presentMessage = async (r: MessageRecord): Promise<Message> => toMessage(r, await loadQuoted(r.companyId, r));

/**
 * Whether the customer's side has a message, so that an edit or a delete must reach it too. A send still queued
 * or being made carries the change itself (outbound consumer); one that failed never arrived.
 */
export const reachedChannel = (m: MessageRecord): boolean =>
  m.sendState === undefined ? m.fromMe && m.ack > 0 : m.sendState === 'sent';

type MessageChangeName = 'message.received' | 'message.sent' | 'message.updated' | 'message.deleted';

const names: Record<'update' | 'delete', MessageChangeName> = { update: 'message.updated', delete: 'message.deleted' };

/**
 * Records that a message was stored (`create`: received from the customer, or sent by our side), changed or
 * deleted; listeners tell the agents who may see its ticket.
 */
export const recordMessageChange = async (
  t: TicketRecord,
  message: Message,
  contact: Contact | undefined,
  action: 'create' | 'update' | 'delete',
): Promise<void> => {
  await domainEvents.emit({
    name: action === 'create' ? (message.fromMe ? 'message.sent' : 'message.received') : names[action],
    companyId: t.companyId,
    message,
    ticket: toTicket(t, contact),
    contact: contact ? { id: contact.id, name: contact.name, urlPicture: contact.urlPicture } : null,
  });
};

/** Who a send goes to, as the channel drivers address them. */
export const outgoingContext = (t: TicketRecord, contact: Contact): OutgoingContext => ({
  companyId: t.companyId,
  connectionId: t.whatsappId,
  contactId: contact.id,
  identity: contact.number,
});
