/**
 * The connector in one process: the session manager, the `whatsapp` sessions port the channel driver sends
 * through, and the consumers of `connector-commands` and `connector-outbound.fifo` as SQS handlers. The Fargate
 * entry (main.ts) feeds them from SQS long polling; the local runtime from its in-process queues.
 *
 * Command routing: a command for a session another live task holds is handed back to the queue, visible again in
 * COMMAND_RETRY_SECONDS, so a later receive reaches the holder (or finds the lease free and takes the session here).
 * A send whose session does not run here answers ChannelUnavailable and the sender's retry window applies (the
 * same rule as a session that is down), so with several tasks it is retried until it reaches the holder. An edit
 * or a delete of a message whose session does not run here goes back on the queue, delayed, within the same window.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sessionCommand } from '@switchboard/shared/connector';
import { registerWhatsappSessions } from '../../functions/src/channels/whatsapp/whatsapp-sessions.port.ts';
import { parseOutboundSend, SendDeferred, sendQueuedMessage } from '../../functions/src/modules/outbound/outbound.service.ts';
import { logger } from '../../functions/src/platform/logger.ts';
import { queue } from '../../functions/src/platform/ports/ports.ts';
import { processSqsBatch } from '../../functions/src/platform/ports/sqs-batch.ts';
import {
  checkNumbersOverSession,
  parseNumberCheck,
} from '../../functions/src/modules/contact-lists/contact-list-checks.service.ts';
import { changeMessageOverSession, parseMessageChange } from '../../functions/src/modules/outbound/message-changes.service.ts';
import { answerNumberLookup, parseNumberLookup } from '../../functions/src/modules/connections/whatsapp-numbers.service.ts';
import { importKnownChats, parseChatImport } from '../../functions/src/modules/contacts/chat-import.service.ts';
import { createMessageBridge } from './bridge.ts';
import { platformBridgeDeps } from './bridge-deps.ts';
import { CommandElsewhere, SessionManager, type SessionManagerOptions } from './sessions/session-manager.ts';

export const COMMAND_RETRY_SECONDS = 2;

export type ConnectorOptions = Omit<SessionManagerOptions, 'bridge'> & Partial<Pick<SessionManagerOptions, 'bridge'>>;

export interface Connector {
  manager: SessionManager;
  /** consumer of connector-commands */
  commands(event: SQSEvent): Promise<SQSBatchResponse>;
  /** consumer of connector-outbound.fifo (one record per batch, as outbound.fifo's) */
  outbound(event: SQSEvent): Promise<SQSBatchResponse>;
  /** drain: sessions closed without logging out, leases released */
  stop(options?: { release?: boolean }): Promise<void>;
}

export const startConnector = async (options: ConnectorOptions = {}): Promise<Connector> => {
  const manager = new SessionManager({ ...options, bridge: options.bridge ?? createMessageBridge(platformBridgeDeps()) });
  registerWhatsappSessions(manager);
  await manager.start();

  const commands = (event: SQSEvent) =>
    processSqsBatch(
      event,
      async (record) => {
        try {
          const body: unknown = JSON.parse(record.body);
          // contact list number checks travel on the same queue: they need a socket, which only the connector holds
          const check = parseNumberCheck(body);
          if (check) return await checkNumbersOverSession(check);
          // and the lookup of one number a ticket or a send waits for
          const lookup = parseNumberLookup(body);
          if (lookup) return await answerNumberLookup(lookup);
          // so do agents' edits and deletes of WhatsApp messages, which must go out over the session's socket
          const change = parseMessageChange(body);
          if (change) return await changeMessageOverSession(change);
          // an import of the chats a session has seen, whose people become contacts
          const chats = parseChatImport(body);
          if (chats) return void (await importKnownChats(chats));
          await manager.handleCommand(sessionCommand.parse(body));
        } catch (error) {
          if (error instanceof CommandElsewhere) {
            await queue()
              .changeVisibility('connector-commands', record.receiptHandle, COMMAND_RETRY_SECONDS)
              .catch(() => undefined);
          }
          throw error;
        }
      },
      {
        onFailure: (record, error) => {
          if (error instanceof CommandElsewhere)
            logger.debug('session command handed back: held by another task', { messageId: record.messageId });
          else logger.error('session command failed', { messageId: record.messageId, error: error as Error });
        },
      },
    );

  const outbound = (event: SQSEvent) =>
    processSqsBatch(
      event,
      async (record) => {
        await sendQueuedMessage(parseOutboundSend(record.body), {
          receiveCount: Number(record.attributes.ApproximateReceiveCount),
          receiptHandle: record.receiptHandle,
          queue: 'connector-outbound.fifo',
        });
      },
      {
        onFailure: (record, error) => {
          if (error instanceof SendDeferred)
            logger.info('whatsapp send deferred', {
              messageId: record.messageId,
              delaySeconds: error.delaySeconds,
              reason: error.reason,
            });
          else logger.error('whatsapp send failed', { messageId: record.messageId, error: error as Error });
        },
      },
    );

  return {
    manager,
    commands,
    outbound,
    stop: async (stopOptions) => {
      await manager.stop(stopOptions);
      registerWhatsappSessions(undefined);
    },
  };
};
