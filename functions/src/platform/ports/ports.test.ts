import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEnv } from '../../../../test/table.ts';
import { resetConfig } from '../config.ts';
import { EventBridgeScheduler } from './aws/event-bridge-scheduler.ts';
import { SqsQueue } from './aws/sqs-queue.ts';
import { queue, resetPorts, scheduler, setLocalPorts } from './ports.ts';
import type { Queue } from './queue.ts';
import type { Scheduler } from './scheduler.ts';

const saved = { ...process.env };

const useRuntime = (runtime: 'aws' | 'local') => {
  Object.assign(process.env, testEnv('http://127.0.0.1:9', 'table'), { RUNTIME: runtime });
  resetConfig();
};

beforeEach(() => {
  resetPorts();
});

afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  resetPorts();
});

describe('ports', () => {
  it('answers the instances registered by the local runtime', () => {
    useRuntime('local');
    const localQueue: Queue = { send: async () => ({ messageId: 'm' }), changeVisibility: async () => undefined };
    const localScheduler: Scheduler = { schedule: async () => undefined, cancel: async () => undefined };
    setLocalPorts({ queue: localQueue, scheduler: localScheduler });
    expect(queue()).toBe(localQueue);
    expect(scheduler()).toBe(localScheduler);
  });

  it('explains what is missing when a local port is used before registration', () => {
    useRuntime('local');
    expect(() => queue()).toThrow(/local queue is not registered.*setLocalPorts/);
    setLocalPorts({ queue: { send: async () => ({ messageId: 'm' }), changeVisibility: async () => undefined } });
    expect(() => scheduler()).toThrow(/local scheduler is not registered/);
  });

  it('creates the AWS adapters once in the aws runtime', () => {
    useRuntime('aws');
    expect(queue()).toBeInstanceOf(SqsQueue);
    expect(queue()).toBe(queue());
    expect(scheduler()).toBeInstanceOf(EventBridgeScheduler);
    expect(scheduler()).toBe(scheduler());
  });
});
