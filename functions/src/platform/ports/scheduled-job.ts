/**
 * What both Scheduler adapters accept, checked the same way so a schedule the AWS one would refuse fails
 * locally and in tests too.
 */
import { MAX_BODY_BYTES } from './outgoing-message.ts';
import type { ScheduledJob } from './scheduler.ts';

export class InvalidScheduleError extends Error {
  constructor(name: string, reason: string) {
    super(`Schedule ${JSON.stringify(name)} rejected: ${reason}`);
    this.name = 'InvalidScheduleError';
  }
}

/** The body the jobs queue will receive; checked here because it must fit in one SQS message. */
export const scheduledJobBody = (job: ScheduledJob): string => {
  const fail = (reason: string): never => {
    throw new InvalidScheduleError(String(job.name), reason);
  };
  if (typeof job.name !== 'string' || job.name.length === 0) fail('name must be a non-empty string');
  // the local adapter keeps the name as a sort key, which DynamoDB caps at 1024 bytes
  if (Buffer.byteLength(job.name, 'utf8') > 1024) fail('name exceeds 1024 bytes');
  if (!(job.at instanceof Date) || Number.isNaN(job.at.getTime())) fail('at must be a valid Date');
  if (job.payload === null || typeof job.payload !== 'object' || Array.isArray(job.payload)) fail('payload must be an object');
  const body = JSON.stringify(job.payload);
  if (Buffer.byteLength(body, 'utf8') > MAX_BODY_BYTES) fail(`payload exceeds ${MAX_BODY_BYTES} bytes as JSON`);
  return body;
};
