/**
 * The Queue port in AWS: SendMessage to the queue URL of each logical name. URLs come from the function's
 * environment; a function is given only the URLs of the queues it sends to, so a missing one fails on use.
 */
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { checkOutgoingMessage, checkVisibilityTimeout, fifoDeduplicationId } from '../outgoing-message.ts';
import { isFifo, type OutgoingMessage, type Queue, type QueueName } from '../queue.ts';

export const queueUrlVariables = {
  'inbound.fifo': 'QUEUE_URL_INBOUND',
  'outbound.fifo': 'QUEUE_URL_OUTBOUND',
  'connector-outbound.fifo': 'QUEUE_URL_CONNECTOR_OUTBOUND',
  jobs: 'QUEUE_URL_JOBS',
  'connector-commands': 'QUEUE_URL_CONNECTOR_COMMANDS',
} as const satisfies Record<QueueName, string>;

const urlEnv = z.object({
  QUEUE_URL_INBOUND: z.url().optional(),
  QUEUE_URL_OUTBOUND: z.url().optional(),
  QUEUE_URL_CONNECTOR_OUTBOUND: z.url().optional(),
  QUEUE_URL_JOBS: z.url().optional(),
  QUEUE_URL_CONNECTOR_COMMANDS: z.url().optional(),
});

/** Reads the queue URLs present in `env`; a present but malformed one fails with its variable name. */
export const queueUrlsFromEnv = (env: NodeJS.ProcessEnv = process.env): Partial<Record<QueueName, string>> => {
  const parsed = urlEnv.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const urls: Partial<Record<QueueName, string>> = {};
  for (const [queue, variable] of Object.entries(queueUrlVariables) as [QueueName, keyof typeof parsed.data][]) {
    const url = parsed.data[variable];
    if (url) urls[queue] = url;
  }
  return urls;
};

export interface SqsQueueOptions {
  client?: SQSClient;
  /** queue URLs by logical name; read from the environment when omitted */
  urls?: Partial<Record<QueueName, string>>;
}

export class SqsQueue implements Queue {
  private readonly client: SQSClient;
  private urls: Partial<Record<QueueName, string>> | undefined;

  constructor(options: SqsQueueOptions = {}) {
    this.client = options.client ?? new SQSClient({});
    this.urls = options.urls;
  }

  async send(queue: QueueName, message: OutgoingMessage): Promise<{ messageId: string }> {
    checkOutgoingMessage(queue, message);
    const fifo = isFifo(queue);
    const out = await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.urlOf(queue),
        MessageBody: message.body,
        // on standard queues a group id makes SQS share throughput fairly between groups (fair queues)
        ...(message.groupId !== undefined ? { MessageGroupId: message.groupId } : {}),
        ...(fifo ? { MessageDeduplicationId: fifoDeduplicationId(message) } : {}),
        ...(!fifo && message.delaySeconds !== undefined ? { DelaySeconds: message.delaySeconds } : {}),
      }),
    );
    if (!out.MessageId) throw new Error(`SQS answered SendMessage to ${queue} without a MessageId`);
    return { messageId: out.MessageId };
  }

  async changeVisibility(queue: QueueName, receiptHandle: string, timeoutSeconds: number): Promise<void> {
    checkVisibilityTimeout(queue, timeoutSeconds);
    await this.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.urlOf(queue),
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: timeoutSeconds,
      }),
    );
  }

  private urlOf(queue: QueueName): string {
    this.urls ??= queueUrlsFromEnv();
    const url = this.urls[queue];
    if (!url) throw new Error(`No URL for queue ${queue}: set ${queueUrlVariables[queue]} in this function's environment`);
    return url;
  }
}
