import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidQueueMessageError } from '../outgoing-message.ts';
import { queueUrlsFromEnv, SqsQueue } from './sqs-queue.ts';

const urls = {
  'inbound.fifo': 'https://sqs.us-east-1.amazonaws.com/123456789012/sb-inbound.fifo',
  'outbound.fifo': 'https://sqs.us-east-1.amazonaws.com/123456789012/sb-outbound.fifo',
  jobs: 'https://sqs.us-east-1.amazonaws.com/123456789012/sb-jobs',
  'connector-commands': 'https://sqs.us-east-1.amazonaws.com/123456789012/sb-connector-commands',
};

const client = new SQSClient({ region: 'us-east-1' });
const sqs = mockClient(client);

beforeEach(() => {
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'sqs-message-1' });
});

const sentInputs = () => sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input);

describe('SqsQueue', () => {
  it('sends to a FIFO queue with its group and deduplication ids', async () => {
    const queue = new SqsQueue({ client, urls });
    const out = await queue.send('inbound.fifo', { body: '{"e":1}', groupId: 'conn-1:5511999', deduplicationId: 'wamid.ABC' });

    expect(out).toEqual({ messageId: 'sqs-message-1' });
    expect(sentInputs()).toEqual([
      {
        QueueUrl: urls['inbound.fifo'],
        MessageBody: '{"e":1}',
        MessageGroupId: 'conn-1:5511999',
        MessageDeduplicationId: 'wamid.ABC',
      },
    ]);
  });

  it('gives a FIFO message without a deduplication id a fresh one, so repeated texts are not dropped', async () => {
    const queue = new SqsQueue({ client, urls });
    await queue.send('outbound.fifo', { body: 'ok', groupId: 'g' });
    await queue.send('outbound.fifo', { body: 'ok', groupId: 'g' });
    const [first, second] = sentInputs();
    expect(first!.MessageDeduplicationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.MessageDeduplicationId).not.toBe(first!.MessageDeduplicationId);
  });

  it('sends a delay on the standard jobs queue and no deduplication id', async () => {
    const queue = new SqsQueue({ client, urls });
    await queue.send('jobs', { body: '{"type":"flow.interval"}', delaySeconds: 900 });
    await queue.send('connector-commands', { body: '{"command":"restart"}' });
    expect(sentInputs()).toEqual([
      { QueueUrl: urls.jobs, MessageBody: '{"type":"flow.interval"}', DelaySeconds: 900 },
      { QueueUrl: urls['connector-commands'], MessageBody: '{"command":"restart"}' },
    ]);
  });

  it('refuses what SQS would refuse without calling it', async () => {
    const queue = new SqsQueue({ client, urls });
    await expect(queue.send('outbound.fifo', { body: 'x', groupId: 'g', delaySeconds: 10 })).rejects.toThrow(
      InvalidQueueMessageError,
    );
    await expect(queue.send('jobs', { body: 'x', delaySeconds: 901 })).rejects.toThrow(/delaySeconds/);
    await expect(queue.send('inbound.fifo', { body: 'x' })).rejects.toThrow(/groupId/);
    expect(sentInputs()).toEqual([]);
  });

  it('changes the visibility of a received message by its receipt handle', async () => {
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    const queue = new SqsQueue({ client, urls });
    await queue.changeVisibility('outbound.fifo', 'receipt-1', 30);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: urls['outbound.fifo'], ReceiptHandle: 'receipt-1', VisibilityTimeout: 30 },
    ]);
    await expect(queue.changeVisibility('outbound.fifo', 'receipt-1', 43_201)).rejects.toThrow(InvalidQueueMessageError);
  });

  describe('queue URLs from the environment', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it('reads each queue URL from its variable', async () => {
      process.env.QUEUE_URL_JOBS = urls.jobs;
      process.env.QUEUE_URL_INBOUND = urls['inbound.fifo'];
      expect(queueUrlsFromEnv()).toEqual({ jobs: urls.jobs, 'inbound.fifo': urls['inbound.fifo'] });
      await new SqsQueue({ client }).send('jobs', { body: 'x' });
      expect(sentInputs()[0]!.QueueUrl).toBe(urls.jobs);
    });

    it('names the missing variable when a queue has no URL', async () => {
      delete process.env.QUEUE_URL_OUTBOUND;
      await expect(new SqsQueue({ client }).send('outbound.fifo', { body: 'x', groupId: 'g' })).rejects.toThrow(
        /QUEUE_URL_OUTBOUND/,
      );
    });

    it('names a malformed URL variable', () => {
      expect(() => queueUrlsFromEnv({ QUEUE_URL_JOBS: 'not a url' })).toThrow(/QUEUE_URL_JOBS/);
    });
  });
});
