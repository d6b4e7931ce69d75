import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../logger.ts';
import { LocalQueueEngine } from './local/local-queue.ts';
import { processSqsBatch } from './sqs-batch.ts';

const record = (id: string, body: string, queue: string, group?: string): SQSRecord => ({
  messageId: id,
  receiptHandle: `rh-${id}`,
  body,
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: '0',
    SenderId: 'x',
    ApproximateFirstReceiveTimestamp: '0',
    ...(group ? { MessageGroupId: group } : {}),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: `arn:aws:sqs:us-east-1:123456789012:${queue}`,
  awsRegion: 'us-east-1',
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('processSqsBatch', () => {
  it('reports only the failed records of a standard queue batch and logs them', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const event: SQSEvent = { Records: ['a', 'bad', 'c', 'bad2'].map((b, i) => record(`id${i}`, b, 'jobs')) };
    const handled: string[] = [];
    const response = await processSqsBatch(event, async (r) => {
      if (r.body.startsWith('bad')) throw new Error(`cannot ${r.body}`);
      handled.push(r.body);
    });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'id1' }, { itemIdentifier: 'id3' }] });
    expect(handled.sort()).toEqual(['a', 'c']);
    expect(error).toHaveBeenCalledWith('SQS record failed', expect.objectContaining({ messageId: 'id1' }));
  });

  it('stops a FIFO group at its first failure and reports the rest of that group, other groups go on', async () => {
    const failures: string[] = [];
    const event: SQSEvent = {
      Records: [
        record('a1', 'ok', 'inbound.fifo', 'A'),
        record('a2', 'fail', 'inbound.fifo', 'A'),
        record('b1', 'ok', 'inbound.fifo', 'B'),
        record('a3', 'ok', 'inbound.fifo', 'A'),
        record('b2', 'ok', 'inbound.fifo', 'B'),
      ],
    };
    const handled: string[] = [];
    const response = await processSqsBatch(
      event,
      async (r) => {
        if (r.body === 'fail') throw new Error('no');
        handled.push(r.messageId);
      },
      { onFailure: (r) => failures.push(r.messageId) },
    );
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'a2' }, { itemIdentifier: 'a3' }]);
    expect(handled).toEqual(expect.arrayContaining(['a1', 'b1', 'b2']));
    expect(handled).not.toContain('a3');
    expect(failures).toEqual(['a2']);
  });

  it('keeps a FIFO group in order through retries when used as a local queue consumer', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const engine = new LocalQueueEngine({ queues: { 'inbound.fifo': { visibilityTimeoutMs: 20 } } });
    const order: string[] = [];
    let failOnce = true;
    engine.consume('inbound.fifo', (event) =>
      processSqsBatch(
        event,
        async (r) => {
          if (r.body === '2' && failOnce) {
            failOnce = false;
            throw new Error('transient');
          }
          order.push(r.body);
        },
        { onFailure: () => undefined },
      ),
    );
    for (const body of ['1', '2', '3', '4']) engine.send('inbound.fifo', { body, groupId: 'g' });
    await engine.drain();
    await engine.stop();
    expect(order).toEqual(['1', '2', '3', '4']);
  });
});
