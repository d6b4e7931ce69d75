/**
 * POST /contacts/import/chats: the people of a WhatsApp QR session's chats become contacts. The connector learns the
 * chats as the session receives them (history sync, new chats) and keeps them per session (known-chats.repository);
 * the route checks the connection and puts an `importChats` command on `connector-commands`, answering at once; the
 * connector creates the missing contacts a page at a time (find-or-create by identity, so a number that has a
 * contact keeps it) and tells the company's admins how many it created.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import { chatImportCommand, type ChatImportCommand } from '@switchboard/shared/connector';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import { listConnectionsOf, requireConnection } from '../connections/connection-lookup.service.ts';
import { findOrCreateContactByIdentity } from './contact-identity.service.ts';
import { putKnownChats, queryKnownChats, type KnownChat } from './known-chats.repository.ts';

/** The most chats one session keeps and one import takes in. */
export const MAX_KNOWN_CHATS = 5_000;
/** Chats read per page of an import, and contacts created at once within it. */
const IMPORT_PAGE = 100;
const IMPORT_CONCURRENCY = 5;

/** The connector records chats of a session as they arrive (people only: phone digits). */
export const rememberChats = (companyId: number, connectionId: number, chats: readonly KnownChat[]): Promise<void> =>
  putKnownChats(companyId, connectionId, chats);

/** The connection an import uses: the one asked for, else the company's default WhatsApp QR connection. */
const importConnection = async (companyId: number, whatsappId: number | undefined) => {
  if (whatsappId !== undefined) return requireConnection(companyId, whatsappId);
  const sessions = (await listConnectionsOf(companyId)).filter((c) => traitsOf(c.channel).qrSession);
  return sessions.find((c) => c.isDefault) ?? sessions.find((c) => c.status === 'CONNECTED') ?? sessions[0];
};

export const startChatImport = async (
  auth: AuthContext,
  whatsappId: number | undefined,
): Promise<{ message: string; whatsappId: number }> => {
  const connection = await importConnection(auth.companyId, whatsappId);
  // only a connected QR session has chats to give (Cloud API, Messenger, Instagram and the web chat keep none)
  if (!connection || !traitsOf(connection.channel).qrSession || connection.status !== 'CONNECTED')
    throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const command: ChatImportCommand = {
    kind: 'importChats',
    companyId: auth.companyId,
    connectionId: connection.id,
    at: clock().now().toISOString(),
  };
  await queue().send('connector-commands', { body: JSON.stringify(command) });
  return { message: 'Importação de conversas iniciada', whatsappId: connection.id };
};

/** Whether a `connector-commands` body is a chat import (the connector routes it here). */
export const parseChatImport = (body: unknown): ChatImportCommand | undefined => {
  const parsed = chatImportCommand.safeParse(body);
  return parsed.success ? parsed.data : undefined;
};

/**
 * Runs in the connector: creates a contact for each known chat of the session that has none, a page at a time, and
 * tells the admins the count. A redelivered command finds the contacts made the first time and creates none again.
 */
export const importKnownChats = async (command: ChatImportCommand): Promise<{ created: number; total: number }> => {
  const { companyId, connectionId } = command;
  let created = 0;
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryKnownChats(companyId, connectionId, Math.min(IMPORT_PAGE, MAX_KNOWN_CHATS - total), start);
    for (let i = 0; i < page.chats.length; i += IMPORT_CONCURRENCY) {
      const outcomes = await Promise.all(
        page.chats.slice(i, i + IMPORT_CONCURRENCY).map((chat) =>
          findOrCreateContactByIdentity(companyId, {
            channel: 'whatsapp',
            identity: chat.identity,
            name: chat.name,
            connectionId,
          }),
        ),
      );
      created += outcomes.filter((o) => o.created).length;
    }
    total += page.chats.length;
    start = page.next;
  } while (start && total < MAX_KNOWN_CHATS);
  logger.info('chats imported as contacts', { companyId, connectionId, created, total });
  await domainEvents.emit({ name: 'contact.chatsImported', companyId, connectionId, created, total });
  return { created, total };
};
