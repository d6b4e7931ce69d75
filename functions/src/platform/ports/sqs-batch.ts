/**
 * Runs an SQS batch record by record and answers with partial batch failures, so one bad record is retried
 * (and finally dead-lettered) alone instead of dragging its whole batch along.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../logger.ts';

export type SqsRecordHandler = (record: SQSRecord) => Promise<void>;

export interface ProcessSqsBatchOptions {
  /** reports a failed record; by default it is logged as an error with its message id */
  onFailure?: (record: SQSRecord, error: unknown) => void;
}

const logFailure = (record: SQSRecord, error: unknown): void => {
  logger.error('SQS record failed', { messageId: record.messageId, queue: record.eventSourceARN, error });
};

const isFifoRecord = (record: SQSRecord): boolean => record.eventSourceARN.endsWith('.fifo');

/**
 * Standard queues: records run concurrently and each failure is reported alone.
 * FIFO queues: records of one group run in order; after the first failure the rest of that group is reported
 * unprocessed, because deleting a later message would let it overtake the failed one.
 */
export const processSqsBatch = async (
  event: SQSEvent,
  handle: SqsRecordHandler,
  options: ProcessSqsBatchOptions = {},
): Promise<SQSBatchResponse> => {
  const onFailure = options.onFailure ?? logFailure;
  const failed = new Set<string>();
  const run = async (record: SQSRecord): Promise<boolean> => {
    try {
      await handle(record);
      return true;
    } catch (error) {
      onFailure(record, error);
      failed.add(record.messageId);
      return false;
    }
  };

  const groups = new Map<string, SQSRecord[]>();
  const unordered: SQSRecord[] = [];
  for (const record of event.Records) {
    const group = record.attributes.MessageGroupId;
    if (isFifoRecord(record) && group !== undefined) {
      const list = groups.get(group) ?? [];
      list.push(record);
      groups.set(group, list);
    } else {
      unordered.push(record);
    }
  }

  const runGroup = async (records: SQSRecord[]): Promise<void> => {
    for (const [index, record] of records.entries()) {
      if (!(await run(record))) {
        for (const rest of records.slice(index + 1)) failed.add(rest.messageId);
        return;
      }
    }
  };

  await Promise.all([...unordered.map(run), ...[...groups.values()].map(runGroup)]);
  // keep the batch's order in the answer, which makes logs and tests easy to read
  return {
    batchItemFailures: event.Records.filter((r) => failed.has(r.messageId)).map((r) => ({ itemIdentifier: r.messageId })),
  };
};
