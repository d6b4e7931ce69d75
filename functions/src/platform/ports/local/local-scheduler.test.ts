import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestTable } from '../../../../../test/table.ts';
import { logger } from '../../logger.ts';
import type { OutgoingMessage, Queue, QueueName } from '../queue.ts';
import { InvalidScheduleError } from '../scheduled-job.ts';
import { LocalQueue, LocalQueueEngine } from './local-queue.ts';
import { LocalScheduler } from './local-scheduler.ts';
import { deleteSchedule, getSchedule, listSchedules, putSchedule } from './schedules.repository.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inMs = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  await useTestTable();
});

let engine: LocalQueueEngine;
let delivered: { body: unknown; at: number }[];
const schedulers: LocalScheduler[] = [];

const newScheduler = (options: { queue?: Queue; pageSize?: number } = {}): LocalScheduler => {
  const scheduler = new LocalScheduler({
    queue: options.queue ?? new LocalQueue(engine),
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
  });
  schedulers.push(scheduler);
  return scheduler;
};

/** Waits until `n` payloads reached the jobs consumer (or fails after `ms`). */
const waitForDeliveries = async (n: number, ms = 5000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (delivered.length < n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} deliveries, got ${delivered.length}`);
    await sleep(10);
  }
};

beforeEach(async () => {
  for await (const page of listSchedules()) for (const s of page) await deleteSchedule(s.name);
  delivered = [];
  engine = new LocalQueueEngine();
  engine.consume('jobs', async (event) => {
    for (const record of event.Records) delivered.push({ body: JSON.parse(record.body), at: Date.now() });
  });
});

afterEach(async () => {
  for (const s of schedulers.splice(0)) await s.stop();
  await engine.stop();
  vi.restoreAllMocks();
});

describe('LocalScheduler', () => {
  it('sends the payload to the jobs queue when the time comes and forgets the schedule', async () => {
    const scheduler = newScheduler();
    const at = inMs(400);
    await scheduler.schedule({ name: 'campaign#1', at, payload: { type: 'campaign.start', companyId: 1, campaignId: 7 } });
    expect(await getSchedule('campaign#1')).toMatchObject({
      name: 'campaign#1',
      at,
      payload: { type: 'campaign.start', companyId: 1, campaignId: 7 },
    });

    await sleep(50);
    expect(delivered).toEqual([]);
    await waitForDeliveries(1);
    expect(delivered[0]!.body).toEqual({ type: 'campaign.start', companyId: 1, campaignId: 7 });
    expect(delivered[0]!.at).toBeGreaterThanOrEqual(at.getTime());
    await scheduler.stop();
    expect(await getSchedule('campaign#1')).toBeUndefined();
    expect(scheduler.armedSchedules()).toEqual([]);
  });

  it('stores the schedule item with its time as ISO text', async () => {
    const scheduler = newScheduler();
    const at = new Date('2099-01-02T03:04:05.678Z');
    await scheduler.schedule({ name: 'far', at, payload: { type: 'x' } });
    const pages = [];
    for await (const page of listSchedules()) pages.push(...page);
    expect(pages).toEqual([expect.objectContaining({ name: 'far', at, payload: { type: 'x' } })]);
    expect(scheduler.armedSchedules()).toEqual([{ name: 'far', at }]);
  });

  it('re-arms the stored schedules when a new instance starts, across query pages', async () => {
    const before = newScheduler();
    for (let i = 0; i < 5; i += 1)
      await before.schedule({ name: `s${i}`, at: inMs(1000 + i * 20), payload: { type: 'job', n: i } });
    await before.stop();

    const after = newScheduler({ pageSize: 2 });
    await after.start();
    expect(after.armedSchedules().map((s) => s.name)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    await waitForDeliveries(5);
    expect(delivered.map((d) => (d.body as { n: number }).n).sort()).toEqual([0, 1, 2, 3, 4]);
    await after.stop();
    const left = [];
    for await (const page of listSchedules()) left.push(...page);
    expect(left).toEqual([]);
  });

  it('fires schedules that came due while the runtime was down as soon as it starts', async () => {
    await putSchedule({ name: 'overdue', at: new Date(Date.now() - 60 * 60 * 1000), payload: { type: 'late' }, version: 'v1' });
    const scheduler = newScheduler();
    const startedAt = Date.now();
    await scheduler.start();
    await waitForDeliveries(1);
    expect(delivered[0]!.body).toEqual({ type: 'late' });
    expect(delivered[0]!.at - startedAt).toBeLessThan(1000);
  });

  it('replaces a schedule that is scheduled again under the same name', async () => {
    const scheduler = newScheduler();
    const started = Date.now();
    await scheduler.schedule({ name: 'reminder', at: inMs(300), payload: { type: 'r', v: 1 } });
    await scheduler.schedule({ name: 'reminder', at: inMs(500), payload: { type: 'r', v: 2 } });
    await sleep(400 - (Date.now() - started));
    expect(delivered).toEqual([]);
    await waitForDeliveries(1);
    await sleep(150);
    expect(delivered.map((d) => d.body)).toEqual([{ type: 'r', v: 2 }]);
  });

  it('delivers nothing for a cancelled schedule, and cancelling an unknown name is fine', async () => {
    const scheduler = newScheduler();
    await scheduler.schedule({ name: 'msg#9', at: inMs(300), payload: { type: 'scheduled-message.send' } });
    await scheduler.cancel('msg#9');
    await scheduler.cancel('never-existed');
    await sleep(400);
    expect(delivered).toEqual([]);
    expect(await getSchedule('msg#9')).toBeUndefined();
  });

  it('keeps a newer version stored while an older one was firing, and arms it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const inner = new LocalQueue(engine);
    const gated: Queue = {
      send: async (queue: QueueName, message: OutgoingMessage) => {
        await gate;
        return inner.send(queue, message);
      },
      changeVisibility: async () => undefined,
    };
    const firing = newScheduler({ queue: gated });
    await firing.schedule({ name: 'race', at: inMs(0), payload: { type: 'r', v: 1 } });
    await sleep(50);

    // another writer replaces the schedule while v1 is being sent
    const laterAt = inMs(60_000);
    await putSchedule({ name: 'race', at: laterAt, payload: { type: 'r', v: 2 }, version: 'v2' });
    release();
    await waitForDeliveries(1);
    await vi.waitFor(() => expect(firing.armedSchedules()).toEqual([{ name: 'race', at: laterAt }]));

    expect(delivered.map((d) => d.body)).toEqual([{ type: 'r', v: 1 }]);
    expect(await getSchedule('race')).toMatchObject({ version: 'v2', payload: { type: 'r', v: 2 } });
  });

  it('sends again later when the queue refuses a due payload', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let refusals = 1;
    const inner = new LocalQueue(engine);
    const flaky: Queue = {
      send: async (queue, message) => {
        if (refusals-- > 0) throw new Error('queue unavailable');
        return inner.send(queue, message);
      },
      changeVisibility: async () => undefined,
    };
    const scheduler = new LocalScheduler({ queue: flaky, retryDelayMs: 50 });
    schedulers.push(scheduler);
    await scheduler.schedule({ name: 'retry', at: inMs(0), payload: { type: 'r' } });
    await waitForDeliveries(1);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('retrying'), expect.objectContaining({ name: 'retry' }));
    await scheduler.stop();
    expect(await getSchedule('retry')).toBeUndefined();
  });

  it('rejects a schedule without a name, with an invalid date or a payload too large for a message', async () => {
    const scheduler = newScheduler();
    await expect(scheduler.schedule({ name: '', at: inMs(1000), payload: {} })).rejects.toThrow(InvalidScheduleError);
    await expect(scheduler.schedule({ name: 'x', at: new Date(Number.NaN), payload: {} })).rejects.toThrow(/valid Date/);
    await expect(scheduler.schedule({ name: 'x', at: inMs(1000), payload: { big: 'x'.repeat(300 * 1024) } })).rejects.toThrow(
      /bytes/,
    );
  });

  it('clears its timers on stop while keeping the schedules stored', async () => {
    // counted on the scheduler itself: the process-wide timer count also moves with the SDK's own sockets
    const scheduler = newScheduler();
    await scheduler.schedule({ name: 'next-month', at: inMs(40 * 24 * 60 * 60 * 1000), payload: { type: 'x' } });
    expect(scheduler.armedSchedules().map((s) => s.name)).toContain('next-month');
    await scheduler.stop();
    expect(scheduler.armedSchedules()).toEqual([]);
    expect(await getSchedule('next-month')).toBeDefined();
  });
});
