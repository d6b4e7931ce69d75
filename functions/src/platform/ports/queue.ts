/**
 * The Queue port: SQS in AWS, an in-process engine with SQS semantics locally.
 * Names are the logical queue names; the AWS adapter maps them to queue URLs from the environment.
 */
export const queueNames = ['inbound.fifo', 'outbound.fifo', 'jobs', 'connector-commands'] as const;
export type QueueName = (typeof queueNames)[number];

export const isFifo = (name: QueueName): boolean => name.endsWith('.fifo');

export interface OutgoingMessage {
  body: string;
  /** required on FIFO queues: messages of one group are delivered in order, one at a time */
  groupId?: string;
  /** FIFO deduplication id; a repeat within 5 minutes is dropped */
  deduplicationId?: string;
  /** standard queues only, 0..900 seconds */
  delaySeconds?: number;
}

export interface Queue {
  send(queue: QueueName, message: OutgoingMessage): Promise<{ messageId: string }>;
}
