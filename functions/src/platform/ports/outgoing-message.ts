/**
 * SQS's rules for a message, checked before either adapter sends it, so a message the real queue would refuse
 * fails the same way in the local runtime and in tests instead of first failing in AWS.
 */
import { randomUUID } from 'node:crypto';
import { isFifo, type OutgoingMessage, type QueueName } from './queue.ts';

/** SQS's classic maximum message size; events are meant to be small (ids and a summary). */
export const MAX_BODY_BYTES = 256 * 1024;
export const MAX_DELAY_SECONDS = 900;
/** SQS's longest visibility timeout. */
export const MAX_VISIBILITY_SECONDS = 43_200;
/** Deduplication window of FIFO queues. */
export const DEDUPLICATION_WINDOW_MS = 5 * 60 * 1000;

/** Group and deduplication ids: 1..128 characters of printable ASCII without spaces, as SQS requires. */
const SQS_ID = /^[\x21-\x7e]{1,128}$/;

export class InvalidQueueMessageError extends Error {
  constructor(queue: QueueName, reason: string) {
    super(`Message for queue ${queue} rejected: ${reason}`);
    this.name = 'InvalidQueueMessageError';
  }
}

export const checkOutgoingMessage = (queue: QueueName, message: OutgoingMessage): void => {
  const fail = (reason: string): never => {
    throw new InvalidQueueMessageError(queue, reason);
  };
  if (typeof message.body !== 'string' || message.body.length === 0) fail('body must be a non-empty string');
  if (Buffer.byteLength(message.body, 'utf8') > MAX_BODY_BYTES) fail(`body exceeds ${MAX_BODY_BYTES} bytes`);
  if (message.groupId !== undefined && !SQS_ID.test(message.groupId)) {
    fail('groupId must be 1..128 printable ASCII characters without spaces');
  }
  if (message.deduplicationId !== undefined && !SQS_ID.test(message.deduplicationId)) {
    fail('deduplicationId must be 1..128 printable ASCII characters without spaces');
  }
  if (isFifo(queue)) {
    if (message.groupId === undefined) fail('FIFO queues need a groupId');
    // FIFO queues cannot delay single messages; SQS answers InvalidParameterValue
    if (message.delaySeconds !== undefined && message.delaySeconds !== 0) fail('FIFO queues do not accept delaySeconds');
  } else {
    if (message.deduplicationId !== undefined) fail('deduplicationId applies to FIFO queues only');
    const delay = message.delaySeconds;
    if (delay !== undefined && (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS)) {
      fail(`delaySeconds must be an integer from 0 to ${MAX_DELAY_SECONDS}`);
    }
  }
};

/**
 * The deduplication id used on FIFO queues when the caller gives none: a fresh one, so nothing is dropped.
 * Content-based deduplication would silently drop a contact's repeated identical text within 5 minutes.
 */
export const fifoDeduplicationId = (message: OutgoingMessage): string => message.deduplicationId ?? randomUUID();

export const checkVisibilityTimeout = (queue: QueueName, timeoutSeconds: number): void => {
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 0 || timeoutSeconds > MAX_VISIBILITY_SECONDS) {
    throw new InvalidQueueMessageError(
      queue,
      `a visibility timeout must be an integer from 0 to ${MAX_VISIBILITY_SECONDS} seconds`,
    );
  }
};
