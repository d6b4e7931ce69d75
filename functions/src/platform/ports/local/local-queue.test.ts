import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../logger.ts';
import { InvalidQueueMessageError } from '../outgoing-message.ts';
import { dlqNameOf, LocalQueue, LocalQueueEngine, localQueueArn } from './local-queue.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let engine: LocalQueueEngine;

beforeEach(() => {
  // failures below are on purpose; keep the expected warnings out of the test output
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  await engine?.stop();
  vi.restoreAllMocks();
});

/** A consumer that records every event it receives and answers with what `decide` says. */
const recorder = (decide: (record: SQSRecord, event: SQSEvent) => 'ok' | 'fail' = () => 'ok') => {
  const events: SQSEvent[] = [];
  const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    events.push(event);
    const failures = event.Records.filter((r) => decide(r, event) === 'fail').map((r) => ({ itemIdentifier: r.messageId }));
    return { batchItemFailures: failures };
  };
  const bodies = () => events.flatMap((e) => e.Records.map((r) => r.body));
  return { events, handler, bodies };
};

describe('LocalQueueEngine delivery', () => {
  it('delivers a sent message to the consumer as an SQS-shaped record', async () => {
    engine = new LocalQueueEngine();
    const c = recorder();
    engine.consume('jobs', c.handler);
    const before = Date.now();
    const { messageId } = await new LocalQueue(engine).send('jobs', { body: '{"type":"x"}' });
    await engine.drain();

    expect(c.events).toHaveLength(1);
    const record = c.events[0]!.Records[0]!;
    expect(record).toMatchObject({
      messageId,
      body: '{"type":"x"}',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:jobs',
      awsRegion: 'local',
      messageAttributes: {},
      md5OfBody: 'e499d5de3e233dced7b2bc5c021f5e3c',
    });
    expect(record.receiptHandle).toMatch(/\S+/);
    expect(record.attributes.ApproximateReceiveCount).toBe('1');
    expect(Number(record.attributes.SentTimestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(record.attributes.ApproximateFirstReceiveTimestamp)).toBeGreaterThanOrEqual(
      Number(record.attributes.SentTimestamp),
    );
    expect(record.attributes.MessageGroupId).toBeUndefined();
  });

  it('waits for a consumer before delivering, as a queue without an event source mapping does', async () => {
    engine = new LocalQueueEngine();
    engine.send('jobs', { body: 'early' });
    await sleep(20);
    expect(engine.depth('jobs')).toMatchObject({ visible: 1 });
    const c = recorder();
    engine.consume('jobs', c.handler);
    await engine.drain();
    expect(c.bodies()).toEqual(['early']);
  });

  it('groups messages sent together into batches of at most the batch size', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { batchSize: 10, concurrency: 1 } } });
    const c = recorder();
    engine.consume('jobs', c.handler);
    for (let i = 0; i < 25; i += 1) engine.send('jobs', { body: `m${i}` });
    await engine.drain();

    expect(c.events.map((e) => e.Records.length)).toEqual([10, 10, 5]);
    expect(c.bodies()).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`));
  });

  it('runs no more batches in parallel than the concurrency allows', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { batchSize: 1, concurrency: 3 } } });
    let running = 0;
    let peak = 0;
    engine.consume('jobs', async () => {
      running += 1;
      peak = Math.max(peak, running);
      await sleep(15);
      running -= 1;
    });
    for (let i = 0; i < 9; i += 1) engine.send('jobs', { body: `m${i}` });
    await engine.drain();
    expect(peak).toBe(3);
  });
});

describe('LocalQueueEngine retries', () => {
  it('delivers a failed message again after the visibility timeout with a higher receive count', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 60 } } });
    const receipts: { at: number; count: string; handle: string }[] = [];
    engine.consume('jobs', async (event) => {
      const record = event.Records[0]!;
      receipts.push({ at: Date.now(), count: record.attributes.ApproximateReceiveCount, handle: record.receiptHandle });
      if (receipts.length < 3) throw new Error('not yet');
    });
    engine.send('jobs', { body: 'retry me' });
    await engine.drain();

    expect(receipts.map((r) => r.count)).toEqual(['1', '2', '3']);
    expect(receipts[1]!.at - receipts[0]!.at).toBeGreaterThanOrEqual(55);
    expect(receipts[2]!.at - receipts[1]!.at).toBeGreaterThanOrEqual(55);
    expect(new Set(receipts.map((r) => r.handle)).size).toBe(3);
    expect(engine.dlqMessages('jobs')).toEqual([]);
  });

  it('keeps a failed message hidden until its visibility timeout ends', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 200 } } });
    let calls = 0;
    engine.consume('jobs', async () => {
      calls += 1;
      throw new Error('fail');
    });
    engine.send('jobs', { body: 'x' });
    await engine.idle();
    expect(calls).toBe(1);
    expect(engine.depth('jobs')).toMatchObject({ visible: 0, notVisible: 1, inFlight: 0 });
    await sleep(100);
    expect(calls).toBe(1);
  });

  it('delivers a failed message again when the visibility its consumer set runs out, not the queue timeout', async () => {
    engine = new LocalQueueEngine({ queues: { 'outbound.fifo': { visibilityTimeoutMs: 60_000 } } });
    const queue = new LocalQueue(engine);
    const receipts: number[] = [];
    engine.consume('outbound.fifo', async (event) => {
      const record = event.Records[0]!;
      receipts.push(Date.now());
      if (receipts.length > 1) return;
      await queue.changeVisibility('outbound.fifo', record.receiptHandle, 1);
      return { batchItemFailures: [{ itemIdentifier: record.messageId }] };
    });
    engine.send('outbound.fifo', { body: 'later', groupId: 'g' });
    await engine.drain({ timeoutMs: 5000 });

    expect(receipts).toHaveLength(2);
    expect(receipts[1]! - receipts[0]!).toBeGreaterThanOrEqual(950);
    await expect(queue.changeVisibility('outbound.fifo', 'no-such-handle', 1)).rejects.toThrow(/not of a message in flight/);
    await expect(queue.changeVisibility('outbound.fifo', 'x', 43_201)).rejects.toThrow(InvalidQueueMessageError);
  });

  it('moves a message to the DLQ after maxReceiveCount failed receives', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 20, maxReceiveCount: 3 } } });
    const counts: string[] = [];
    engine.consume('jobs', async (event) => {
      counts.push(event.Records[0]!.attributes.ApproximateReceiveCount);
      throw new Error('always');
    });
    const { messageId } = engine.send('jobs', { body: 'poison' });
    await engine.drain();

    expect(counts).toEqual(['1', '2', '3']);
    expect(engine.dlqMessages('jobs')).toEqual([
      expect.objectContaining({
        messageId,
        body: 'poison',
        receiveCount: 3,
        sentAt: expect.any(Date),
        deadLetteredAt: expect.any(Date),
      }),
    ]);
    expect(engine.depth('jobs')).toEqual({ visible: 0, notVisible: 0, inFlight: 0, deadLettered: 1 });
    expect(dlqNameOf('jobs')).toBe('jobs-dlq');
    expect(dlqNameOf('inbound.fifo')).toBe('inbound-dlq.fifo');
  });

  it('retries only the records reported in batchItemFailures', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 20 } } });
    let first = true;
    const c = recorder((record) => {
      const fail = first && record.body === 'b';
      return fail ? 'fail' : 'ok';
    });
    engine.consume('jobs', async (event) => {
      const response = await c.handler(event);
      first = false;
      return response;
    });
    for (const body of ['a', 'b', 'c']) engine.send('jobs', { body });
    await engine.drain();

    expect(c.events.map((e) => e.Records.map((r) => r.body))).toEqual([['a', 'b', 'c'], ['b']]);
    expect(c.events[1]!.Records[0]!.attributes.ApproximateReceiveCount).toBe('2');
  });

  it('retries the whole batch when a reported identifier is not in the batch, as Lambda does', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 20 } } });
    const seen: string[][] = [];
    engine.consume('jobs', async (event) => {
      seen.push(event.Records.map((r) => r.body));
      return seen.length === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-a-message-id' }] } : undefined;
    });
    engine.send('jobs', { body: 'a' });
    engine.send('jobs', { body: 'b' });
    await engine.drain();
    expect(seen).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });

  it('puts dead letters back on their queue on redrive', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 10, maxReceiveCount: 1 } } });
    let healthy = false;
    const handled: string[] = [];
    engine.consume('jobs', async (event) => {
      if (!healthy) throw new Error('down');
      handled.push(...event.Records.map((r) => r.body));
    });
    engine.send('jobs', { body: 'x' });
    await engine.drain();
    expect(engine.dlqMessages('jobs')).toHaveLength(1);

    healthy = true;
    expect(engine.redrive('jobs')).toBe(1);
    await engine.drain();
    expect(handled).toEqual(['x']);
    expect(engine.dlqMessages('jobs')).toEqual([]);
  });
});

describe('LocalQueueEngine FIFO queues', () => {
  it('delivers the messages of one group in order, one batch at a time', async () => {
    engine = new LocalQueueEngine({ queues: { 'inbound.fifo': { batchSize: 2, concurrency: 4 } } });
    const order: string[] = [];
    let running = 0;
    let overlap = false;
    engine.consume('inbound.fifo', async (event) => {
      running += 1;
      if (running > 1) overlap = true;
      await sleep(5);
      order.push(...event.Records.map((r) => r.body));
      running -= 1;
    });
    for (let i = 0; i < 7; i += 1) engine.send('inbound.fifo', { body: `m${i}`, groupId: 'conn-1:contact-1' });
    await engine.drain();

    expect(order).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(overlap).toBe(false);
  });

  it('handles different groups in parallel', async () => {
    engine = new LocalQueueEngine({ queues: { 'inbound.fifo': { concurrency: 3 } } });
    let running = 0;
    let peak = 0;
    const groupsOfBatch: string[][] = [];
    engine.consume('inbound.fifo', async (event) => {
      running += 1;
      peak = Math.max(peak, running);
      groupsOfBatch.push([...new Set(event.Records.map((r) => r.attributes.MessageGroupId!))]);
      await sleep(20);
      running -= 1;
    });
    for (const group of ['a', 'b', 'c']) {
      for (let i = 0; i < 2; i += 1) engine.send('inbound.fifo', { body: `${group}${i}`, groupId: group });
    }
    await engine.drain();

    expect(peak).toBe(3);
    expect(groupsOfBatch.every((groups) => groups.length === 1)).toBe(true);
  });

  it('blocks the rest of a group behind a failed message until it succeeds', async () => {
    engine = new LocalQueueEngine({ queues: { 'inbound.fifo': { visibilityTimeoutMs: 40, batchSize: 1 } } });
    const order: string[] = [];
    let failuresLeft = 2;
    engine.consume('inbound.fifo', async (event) => {
      const record = event.Records[0]!;
      if (record.body === 'a1' && failuresLeft > 0) {
        failuresLeft -= 1;
        return { batchItemFailures: [{ itemIdentifier: record.messageId }] };
      }
      order.push(record.body);
      return undefined;
    });
    for (const body of ['a1', 'a2', 'a3']) engine.send('inbound.fifo', { body, groupId: 'a' });
    engine.send('inbound.fifo', { body: 'b1', groupId: 'b' });
    await engine.drain();

    expect(order.filter((b) => b.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    // the other group was not held up by group a's retries
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a1'));
  });

  it('unblocks the group when the failed message goes to the DLQ', async () => {
    engine = new LocalQueueEngine({ queues: { 'outbound.fifo': { visibilityTimeoutMs: 10, maxReceiveCount: 2, batchSize: 1 } } });
    const handled: string[] = [];
    engine.consume('outbound.fifo', async (event) => {
      const record = event.Records[0]!;
      if (record.body === 'bad') throw new Error('cannot send');
      handled.push(record.body);
    });
    for (const body of ['bad', 'next']) engine.send('outbound.fifo', { body, groupId: 'g' });
    await engine.drain();

    expect(handled).toEqual(['next']);
    expect(engine.dlqMessages('outbound.fifo').map((m) => [m.body, m.groupId, m.receiveCount])).toEqual([['bad', 'g', 2]]);
  });

  it('carries group, deduplication id and increasing sequence numbers on FIFO records', async () => {
    engine = new LocalQueueEngine();
    const c = recorder();
    engine.consume('inbound.fifo', c.handler);
    engine.send('inbound.fifo', { body: '1', groupId: 'g', deduplicationId: 'wamid.1' });
    engine.send('inbound.fifo', { body: '2', groupId: 'g' });
    await engine.drain();

    const records = c.events.flatMap((e) => e.Records);
    expect(records[0]!.eventSourceARN).toBe(localQueueArn('inbound.fifo'));
    expect(records[0]!.attributes).toMatchObject({ MessageGroupId: 'g', MessageDeduplicationId: 'wamid.1' });
    expect(records[1]!.attributes.MessageDeduplicationId).toMatch(/\S+/);
    expect(BigInt(records[1]!.attributes.SequenceNumber!)).toBeGreaterThan(BigInt(records[0]!.attributes.SequenceNumber!));
  });

  it('drops a repeated deduplication id within five minutes and answers with the first message id', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      engine = new LocalQueueEngine();
      const c = recorder();
      engine.consume('inbound.fifo', c.handler);
      const first = engine.send('inbound.fifo', { body: 'first', groupId: 'g', deduplicationId: 'evt-1' });
      vi.setSystemTime(Date.now() + 4 * 60_000);
      const repeat = engine.send('inbound.fifo', { body: 'repeat', groupId: 'g', deduplicationId: 'evt-1' });
      vi.setSystemTime(Date.now() + 61_000);
      engine.send('inbound.fifo', { body: 'after the window', groupId: 'g', deduplicationId: 'evt-1' });
      await engine.drain();

      expect(repeat.messageId).toBe(first.messageId);
      expect(c.bodies()).toEqual(['first', 'after the window']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not deduplicate FIFO messages sent without a deduplication id', async () => {
    engine = new LocalQueueEngine();
    const c = recorder();
    engine.consume('outbound.fifo', c.handler);
    engine.send('outbound.fifo', { body: 'ok', groupId: 'g' });
    engine.send('outbound.fifo', { body: 'ok', groupId: 'g' });
    await engine.drain();
    expect(c.bodies()).toEqual(['ok', 'ok']);
  });
});

describe('LocalQueueEngine delays and validation', () => {
  it('holds a delayed message on a standard queue until its delay has passed', async () => {
    engine = new LocalQueueEngine();
    const received: number[] = [];
    engine.consume('jobs', async () => {
      received.push(Date.now());
    });
    const sentAt = Date.now();
    engine.send('jobs', { body: 'later', delaySeconds: 1 });
    engine.send('jobs', { body: 'now' });
    await engine.idle();
    expect(received).toHaveLength(1);
    expect(engine.depth('jobs')).toMatchObject({ notVisible: 1 });

    await engine.drain({ timeoutMs: 3000 });
    expect(received).toHaveLength(2);
    expect(received[1]! - sentAt).toBeGreaterThanOrEqual(1000);
  });

  it('rejects delays on FIFO queues, delays over 900 seconds and FIFO messages without a group', async () => {
    engine = new LocalQueueEngine();
    const queue = new LocalQueue(engine);
    await expect(queue.send('outbound.fifo', { body: 'x', groupId: 'g', delaySeconds: 5 })).rejects.toThrow(
      InvalidQueueMessageError,
    );
    await expect(queue.send('jobs', { body: 'x', delaySeconds: 901 })).rejects.toThrow(/delaySeconds/);
    await expect(queue.send('jobs', { body: 'x', delaySeconds: 1.5 })).rejects.toThrow(/delaySeconds/);
    await expect(queue.send('jobs', { body: 'x', delaySeconds: -1 })).rejects.toThrow(/delaySeconds/);
    await expect(queue.send('inbound.fifo', { body: 'x' })).rejects.toThrow(/groupId/);
    await expect(queue.send('jobs', { body: 'x', deduplicationId: 'd' })).rejects.toThrow(/FIFO/);
    await expect(queue.send('jobs', { body: 'x'.repeat(256 * 1024 + 1) })).rejects.toThrow(/bytes/);
    await expect(queue.send('inbound.fifo', { body: 'x', groupId: 'has space' })).rejects.toThrow(/groupId/);
    await expect(queue.send('jobs', { body: 'x', delaySeconds: 900 })).resolves.toEqual({ messageId: expect.any(String) });
  });

  it('refuses a second consumer on the same queue and invalid settings', () => {
    engine = new LocalQueueEngine();
    engine.consume('jobs', async () => undefined);
    expect(() => engine.consume('jobs', async () => undefined)).toThrow(/already has a consumer/);
    expect(() => engine.configure('inbound.fifo', { batchSize: 11 })).toThrow(/batchSize/);
  });
});

describe('LocalQueueEngine waiting and stopping', () => {
  const activeTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout' || r === 'Immediate').length;

  it('leaves no timers behind after stop, even with delayed and hidden messages pending', async () => {
    const baseline = activeTimers();
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 60_000 } } });
    engine.consume('jobs', async () => {
      throw new Error('fail');
    });
    engine.send('jobs', { body: 'hidden after failure' });
    engine.send('jobs', { body: 'delayed', delaySeconds: 900 });
    await engine.idle();
    expect(activeTimers()).toBeGreaterThan(baseline);

    await engine.stop();
    expect(activeTimers()).toBe(baseline);
  });

  it('waits for running batches on stop and delivers nothing afterwards', async () => {
    engine = new LocalQueueEngine();
    let finished = 0;
    engine.consume('jobs', async () => {
      await sleep(30);
      finished += 1;
    });
    engine.send('jobs', { body: 'running' });
    await sleep(5);
    await engine.stop();
    expect(finished).toBe(1);

    engine.send('jobs', { body: 'after stop' });
    await sleep(20);
    expect(finished).toBe(1);
  });

  it('rejects drain with what is still pending when it times out', async () => {
    engine = new LocalQueueEngine({ queues: { jobs: { visibilityTimeoutMs: 10_000 } } });
    engine.consume('jobs', async () => {
      throw new Error('fail');
    });
    engine.send('jobs', { body: 'x' });
    await expect(engine.drain({ timeoutMs: 50 })).rejects.toThrow(/jobs: 0 visible, 1 hidden or delayed/);
  });
});

describe('LocalQueueEngine durability', () => {
  let dir: string;
  const engines: LocalQueueEngine[] = [];
  /** A new engine on the journal directory, as a restarted product makes one. */
  const open = (options: ConstructorParameters<typeof LocalQueueEngine>[0] = {}) => {
    const made = new LocalQueueEngine({ ...options, dir });
    engines.push(made);
    engine = made;
    return made;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sb-queues-'));
  });

  afterEach(async () => {
    await Promise.all(engines.splice(0).map((e) => e.stop()));
  });

  it('delivers after a restart what was accepted before it, once, with the same ids', async () => {
    const first = open();
    const sent = await Promise.all(['a', 'b', 'c'].map((body) => new LocalQueue(first).send('jobs', { body })));
    await first.stop();

    const second = open();
    const c = recorder();
    second.consume('jobs', c.handler);
    await second.drain();
    expect(c.bodies().sort()).toEqual(['a', 'b', 'c']);
    expect(c.events.flatMap((e) => e.Records.map((r) => r.messageId)).sort()).toEqual(sent.map((s) => s.messageId).sort());

    const third = open();
    const again = recorder();
    third.consume('jobs', again.handler);
    await third.drain();
    expect(again.bodies()).toEqual([]);
  });

  it('keeps FIFO groups in order and the deduplication window across a restart', async () => {
    const first = open();
    for (const body of ['1', '2', '3']) first.send('inbound.fifo', { body, groupId: 'g', deduplicationId: `d-${body}` });
    const original = first.send('inbound.fifo', { body: 'x', groupId: 'h', deduplicationId: 'same' });
    await first.stop();

    const second = open();
    const repeat = second.send('inbound.fifo', { body: 'x again', groupId: 'h', deduplicationId: 'same' });
    expect(repeat.messageId).toBe(original.messageId);
    const c = recorder();
    second.consume('inbound.fifo', c.handler);
    await second.drain();
    expect(c.bodies().filter((b) => b !== 'x')).toEqual(['1', '2', '3']);
    expect(c.bodies().filter((b) => b.startsWith('x'))).toEqual(['x']);
    const sequences = c.events.flatMap((e) => e.Records.map((r) => BigInt(r.attributes.SequenceNumber!)));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('counts receives across a restart, so a message that keeps failing still reaches the DLQ', async () => {
    const first = open({ queues: { jobs: { visibilityTimeoutMs: 5, maxReceiveCount: 3 } } });
    let receives = 0;
    // the second receive is held until the engine is stopping, so no third one can slip in before the stop
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    first.consume('jobs', async () => {
      receives += 1;
      if (receives === 2) await held;
      throw new Error('fails');
    });
    first.send('jobs', { body: 'poison' });
    while (receives < 2) await sleep(5);
    const stopping = first.stop();
    release();
    await stopping;
    expect(receives).toBe(2);

    const second = open({ queues: { jobs: { visibilityTimeoutMs: 5, maxReceiveCount: 3 } } });
    const counts: string[] = [];
    second.consume('jobs', async (event) => {
      counts.push(...event.Records.map((r) => r.attributes.ApproximateReceiveCount));
      throw new Error('fails');
    });
    await second.drain();
    expect(counts).toEqual(['3']);
    expect(second.dlqMessages('jobs').map((m) => m.body)).toEqual(['poison']);

    const third = open();
    expect(third.dlqMessages('jobs').map((m) => [m.body, m.receiveCount])).toEqual([['poison', 3]]);
  });

  it('keeps a delay, and makes a message that was in flight when the process died visible again at once', async () => {
    const first = open({ queues: { jobs: { visibilityTimeoutMs: 60_000 } } });
    let started = false;
    let release = () => undefined as void;
    first.consume('jobs', () => {
      started = true;
      return new Promise<void>((resolve) => (release = resolve));
    });
    first.send('jobs', { body: 'in flight' });
    first.send('jobs', { body: 'later', delaySeconds: 900 });
    while (!started) await sleep(2);
    // a second engine on the same directory stands for the process started after a kill
    const second = new LocalQueueEngine({ dir });
    engines.push(second);
    expect(second.depth('jobs')).toMatchObject({ visible: 1, notVisible: 1, inFlight: 0 });
    const c = recorder();
    second.consume('jobs', c.handler);
    await second.idle();
    expect(c.bodies()).toEqual(['in flight']);
    expect(c.events[0]!.Records[0]!.attributes.ApproximateReceiveCount).toBe('2');
    release();
  });

  it('ignores a line torn by a crash and compacts the journal to the live messages', async () => {
    const first = open();
    const c = recorder();
    first.consume('jobs', c.handler);
    for (let i = 0; i < 6_000; i += 1) first.send('jobs', { body: `m${i}` });
    await first.drain();
    first.send('jobs', { body: 'left' });
    await first.stop();
    appendFileSync(join(dir, 'jobs.jsonl'), '{"op":"send","m":{"messageId":"torn","bo');
    const lines = readFileSync(join(dir, 'jobs.jsonl'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(6_000);

    const second = open();
    const d = recorder();
    second.consume('jobs', d.handler);
    await second.drain();
    expect(d.bodies()).toEqual(['left']);
    expect(c.bodies()).toHaveLength(6_000);
  });
});
