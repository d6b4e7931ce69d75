/**
 * The Queue port: SQS in AWS, an in-process engine with SQS semantics locally.
 * Names are the logical queue names; the AWS adapter maps them to queue URLs from the environment.
 */
export const queueNames = ['inbound.fifo', 'outbound.fifo', 'connector-outbound.fifo', 'jobs', 'connector-commands'] as const;
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
  /**
   * Hides a received message for `timeoutSeconds` from now (0..43200), by the receipt handle of its delivery: a
   * consumer that reports the message failed afterwards gets it back then, not after the queue's timeout.
   */
  changeVisibility(queue: QueueName, receiptHandle: string, timeoutSeconds: number): Promise<void>;
}

/**
 * Delivery of `outbound.fifo`, the same in AWS and in the local runtime. The visibility timeout is twice the
 * function timeout: a consumer never outlives it, so a send claimed longer ago than this was abandoned. The
 * receive limit leaves room for the retries of an unavailable channel (outbound.service.ts), which back off
 * through visibility changes and each count as a receive.
 */
export const outboundDelivery = { visibilityTimeoutSeconds: 60, maxReceiveCount: 15 } as const;
