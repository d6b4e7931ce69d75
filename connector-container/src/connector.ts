/**
 * The connector in one process: the session manager and the consumers of `connector-commands` and
 * `connector-outbound.fifo` as SQS handlers, which hand the core's work (whatsapp-connector.facade.ts) this task's
 * sessions to send, edit and look numbers up over. The Fargate entry (main.ts) feeds them from SQS long polling;
 * the local runtime from its in-process queues.
 *
 * Command routing: a command for a session another live task holds is handed back to the queue, visible again in
 * COMMAND_RETRY_SECONDS, so a later receive reaches the holder (or finds the lease free and takes the session here).
 * A send whose session does not run here answers ChannelUnavailable and the sender's retry window applies (the
 * same rule as a session that is down), so with several tasks it is retried until it reaches the holder. An edit
 * or a delete of a message whose session does not run here goes back on the queue, delayed, within the same window.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sessionCommand } from '@switchboard/shared/connector';
import { runCoreCommand, SendDeferred, sendOverSessions } from '../../functions/src/facades/whatsapp-connector.facade.ts';
import { logger } from '../../functions/src/platform/logger.ts';
import { queue } from '../../functions/src/platform/ports/ports.ts';
import { processSqsBatch } from '../../functions/src/platform/ports/sqs-batch.ts';
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
  await manager.start();

  const commands = (event: SQSEvent) =>
    processSqsBatch(
      event,
      async (record) => {
        try {
          const body: unknown = JSON.parse(record.body);
          if (await runCoreCommand(body, manager)) return;
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
        await sendOverSessions(
          record.body,
          {
            receiveCount: Number(record.attributes.ApproximateReceiveCount),
            receiptHandle: record.receiptHandle,
            queue: 'connector-outbound.fifo',
          },
          manager,
        );
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
    stop: (stopOptions) => manager.stop(stopOptions),
  };
};
