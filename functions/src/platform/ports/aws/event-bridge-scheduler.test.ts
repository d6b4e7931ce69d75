import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../clock.ts';
import type { OutgoingMessage, Queue, QueueName } from '../queue.ts';
import { InvalidScheduleError } from '../scheduled-job.ts';
import { atExpression, EventBridgeScheduler, scheduleName, schedulerSettingsFromEnv } from './event-bridge-scheduler.ts';

const settings = {
  groupName: 'switchboard-prod',
  roleArn: 'arn:aws:iam::123456789012:role/sb-scheduler',
  jobsQueueArn: 'arn:aws:sqs:us-east-1:123456789012:sb-jobs',
  deadLetterArn: 'arn:aws:sqs:us-east-1:123456789012:sb-scheduler-dlq',
};
const NOW = new Date('2030-05-01T12:00:00.000Z');

const client = new SchedulerClient({ region: 'us-east-1' });
const eb = mockClient(client);
let sent: { queue: QueueName; message: OutgoingMessage }[];
const queue: Queue = {
  send: async (q, message) => {
    sent.push({ queue: q, message });
    return { messageId: `m${sent.length}` };
  },
  changeVisibility: async () => undefined,
};

const conflict = () =>
  new ConflictException({ message: 'Schedule already exists', Message: 'Schedule already exists', $metadata: {} });
const notFound = () =>
  new ResourceNotFoundException({ message: 'Schedule not found', Message: 'Schedule not found', $metadata: {} });

beforeEach(() => {
  eb.reset();
  sent = [];
  setClock({ now: () => new Date(NOW) });
});

afterEach(() => {
  resetClock();
});

const scheduler = () => new EventBridgeScheduler({ client, settings, queue });

