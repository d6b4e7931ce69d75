/** An agent's changes to messages: edits within 15 minutes by the sender, deletes of one's own messages, forwarding. */
import type { Message } from '@switchboard/shared/contracts/messages';
import { driverFor } from '../../channels/drivers.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { findConnection } from '../connections/connections.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { requireVisibleTicket, type TicketRecord } from '../tickets/tickets.service.ts';
import { loadQuoted, outgoingContext, recordMessageChange, reachedChannel, toMessage } from './message-presentation.ts';
import { requireServiceWindow } from './service-window.ts';
import { parseMessageId } from './message.entity.ts';
import { deleteMessageRecord, getMessageRecord, updateMessageRecord } from './messages.repository.ts';
import { deliver } from './message-delivery.service.ts';

const now = () => clock().now().toISOString();

/** Spec document 1 section 4: the sender may edit within 15 minutes. */
export const EDIT_WINDOW_MS = 900_000;

const ownMessage = async (auth: AuthContext, id: string, ticketId?: number) => {
  const ref = parseMessageId(id);
  if (!ref || (ticketId !== undefined && ref.ticketId !== ticketId)) throw new AppError('ERR_NOT_FOUND');
  const t = await requireVisibleTicket(auth, ref.ticketId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'ERR_NO_TICKET_FOUND' ? new AppError('ERR_NOT_FOUND') : error;
  });
  const m = await getMessageRecord(auth.companyId, ref.ticketId, ref.ulid);
  if (!m) throw new AppError('ERR_NOT_FOUND');
  if (!m.fromMe || m.userId !== auth.userId)
    throw new AppError('ERR_NO_PERMISSION', 'Only the agent who sent a message may change it');
  return { t, m, ref };
};

/**
 * A signed message (`*Name:*` and a line break before the text) stays signed when its text is edited: the new
 * text gets the signature the original had, unless it already carries it.
 */
export const keepSignature = (original: string, edited: string, senderName: string): string => {
  const signature = `*${senderName}:*\n`;
  return original.startsWith(signature) && !edited.startsWith(signature) ? `${signature}${edited}` : edited;
};

export const editMessage = async (auth: AuthContext, messageId: string, ticketId: number, body: string): Promise<Message> => {
  const { t, m, ref } = await ownMessage(auth, messageId, ticketId);
  if (m.isDeleted) throw new AppError('ERR_NO_PERMISSION', 'The message was deleted');
  if (clock().now().getTime() - Date.parse(m.createdAt) > EDIT_WINDOW_MS)
    throw new AppError('ERR_NO_PERMISSION', 'The 15-minute edit window has passed');
  const updated = await updateMessageRecord(auth.companyId, ref.ticketId, ref.ulid, {
    body: keepSignature(m.body, body, auth.user.name),
    isEdited: true,
    updatedAt: now(),
  });
  if (!updated) throw new AppError('ERR_NOT_FOUND');
  const message = await toMessage(updated, await loadQuoted(auth.companyId, updated));
  const contact = await getContact(auth.companyId, t.contactId);
  // decided on the message as written: a send settling at this moment either saw the edit or left it to us
  if (!m.isPrivate && contact && reachedChannel(updated))
    await driverFor(t.channel)
      .update(message, outgoingContext(t, contact))
      .catch(() => undefined);
  await recordMessageChange(t, message, contact, 'update');
  return message;
};

export const deleteMessage = async (auth: AuthContext, id: string): Promise<Message> => {
  const { t, m, ref } = await ownMessage(auth, id);
  const contact = await getContact(auth.companyId, t.contactId);
  if (m.isPrivate) {
    await deleteMessageRecord(auth.companyId, ref.ticketId, ref.ulid);
    const message = await toMessage({ ...m, isDeleted: true });
    await recordMessageChange(t, message, contact, 'delete');
    return message;
  }
  const updated = await updateMessageRecord(auth.companyId, ref.ticketId, ref.ulid, { isDeleted: true, updatedAt: now() });
  if (!updated) throw new AppError('ERR_NOT_FOUND');
  const message = await toMessage(updated);
  // a send not made yet is dropped by its consumer; one being made is taken back by it once it went out
  if (contact && reachedChannel(updated))
    await driverFor(t.channel)
      .update(message, outgoingContext(t, contact))
      .catch((error: unknown) => {
        throw new AppError('ERR_DELETE_WAPP_MSG', (error as Error).message);
      });
  await recordMessageChange(t, message, contact, 'update');
  return message;
};

/** Forwards one message to a contact, through that contact's running ticket on the same connection, or a new one. */
export const forwardMessage = async (
  auth: AuthContext,
  body: { messageId: string; contactId: number },
  openTicketFor: (auth: AuthContext, contactId: number, connectionId: number, queueId: number | null) => Promise<TicketRecord>,
): Promise<Message> => {
  const ref = parseMessageId(body.messageId);
  if (!ref) throw new AppError('ERR_NOT_FOUND');
  const source = await requireVisibleTicket(auth, ref.ticketId);
  const m = await getMessageRecord(auth.companyId, ref.ticketId, ref.ulid);
  if (!m || m.isDeleted || m.isPrivate) throw new AppError('ERR_NOT_FOUND');
  const contact = await getContact(auth.companyId, body.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const connection = await findConnection(auth.companyId, source.whatsappId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  const target = await openTicketFor(auth, contact.id, connection.id, source.queueId);
  requireServiceWindow(target);
  return deliver(target, contact, {
    body: m.body,
    mediaType: m.mediaType,
    mediaKey: m.mediaUrl,
    mediaName: m.mediaName,
    isPrivate: false,
    isForwarded: true,
    quotedMsgId: null,
    userId: auth.userId,
    ...(m.isVoiceNote ? { isVoiceNote: true } : {}),
  });
};
