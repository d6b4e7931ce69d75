/**
 * Consumer of `inbound.fifo`: one conversation (MessageGroupId = connection + contact) in order; a failed event
 * is retried with the rest of its group behind it, and unprocessable bodies end in the DLQ.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../platform/logger.ts';
import { queue } from '../../platform/ports/ports.ts';
import { processSqsBatch } from '../../platform/ports/sqs-batch.ts';
import { InboundNotReady, parseInboundEvent, processInboundEvent } from './inbound.service.ts';

/** A receipt that overtook its send comes back this soon, while receives are left before the DLQ's limit (5). */
const NOT_READY_DELAY_S = 2;
const LAST_WAITING_RECEIVE = 3;

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(
    event,
    async (record) => {
      try {
        await processInboundEvent(parseInboundEvent(record.body), {
          mayWait: Number(record.attributes.ApproximateReceiveCount) <= LAST_WAITING_RECEIVE,
        });
      } catch (error) {
        if (error instanceof InboundNotReady) {
          await queue()
            .changeVisibility('inbound.fifo', record.receiptHandle, NOT_READY_DELAY_S)
            .catch((e: unknown) => logger.warn('visibility of a waiting receipt not changed', { error: e as Error }));
        }
        throw error;
      }
    },
    {
      onFailure: (record, error) =>
        error instanceof InboundNotReady
          ? logger.info('inbound receipt waits for its send', {
              messageId: record.messageId,
              receiveCount: record.attributes.ApproximateReceiveCount,
            })
          : logger.error('inbound event failed', {
              messageId: record.messageId,
              receiveCount: record.attributes.ApproximateReceiveCount,
              error: error as Error,
            }),
    },
  );
