/**
 * Consumer of `inbound.fifo`: one conversation (MessageGroupId = connection + contact) in order; a failed event
 * is retried with the rest of its group behind it, and unprocessable bodies end in the DLQ.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../platform/logger.ts';
import { processSqsBatch } from '../../platform/ports/sqs-batch.ts';
import { parseInboundEvent, processInboundEvent } from './inbound.service.ts';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(
    event,
    async (record) => {
      await processInboundEvent(parseInboundEvent(record.body));
    },
    {
      onFailure: (record, error) =>
        logger.error('inbound event failed', { messageId: record.messageId, receiveCount: record.attributes.ApproximateReceiveCount, error: error as Error }),
    },
  );
