/**
 * Runs in the connector, which holds the WhatsApp sockets: carries an agent's edit or delete of a message
 * (a `changeMessage` command, put on `connector-commands` by the WhatsApp driver) over the session that sent it.
 *
 * The command carries ids only and the stored message decides what goes out: of several edits the latest text, and
 * nothing for an edit once the message is deleted (the queue is not ordered). A session that is down, or held by
 * another task, is waited for the way a send waits for it (SEND_RETRY_WINDOW_MS from the change): the command goes
 * back on the queue with a delay, reaching whichever task holds the session then. Past the window the change stays
 * ours, as on channels that cannot edit or delete.
 */
import { messageChangeCommand, type MessageChangeCommand } from '@switchboard/shared/connector';
import { ChannelUnavailable } from '../../channels/channel-driver.ts';
import type { WhatsappSessions } from '../../channels/whatsapp/whatsapp-sessions.port.ts';
import { clock } from '../../platform/clock.ts';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { findStoredMessage, presentMessage } from '../messages/message-sends.service.ts';
import { SEND_RETRY_WINDOW_MS } from './outbound.service.ts';

/** How long a change waits before it is tried again on an unavailable session. */
export const CHANGE_RETRY_SECONDS = 5;

/** Whether a `connector-commands` body is a message change (the connector routes it here). */
export const parseMessageChange = (body: unknown): MessageChangeCommand | undefined => {
  const parsed = messageChangeCommand.safeParse(body);
  return parsed.success ? parsed.data : undefined;
};

export const changeMessageOverSession = async (command: MessageChangeCommand, sessions: WhatsappSessions): Promise<void> => {
  const record = await findStoredMessage(command.companyId, command.messageId);
  // gone, or deleted since this edit was asked: a later delete command carries what counts
  if (!record || (command.change === 'edit' && record.isDeleted)) return;
  const contact = await getContact(command.companyId, command.contactId);
  if (!contact) return;
  const message = await presentMessage(record);
  const to = {
    companyId: command.companyId,
    connectionId: command.connectionId,
    contactId: contact.id,
    identity: contact.number,
  };
  try {
    await sessions.update(message, to);
  } catch (error) {
    if (!(error instanceof ChannelUnavailable)) throw error;
    if (clock().now().getTime() - Date.parse(command.at) >= SEND_RETRY_WINDOW_MS) {
      logger.warn('message change not carried to WhatsApp: the session stayed unavailable', {
        messageId: command.messageId,
        change: command.change,
      });
      return;
    }
    await queue().send('connector-commands', { body: JSON.stringify(command), delaySeconds: CHANGE_RETRY_SECONDS });
  }
};
