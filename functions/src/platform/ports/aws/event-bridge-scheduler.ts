/**
 * The Scheduler port in AWS: one-time EventBridge Scheduler `at()` schedules that put the payload on the
 * `jobs` queue and delete themselves after running. Scheduling a name again replaces its schedule.
 */
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { clock } from '../../clock.ts';
import type { Queue } from '../queue.ts';
import { scheduledJobBody } from '../scheduled-job.ts';
import type { ScheduledJob, Scheduler } from '../scheduler.ts';
import { SqsQueue } from './sqs-queue.ts';

/**
 * Schedules due sooner than this go straight to the jobs queue with a delay instead: EventBridge Scheduler
 * runs with one-minute precision and does not run a one-time schedule whose time has already passed.
 */
export const DIRECT_SEND_WITHIN_MS = 60_000;

export interface EventBridgeSchedulerSettings {
  groupName: string;
  roleArn: string;
  jobsQueueArn: string;
  /** where EventBridge Scheduler puts a job it could not deliver to the queue, instead of dropping it */
  deadLetterArn?: string;
}

const settingsEnv = z.object({
  SCHEDULER_GROUP: z.string().min(1).default('default'),
  SCHEDULER_ROLE_ARN: z.string().min(1),
  JOBS_QUEUE_ARN: z.string().min(1),
  SCHEDULER_DLQ_ARN: z.string().min(1).optional(),
});

export const schedulerSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): EventBridgeSchedulerSettings => {
  const parsed = settingsEnv.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  return {
    groupName: parsed.data.SCHEDULER_GROUP,
    roleArn: parsed.data.SCHEDULER_ROLE_ARN,
    jobsQueueArn: parsed.data.JOBS_QUEUE_ARN,
    ...(parsed.data.SCHEDULER_DLQ_ARN ? { deadLetterArn: parsed.data.SCHEDULER_DLQ_ARN } : {}),
  };
};

const VALID_NAME = /^[0-9A-Za-z_.-]{1,64}$/;

/**
 * The EventBridge name of a schedule: the name itself when EventBridge accepts it ([0-9a-zA-Z-_.]{1,64}),
 * otherwise a readable prefix plus a hash of the whole name, so the same name always maps to the same schedule.
 */
export const scheduleName = (name: string): string => {
  if (VALID_NAME.test(name)) return name;
  const hash = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 16);
  const readable = name.replace(/[^0-9A-Za-z_.-]+/g, '-').slice(0, 64 - hash.length - 1);
  return `${readable}-${hash}`;
};

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, rounded up to the second so the job never runs before its time. */
export const atExpression = (at: Date): string => {
  const seconds = new Date(Math.ceil(at.getTime() / 1000) * 1000);
  return `at(${seconds.toISOString().slice(0, 19)})`;
};

const errorName = (error: unknown): string | undefined => (error as { name?: string } | null)?.name;

export interface EventBridgeSchedulerOptions {
  client?: SchedulerClient;
  /** read from SCHEDULER_GROUP, SCHEDULER_ROLE_ARN and JOBS_QUEUE_ARN when omitted */
  settings?: EventBridgeSchedulerSettings;
  /** for schedules due within a minute; an SqsQueue over the environment's URLs when omitted */
  queue?: Queue;
}

export class EventBridgeScheduler implements Scheduler {
  private readonly client: SchedulerClient;
  private settings: EventBridgeSchedulerSettings | undefined;
  private queue: Queue | undefined;

  constructor(options: EventBridgeSchedulerOptions = {}) {
    this.client = options.client ?? new SchedulerClient({});
    this.settings = options.settings;
    this.queue = options.queue;
  }

  async schedule(job: ScheduledJob): Promise<void> {
    const body = scheduledJobBody(job);
    const name = scheduleName(job.name);
    const wait = job.at.getTime() - clock().now().getTime();
    if (wait < DIRECT_SEND_WITHIN_MS) {
      // replacing: an earlier schedule of this name must not run as well
      await this.cancel(job.name);
      this.queue ??= new SqsQueue();
      await this.queue.send('jobs', { body, delaySeconds: Math.max(0, Math.ceil(wait / 1000)) });
      return;
    }
    const settings = this.settingsOf();
    const input: CreateScheduleCommandInput = {
      Name: name,
      GroupName: settings.groupName,
      ScheduleExpression: atExpression(job.at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: {
        Arn: settings.jobsQueueArn,
        RoleArn: settings.roleArn,
        Input: body,
        ...(settings.deadLetterArn ? { DeadLetterConfig: { Arn: settings.deadLetterArn } } : {}),
      },
    };
    // the existing schedule may run and delete itself between our create and update, hence the retry
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.client.send(new CreateScheduleCommand(input));
        return;
      } catch (error) {
        if (errorName(error) !== 'ConflictException') throw error;
      }
      try {
        await this.client.send(new UpdateScheduleCommand(input));
        return;
      } catch (error) {
        if (errorName(error) !== 'ResourceNotFoundException' || attempt >= 3) throw error;
      }
    }
  }

  async cancel(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: scheduleName(name), GroupName: this.settingsOf().groupName }));
    } catch (error) {
      if (errorName(error) !== 'ResourceNotFoundException') throw error;
    }
  }

  private settingsOf(): EventBridgeSchedulerSettings {
    this.settings ??= schedulerSettingsFromEnv();
    return this.settings;
  }
}
