import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { testEnv } from '../../../../test/table.ts';
import { resetConfig } from '../../platform/config.ts';
import { logger } from '../../platform/logger.ts';
import { LocalQueue, LocalQueueEngine } from '../../platform/ports/local/local-queue.ts';
import { resetPorts, setLocalPorts } from '../../platform/ports/ports.ts';
import type { ScheduledJob } from '../../platform/ports/scheduler.ts';
import { handler } from '../../entries/jobs.lambda.ts';
import { createJobsHandler } from './jobs.function.ts';
import {
  cancelScheduledJob,
  enqueueJob,
  JobRegistry,
  registerJob,
  jobRegistry,
  scheduleJob,
  type JobContext,
} from './jobs.service.ts';

let seq = 0;
const record = (body: string, receiveCount = 1): SQSRecord => {
  seq += 1;
  return {
    messageId: `msg-${seq}`,
    receiptHandle: `rh-${seq}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '1900000000000',
      SenderId: 'AIDA',
      ApproximateFirstReceiveTimestamp: '1900000000001',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:sb-jobs',
    awsRegion: 'us-east-1',
  };
};
const eventOf = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

const saved = { ...process.env };
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  resetConfig();
  resetPorts();
});

/** A registry with two job types that record what they ran. */
const testRegistry = () => {
  const registry = new JobRegistry();
  const ran: { job: unknown; context: JobContext }[] = [];
  registry.register('test.greet', z.object({ companyId: z.number().int(), name: z.string().min(1) }), async (job, context) => {
    ran.push({ job, context });
  });
  registry.register('test.explode', z.object({ reason: z.string() }), async (job) => {
    throw new Error(job.reason);
  });
  return { registry, ran };
};

describe('jobs handler', () => {
  it('runs a valid job with its typed fields and delivery context', async () => {
    const { registry, ran } = testRegistry();
    const r = record('{"type":"test.greet","companyId":3,"name":"Ana"}', 2);
    const response = await createJobsHandler(registry)(eventOf(r));

    expect(response).toEqual({ batchItemFailures: [] });
    expect(ran).toEqual([
      {
        job: { type: 'test.greet', companyId: 3, name: 'Ana' },
        context: { messageId: r.messageId, receiveCount: 2, sentAt: new Date(1900000000000) },
      },
    ]);
  });

  it('reports bodies that break their schema or are not JSON objects, and logs why', async () => {
    const { registry, ran } = testRegistry();
    const invalid = record('{"type":"test.greet","companyId":"three","name":""}');
    const notJson = record('not json');
    const notObject = record('[1,2]');
    const response = await createJobsHandler(registry)(eventOf(invalid, notJson, notObject));

    expect(response.batchItemFailures).toEqual([
      { itemIdentifier: invalid.messageId },
      { itemIdentifier: notJson.messageId },
      { itemIdentifier: notObject.messageId },
    ]);
    expect(ran).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      'Invalid job body on the jobs queue',
      expect.objectContaining({
        messageId: invalid.messageId,
        issues: expect.arrayContaining([
          expect.objectContaining({ path: 'companyId' }),
          expect.objectContaining({ path: 'name' }),
        ]),
      }),
    );
    expect(errors).toHaveBeenCalledWith(
      'Invalid job body on the jobs queue',
      expect.objectContaining({ messageId: notJson.messageId, reason: 'Job body is not JSON' }),
    );
  });

  it('reports and logs unknown or missing job types instead of dropping them', async () => {
    const { registry } = testRegistry();
    const unknown = record('{"type":"campaign.nope"}');
    const untyped = record('{"companyId":1}');
    const response = await createJobsHandler(registry)(eventOf(unknown, untyped));

    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([unknown.messageId, untyped.messageId]);
    expect(errors).toHaveBeenCalledWith(
      'Unknown job type on the jobs queue',
      expect.objectContaining({ messageId: unknown.messageId, jobType: 'campaign.nope' }),
    );
    expect(errors).toHaveBeenCalledWith(
      'Unknown job type on the jobs queue',
      expect.objectContaining({ messageId: untyped.messageId, jobType: undefined }),
    );
  });

  it('reports only the failing jobs of a batch', async () => {
    const { registry, ran } = testRegistry();
    const ok1 = record('{"type":"test.greet","companyId":1,"name":"a"}');
    const boom = record('{"type":"test.explode","reason":"provider down"}');
    const ok2 = record('{"type":"test.greet","companyId":1,"name":"b"}');
    const response = await createJobsHandler(registry)(eventOf(ok1, boom, ok2));

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: boom.messageId }]);
    expect(ran.map((r) => (r.job as { name: string }).name).sort()).toEqual(['a', 'b']);
    expect(errors).toHaveBeenCalledWith(
      'Job failed',
      expect.objectContaining({ messageId: boom.messageId, error: expect.objectContaining({ message: 'provider down' }) }),
    );
  });

  it('treats every job as unknown while no type is registered', async () => {
    const response = await createJobsHandler(new JobRegistry())(eventOf(record('{"type":"anything"}')));
    expect(response.batchItemFailures).toHaveLength(1);
  });

  it('dispatches through the shared registry that modules fill with registerJob', async () => {
    const seen: unknown[] = [];
    registerJob('test.shared', z.object({ n: z.number() }), async (job) => {
      seen.push(job);
    });
    try {
      expect(jobRegistry.types()).toContain('test.shared');
      expect(() => registerJob('test.shared', z.object({}), async () => undefined)).toThrow(/already registered/);
      const response = await handler(eventOf(record('{"type":"test.shared","n":5}')));
      expect(response).toEqual({ batchItemFailures: [] });
      expect(seen).toEqual([{ type: 'test.shared', n: 5 }]);
    } finally {
      jobRegistry.unregister('test.shared');
    }
  });
});

describe('jobs on the local queue', () => {
  it('runs enqueued jobs, and dead-letters an unknown job after its retries', async () => {
    Object.assign(process.env, testEnv('http://127.0.0.1:9', 'table'));
    resetConfig();
    const engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 10, maxReceiveCount: 3 } } });
    setLocalPorts({ queue: new LocalQueue(engine) });
    const { registry, ran } = testRegistry();
    engine.consume('jobs', createJobsHandler(registry));
    try {
      await enqueueJob({ type: 'test.greet', companyId: 9, name: 'now' });
      await enqueueJob({ type: 'test.unknown' });
      await engine.drain();

      expect(ran.map((r) => r.job)).toEqual([{ type: 'test.greet', companyId: 9, name: 'now' }]);
      expect(engine.dlqMessages('jobs')).toEqual([expect.objectContaining({ body: '{"type":"test.unknown"}', receiveCount: 3 })]);
    } finally {
      await engine.stop();
    }
  });

  it('passes a delay to the queue and schedules later jobs through the scheduler', async () => {
    Object.assign(process.env, testEnv('http://127.0.0.1:9', 'table'));
    resetConfig();
    const sent: unknown[] = [];
    const scheduled: ScheduledJob[] = [];
    const cancelled: string[] = [];
    setLocalPorts({
      queue: {
        send: async (queue, message) => {
          sent.push({ queue, message });
          return { messageId: 'm1' };
        },
        changeVisibility: async () => undefined,
      },
      scheduler: {
        schedule: async (job) => {
          scheduled.push(job);
        },
        cancel: async (name) => {
          cancelled.push(name);
        },
      },
    });
    const at = new Date('2031-01-01T10:00:00Z');
    await enqueueJob({ type: 'flow.interval', step: 2 }, { delaySeconds: 120 });
    await scheduleJob('scheduled-message-5', at, { type: 'scheduled-message.send', id: 5 });
    await cancelScheduledJob('scheduled-message-5');

    expect(sent).toEqual([{ queue: 'jobs', message: { body: '{"type":"flow.interval","step":2}', delaySeconds: 120 } }]);
    expect(scheduled).toEqual([{ name: 'scheduled-message-5', at, payload: { type: 'scheduled-message.send', id: 5 } }]);
    expect(cancelled).toEqual(['scheduled-message-5']);
  });
});