describe('EventBridgeScheduler', () => {
  it('creates a one-time at() schedule in UTC that targets the jobs queue and deletes itself', async () => {
    eb.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:aws:scheduler:::schedule/x' });
    await scheduler().schedule({
      name: 'campaign-42',
      at: new Date('2030-05-03T08:30:00.000Z'),
      payload: { type: 'campaign.start', companyId: 3, campaignId: 42 },
    });

    expect(eb.commandCalls(CreateScheduleCommand).map((c) => c.args[0].input)).toEqual([
      {
        Name: 'campaign-42',
        GroupName: 'switchboard-prod',
        ScheduleExpression: 'at(2030-05-03T08:30:00)',
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        State: 'ENABLED',
        Target: {
          Arn: settings.jobsQueueArn,
          RoleArn: settings.roleArn,
          Input: '{"type":"campaign.start","companyId":3,"campaignId":42}',
          DeadLetterConfig: { Arn: settings.deadLetterArn },
        },
      },
    ]);
    expect(sent).toEqual([]);
  });

  it('updates the existing schedule when the name is already taken, so scheduling again replaces it', async () => {
    eb.on(CreateScheduleCommand).rejects(conflict());
    eb.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await scheduler().schedule({ name: 'msg-7', at: new Date('2030-06-01T00:00:00Z'), payload: { type: 'r', v: 2 } });

    const update = eb.commandCalls(UpdateScheduleCommand).map((c) => c.args[0].input);
    expect(update).toEqual([
      expect.objectContaining({ Name: 'msg-7', ScheduleExpression: 'at(2030-06-01T00:00:00)', ActionAfterCompletion: 'DELETE' }),
    ]);
    expect(update[0]!.Target?.Input).toBe('{"type":"r","v":2}');
  });

  it('creates again when the existing schedule ran and vanished between create and update', async () => {
    eb.on(CreateScheduleCommand).rejectsOnce(conflict()).resolves({ ScheduleArn: 'arn' });
    eb.on(UpdateScheduleCommand).rejects(notFound());
    await scheduler().schedule({ name: 'msg-8', at: new Date('2030-06-01T00:00:00Z'), payload: { type: 'r' } });
    expect(eb.commandCalls(CreateScheduleCommand)).toHaveLength(2);
    expect(eb.commandCalls(UpdateScheduleCommand)).toHaveLength(1);
  });

  it('passes on other EventBridge errors', async () => {
    eb.on(CreateScheduleCommand).rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    await expect(scheduler().schedule({ name: 'x', at: new Date('2030-06-01T00:00:00Z'), payload: {} })).rejects.toThrow(
      'throttled',
    );
    expect(eb.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('deletes the schedule on cancel and ignores one that does not exist', async () => {
    eb.on(DeleteScheduleCommand).resolvesOnce({}).rejects(notFound());
    await scheduler().cancel('campaign-42');
    await scheduler().cancel('campaign-42');
    expect(eb.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input)).toEqual([
      { Name: 'campaign-42', GroupName: 'switchboard-prod' },
      { Name: 'campaign-42', GroupName: 'switchboard-prod' },
    ]);
  });

  it('passes on a failed delete that is not a missing schedule', async () => {
    eb.on(DeleteScheduleCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    await expect(scheduler().cancel('x')).rejects.toThrow('denied');
  });

  it('sends a job due within a minute straight to the jobs queue with a delay, replacing any schedule', async () => {
    eb.on(DeleteScheduleCommand).resolves({});
    await scheduler().schedule({ name: 'soon', at: new Date(NOW.getTime() + 20_500), payload: { type: 'soon' } });
    await scheduler().schedule({ name: 'late', at: new Date(NOW.getTime() - 3_600_000), payload: { type: 'late' } });

    expect(eb.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    expect(eb.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input.Name)).toEqual(['soon', 'late']);
    expect(sent).toEqual([
      { queue: 'jobs', message: { body: '{"type":"soon"}', delaySeconds: 21 } },
      { queue: 'jobs', message: { body: '{"type":"late"}', delaySeconds: 0 } },
    ]);
  });

  it('rejects an invalid schedule before calling AWS', async () => {
    await expect(scheduler().schedule({ name: '', at: new Date('2030-06-01T00:00:00Z'), payload: {} })).rejects.toThrow(
      InvalidScheduleError,
    );
    expect(eb.calls()).toHaveLength(0);
  });
});

describe('scheduleName', () => {
  it('keeps names EventBridge accepts', () => {
    expect(scheduleName('campaign-42_start.v2')).toBe('campaign-42_start.v2');
    expect(scheduleName('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('maps other names to valid, stable and distinct names of at most 64 characters', () => {
    const names = ['company#3:scheduled-message#17', 'company#3:scheduled-message#18', 'ü', 'a'.repeat(65), 'a'.repeat(66)];
    const mapped = names.map(scheduleName);
    for (const name of mapped) expect(name).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    expect(new Set(mapped).size).toBe(names.length);
    expect(names.map(scheduleName)).toEqual(mapped);
    expect(mapped[0]).toMatch(/^company-3-scheduled-message-17-[0-9a-f]{16}$/);
  });
});

describe('atExpression', () => {
  it('writes UTC seconds and rounds a fraction up so the job never runs early', () => {
    expect(atExpression(new Date('2030-01-02T03:04:05.000Z'))).toBe('at(2030-01-02T03:04:05)');
    expect(atExpression(new Date('2030-01-02T03:04:05.001Z'))).toBe('at(2030-01-02T03:04:06)');
    expect(atExpression(new Date('2030-12-31T23:59:59.500Z'))).toBe('at(2031-01-01T00:00:00)');
  });
});

describe('schedulerSettingsFromEnv', () => {
  it('reads the group, role and jobs queue ARN, defaulting the group', () => {
    expect(schedulerSettingsFromEnv({ SCHEDULER_ROLE_ARN: settings.roleArn, JOBS_QUEUE_ARN: settings.jobsQueueArn })).toEqual({
      groupName: 'default',
      roleArn: settings.roleArn,
      jobsQueueArn: settings.jobsQueueArn,
    });
    expect(
      schedulerSettingsFromEnv({
        SCHEDULER_ROLE_ARN: settings.roleArn,
        JOBS_QUEUE_ARN: settings.jobsQueueArn,
        SCHEDULER_DLQ_ARN: settings.deadLetterArn,
      }).deadLetterArn,
    ).toBe(settings.deadLetterArn);
  });

  it('names the missing variables', () => {
    expect(() => schedulerSettingsFromEnv({})).toThrow(/SCHEDULER_ROLE_ARN.*JOBS_QUEUE_ARN/);
  });
});
