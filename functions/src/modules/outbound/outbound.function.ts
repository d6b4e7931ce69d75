/**
 * Consumer of `outbound.fifo`: each recorded send goes to its channel once. A send put back for later (channel
 * unavailable, an error worth retrying) is reported unprocessed after its visibility was set to the backoff;
 * unprocessable bodies end in the DLQ.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../platform/logger.ts';
import { processSqsBatch } from '../../platform/ports/sqs-batch.ts';
import { parseOutboundSend, SendDeferred, sendQueuedMessage } from './outbound.service.ts';

const reportFailure = (record: SQSRecord, error: unknown): void => {
  const at = { messageId: record.messageId, receiveCount: record.attributes.ApproximateReceiveCount };
  if (error instanceof SendDeferred)
    logger.info('send deferred', { ...at, delaySeconds: error.delaySeconds, reason: error.reason });
  else logger.error('outbound send failed', { ...at, error: error as Error });
};

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(
    event,
    async (record) => {
      await sendQueuedMessage(parseOutboundSend(record.body), {
        receiveCount: Number(record.attributes.ApproximateReceiveCount),
        receiptHandle: record.receiptHandle,
      });
    },
    { onFailure: reportFailure },
  );
