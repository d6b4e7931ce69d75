/**
 * The local runtime's queues: an in-process engine with the SQS behaviour our consumers rely on (batches,
 * visibility timeout, redelivery, max receives then DLQ, FIFO groups and deduplication, delays, partial
 * batch failures), invoking the very SQS Lambda handlers that run in AWS with SQS-shaped events.
 *
 * Given a directory, each queue keeps a journal there (queue-journal.ts), so what was accepted survives a restart.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHash, randomUUID } from 'node:crypto';
import { logger } from '../../logger.ts';
import {
  checkOutgoingMessage,
  checkVisibilityTimeout,
  DEDUPLICATION_WINDOW_MS,
  fifoDeduplicationId,
} from '../outgoing-message.ts';
import { isFifo, queueNames, type OutgoingMessage, type Queue, type QueueName } from '../queue.ts';
import { QueueJournal, type JournalMessage } from './queue-journal.ts';

export type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface QueueSettings {
  /** how long a received message stays hidden; a failed one is delivered again when it runs out */
  visibilityTimeoutMs: number;
  /** receives before the message moves to the DLQ (the redrive policy) */
  maxReceiveCount: number;
  /** records per handler invocation (at most 10 on FIFO queues) */
  batchSize: number;
  /** batches handled in parallel, like the event source mapping's maximum concurrency */
  concurrency: number;
}

export const defaultQueueSettings: QueueSettings = {
  visibilityTimeoutMs: 30_000,
  maxReceiveCount: 5,
  batchSize: 10,
  concurrency: 4,
};

export interface LocalQueueEngineOptions {
  /** settings for every queue, over the defaults */
  defaults?: Partial<QueueSettings>;
  /** settings of one queue, over `defaults` */
  queues?: Partial<Record<QueueName, Partial<QueueSettings>>>;
  /** where the queues' journals live; omitted keeps messages in memory only */
  dir?: string;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  groupId?: string;
  deduplicationId?: string;
  receiveCount: number;
  sentAt: Date;
  deadLetteredAt: Date;
}

export interface WaitOptions {
  /** reject when the condition is not reached in time (default 10 s), naming what is still pending */
  timeoutMs?: number;
}

const LOCAL_ACCOUNT = '000000000000';
const LOCAL_REGION = 'local';

/** DLQ of a queue; the DLQ of a FIFO queue must itself be FIFO, hence the suffix stays last. */
export const dlqNameOf = (name: QueueName): string =>
  isFifo(name) ? `${name.slice(0, -'.fifo'.length)}-dlq.fifo` : `${name}-dlq`;

export const localQueueArn = (name: string): string => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${name}`;

/** A message as the journal keeps it, plus what only a running engine knows. */
interface StoredMessage extends JournalMessage {
  receiptHandle?: string;
  inFlight: boolean;
}

interface QueueState {
  name: QueueName;
  fifo: boolean;
  settings: QueueSettings;
  /** in send order, which is the delivery order */
  messages: StoredMessage[];
  handler?: SqsHandler;
  inFlightBatches: number;
  timer?: { handle: NodeJS.Timeout; at: number };
  pump?: NodeJS.Immediate;
  dedup: Map<string, { messageId: string; until: number }>;
  deadLetters: DeadLetter[];
  nextSequence: bigint;
  journal?: QueueJournal;
}

interface Waiter {
  kind: 'idle' | 'drain';
  resolve: () => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

const checkSettings = (name: QueueName, s: QueueSettings): void => {
  const bad = (what: string): never => {
    throw new Error(`Invalid settings for local queue ${name}: ${what}`);
  };
  if (!Number.isInteger(s.visibilityTimeoutMs) || s.visibilityTimeoutMs < 0)
    bad('visibilityTimeoutMs must be a non-negative integer');
  if (!Number.isInteger(s.maxReceiveCount) || s.maxReceiveCount < 1) bad('maxReceiveCount must be at least 1');
  const maxBatch = isFifo(name) ? 10 : 10_000;
  if (!Number.isInteger(s.batchSize) || s.batchSize < 1 || s.batchSize > maxBatch) bad(`batchSize must be 1..${maxBatch}`);
  if (!Number.isInteger(s.concurrency) || s.concurrency < 1) bad('concurrency must be at least 1');
};

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Lambda's reading of a partial batch response: nothing or an empty list is success; an identifier that is
 * empty or not in the batch makes the whole batch fail.
 */
const failedIds = (response: SQSBatchResponse | void, batch: StoredMessage[]): Set<string> => {
  const all = new Set(batch.map((m) => m.messageId));
  const failures = (response as SQSBatchResponse | undefined | null)?.batchItemFailures;
  if (failures === undefined || failures === null) return new Set();
  if (!Array.isArray(failures)) return all;
  const ids = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || !all.has(id)) return all;
    ids.add(id);
  }
  return ids;
};

export class LocalQueueEngine {
  private readonly queues = new Map<QueueName, QueueState>();
  private readonly running = new Set<Promise<void>>();
  private readonly waiters = new Set<Waiter>();
  private stopped = false;

  constructor(options: LocalQueueEngineOptions = {}) {
    for (const name of queueNames) {
      const settings = { ...defaultQueueSettings, ...options.defaults, ...options.queues?.[name] };
      checkSettings(name, settings);
      const q: QueueState = {
        name,
        fifo: isFifo(name),
        settings,
        messages: [],
        inFlightBatches: 0,
        dedup: new Map(),
        deadLetters: [],
        nextSequence: 18_000_000_000_000_000_000n,
      };
      if (options.dir) this.restore(q, new QueueJournal(options.dir, name));
      this.queues.set(name, q);
    }
  }

  /** Takes up a queue's journal: its live messages, DLQ, deduplication window and sequence, then compacts it. */
  private restore(q: QueueState, journal: QueueJournal): void {
    const now = Date.now();
    const state = journal.replay(now);
    q.journal = journal;
    q.messages = state.messages.map((m) => ({ ...m, inFlight: false }));
    q.deadLetters = state.deadLetters.map((d) => ({
      ...d,
      sentAt: new Date(d.sentAt),
      deadLetteredAt: new Date(d.deadLetteredAt),
    }));
    q.dedup = state.dedup;
    if (state.nextSequence !== undefined && state.nextSequence > q.nextSequence) q.nextSequence = state.nextSequence;
    this.compactJournal(q);
  }

  private compactJournal(q: QueueState): void {
    q.journal?.compact({
      messages: q.messages.map(({ inFlight: _inFlight, receiptHandle: _handle, ...m }) => m),
      deadLetters: q.deadLetters.map((d) => ({ ...d, sentAt: d.sentAt.getTime(), deadLetteredAt: d.deadLetteredAt.getTime() })),
      dedup: q.dedup,
      ...(q.fifo ? { nextSequence: q.nextSequence } : {}),
    });
  }

  private maybeCompact(q: QueueState): void {
    if (q.journal?.wantsCompaction(q.messages.length + q.deadLetters.length + q.dedup.size)) this.compactJournal(q);
  }

  /** Changes a queue's settings; messages already in flight keep the visibility they were received with. */
  configure(name: QueueName, settings: Partial<QueueSettings>): void {
    const q = this.state(name);
    const next = { ...q.settings, ...settings };
    checkSettings(name, next);
    q.settings = next;
    this.schedulePump(q);
  }

  /** Registers the queue's consumer, as an event source mapping does for a Lambda function (one per queue). */
  consume(name: QueueName, handler: SqsHandler, settings: Partial<QueueSettings> = {}): void {
    const q = this.state(name);
    if (q.handler) throw new Error(`Local queue ${name} already has a consumer`);
    this.configure(name, settings);
    q.handler = handler;
    this.schedulePump(q);
  }

  send(name: QueueName, message: OutgoingMessage): { messageId: string } {
    checkOutgoingMessage(name, message);
    const q = this.state(name);
    const now = Date.now();
    let deduplicationId: string | undefined;
    if (q.fifo) {
      this.forgetExpiredDeduplication(q, now);
      deduplicationId = fifoDeduplicationId(message);
      const earlier = q.dedup.get(deduplicationId);
      // SQS accepts the repeat and answers with the original message's id, but does not enqueue it
      if (earlier) return { messageId: earlier.messageId };
    }
    const stored: StoredMessage = {
      messageId: randomUUID(),
      body: message.body,
      sentAt: now,
      visibleAt: now + (q.fifo ? 0 : (message.delaySeconds ?? 0) * 1000),
      receiveCount: 0,
      inFlight: false,
      ...(message.groupId !== undefined ? { groupId: message.groupId } : {}),
    };
    if (q.fifo && deduplicationId !== undefined) {
      stored.deduplicationId = deduplicationId;
      stored.sequenceNumber = String(q.nextSequence);
      q.nextSequence += 1n;
      q.dedup.set(deduplicationId, { messageId: stored.messageId, until: now + DEDUPLICATION_WINDOW_MS });
    }
    // on disk before the sender hears back: an accepted message survives a stop or a crash
    const { inFlight: _inFlight, ...persisted } = stored;
    q.journal?.send(persisted, deduplicationId !== undefined ? q.dedup.get(deduplicationId)?.until : undefined);
    q.messages.push(stored);
    this.maybeCompact(q);
    this.schedulePump(q);
    return { messageId: stored.messageId };
  }

  /**
   * Hides a message being handled for `timeoutSeconds` from now, by the receipt handle of this delivery, as SQS's
   * ChangeMessageVisibility does. Not journaled: after a restart a received message is visible at once anyway.
   */
  changeVisibility(name: QueueName, receiptHandle: string, timeoutSeconds: number): void {
    checkVisibilityTimeout(name, timeoutSeconds);
    const m = this.state(name).messages.find((x) => x.receiptHandle === receiptHandle);
    // SQS answers ReceiptHandleIsInvalid or MessageNotInflight
    if (!m || !m.inFlight) throw new Error(`Local queue ${name}: the receipt handle is not of a message in flight`);
    m.visibleAt = Date.now() + timeoutSeconds * 1000;
  }

  /** Resolves when no batch is running and no message can be delivered right now (delayed or hidden ones may wait). */
  idle(options: WaitOptions = {}): Promise<void> {
    return this.wait('idle', options);
  }

  /** Resolves when every consumed queue is empty: all messages handled or dead-lettered, delays and retries included. */
  drain(options: WaitOptions = {}): Promise<void> {
    return this.wait('drain', options);
  }

  /** Stops delivering, clears every timer and waits for the running batches, so the process can exit. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const q of this.queues.values()) this.clearTimers(q);
    await Promise.allSettled([...this.running]);
    for (const q of this.queues.values()) {
      this.clearTimers(q);
      q.journal?.close();
    }
    this.settleWaiters();
  }

  /** Messages moved to the DLQ of `name`, oldest first. */
  dlqMessages(name: QueueName): DeadLetter[] {
    return this.state(name).deadLetters.map((m) => ({ ...m }));
  }

  /** Moves the DLQ's messages back to their queue as new messages (a redrive); answers how many moved. */
  redrive(name: QueueName): number {
    const q = this.state(name);
    const letters = q.deadLetters.splice(0);
    const now = Date.now();
    for (const letter of letters) {
      const stored: StoredMessage = {
        messageId: letter.messageId,
        body: letter.body,
        sentAt: now,
        visibleAt: now,
        receiveCount: 0,
        inFlight: false,
        ...(letter.groupId !== undefined ? { groupId: letter.groupId } : {}),
      };
      if (q.fifo) {
        stored.deduplicationId = letter.deduplicationId ?? randomUUID();
        stored.sequenceNumber = String(q.nextSequence);
        q.nextSequence += 1n;
      }
      const { inFlight: _inFlight, ...persisted } = stored;
      q.journal?.send(persisted);
      q.messages.push(stored);
    }
    this.schedulePump(q);
    return letters.length;
  }

  /** Counts of a queue's messages, like SQS's approximate attributes. */
  depth(name: QueueName): { visible: number; notVisible: number; inFlight: number; deadLettered: number } {
    const q = this.state(name);
    const now = Date.now();
    let visible = 0;
    let notVisible = 0;
    let inFlight = 0;
    for (const m of q.messages) {
      if (m.inFlight) inFlight += 1;
      else if (m.visibleAt > now) notVisible += 1;
      else visible += 1;
    }
    return { visible, notVisible, inFlight, deadLettered: q.deadLetters.length };
  }

  private state(name: QueueName): QueueState {
    const q = this.queues.get(name);
    if (!q) throw new Error(`Unknown queue ${String(name)}; expected one of ${queueNames.join(', ')}`);
    return q;
  }

  private forgetExpiredDeduplication(q: QueueState, now: number): void {
    // entries are kept in insertion order with one window length, so the expired ones come first
    for (const [id, entry] of q.dedup) {
      if (entry.until > now) break;
      q.dedup.delete(id);
    }
  }

  private schedulePump(q: QueueState): void {
    if (this.stopped || q.pump) return;
    // deferred so that messages sent in the same tick travel together in one batch
    q.pump = setImmediate(() => {
      q.pump = undefined;
      this.pumpNow(q);
    });
  }

  private pumpNow(q: QueueState): void {
    if (!this.stopped && q.handler) {
      const now = Date.now();
      this.deadLetterExhausted(q, now);
      while (q.inFlightBatches < q.settings.concurrency) {
        const batch = q.fifo ? this.nextFifoBatch(q, now) : this.nextStandardBatch(q, now);
        if (batch.length === 0) break;
        this.deliver(q, batch, now);
      }
      this.armTimer(q, now);
    }
    this.settleWaiters();
  }

  /** SQS moves a message to the DLQ when it would be received once more than maxReceiveCount allows. */
  private deadLetterExhausted(q: QueueState, now: number): void {
    const keep: StoredMessage[] = [];
    for (const m of q.messages) {
      if (!m.inFlight && m.visibleAt <= now && m.receiveCount >= q.settings.maxReceiveCount) {
        const letter = {
          messageId: m.messageId,
          body: m.body,
          receiveCount: m.receiveCount,
          ...(m.groupId !== undefined ? { groupId: m.groupId } : {}),
          ...(m.deduplicationId !== undefined ? { deduplicationId: m.deduplicationId } : {}),
        };
        q.journal?.deadLettered({ ...letter, sentAt: m.sentAt, deadLetteredAt: now });
        q.deadLetters.push({ ...letter, sentAt: new Date(m.sentAt), deadLetteredAt: new Date(now) });
        logger.warn('Local queue moved a message to its DLQ', {
          queue: q.name,
          dlq: dlqNameOf(q.name),
          messageId: m.messageId,
          receiveCount: m.receiveCount,
        });
      } else {
        keep.push(m);
      }
    }
    q.messages = keep;
  }

  private nextStandardBatch(q: QueueState, now: number): StoredMessage[] {
    const batch: StoredMessage[] = [];
    for (const m of q.messages) {
      if (batch.length >= q.settings.batchSize) break;
      if (!m.inFlight && m.visibleAt <= now) batch.push(m);
    }
    return batch;
  }

  /**
   * One group per batch, taken from the head of the first group that is not blocked. A group is blocked while
   * any of its messages is in flight or its head is hidden after a failure, which keeps the group in order.
   */
  private nextFifoBatch(q: QueueState, now: number): StoredMessage[] {
    const busy = new Set<string>();
    for (const m of q.messages) if (m.inFlight && m.groupId !== undefined) busy.add(m.groupId);
    const seen = new Set<string>();
    const batch: StoredMessage[] = [];
    let chosen: string | undefined;
    for (const m of q.messages) {
      const group = m.groupId ?? '';
      if (chosen === undefined) {
        if (seen.has(group)) continue;
        seen.add(group);
        if (busy.has(group) || m.visibleAt > now) continue;
        chosen = group;
        batch.push(m);
      } else if (group === chosen) {
        if (m.visibleAt > now) break;
        batch.push(m);
      }
      if (batch.length >= q.settings.batchSize) break;
    }
    return batch;
  }

  private deliver(q: QueueState, batch: StoredMessage[], now: number): void {
    for (const m of batch) {
      m.inFlight = true;
      m.receiveCount += 1;
      m.firstReceiveAt ??= now;
      m.receiptHandle = `${m.messageId}#${randomUUID()}`;
      m.visibleAt = now + q.settings.visibilityTimeoutMs;
      // the receive count survives a restart, so a message that keeps failing still reaches the DLQ
      q.journal?.received({
        messageId: m.messageId,
        receiveCount: m.receiveCount,
        visibleAt: m.visibleAt,
        firstReceiveAt: m.firstReceiveAt,
      });
    }
    const event: SQSEvent = { Records: batch.map((m) => this.record(q, m)) };
    q.inFlightBatches += 1;
    const run = this.invoke(q, batch, event);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /**
   * A running message is never redelivered before its handler settles; AWS gets the same effect by requiring
   * a visibility timeout at least as long as the function's timeout.
   */
  private async invoke(q: QueueState, batch: StoredMessage[], event: SQSEvent): Promise<void> {
    const handler = q.handler;
    let failed: Set<string>;
    try {
      if (!handler) throw new Error(`Local queue ${q.name} has no consumer`);
      const response = await handler(event);
      failed = failedIds(response, batch);
      if (failed.size > 0) logger.warn('Local queue batch reported failures', { queue: q.name, failed: [...failed] });
    } catch (error) {
      logger.warn('Local queue handler threw; the whole batch will be retried', { queue: q.name, error });
      failed = new Set(batch.map((m) => m.messageId));
    }
    const done = new Set(batch.filter((m) => !failed.has(m.messageId)));
    for (const m of batch) m.inFlight = false;
    if (done.size > 0) {
      q.messages = q.messages.filter((m) => !done.has(m));
      q.journal?.deleted([...done].map((m) => m.messageId));
      this.maybeCompact(q);
    }
    q.inFlightBatches -= 1;
    if (this.stopped) this.settleWaiters();
    else this.schedulePump(q);
  }

  private record(q: QueueState, m: StoredMessage): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: m.receiptHandle ?? '',
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'AIDALOCALSWITCHBOARD',
        ApproximateFirstReceiveTimestamp: String(m.firstReceiveAt ?? m.sentAt),
        ...(m.groupId !== undefined ? { MessageGroupId: m.groupId } : {}),
        ...(m.sequenceNumber !== undefined ? { SequenceNumber: m.sequenceNumber } : {}),
        ...(m.deduplicationId !== undefined ? { MessageDeduplicationId: m.deduplicationId } : {}),
      },
      messageAttributes: {},
      md5OfBody: md5(m.body),
      eventSource: 'aws:sqs',
      eventSourceARN: localQueueArn(q.name),
      awsRegion: LOCAL_REGION,
    };
  }

  /** One timer per queue, for the moment the next hidden or delayed message becomes visible. */
  private armTimer(q: QueueState, now: number): void {
    let next: number | undefined;
    for (const m of q.messages) {
      if (!m.inFlight && m.visibleAt > now && (next === undefined || m.visibleAt < next)) next = m.visibleAt;
    }
    if (q.timer && q.timer.at === next) return;
    if (q.timer) clearTimeout(q.timer.handle);
    q.timer = undefined;
    if (next === undefined || this.stopped) return;
    const handle = setTimeout(() => {
      q.timer = undefined;
      this.pumpNow(q);
    }, next - now);
    q.timer = { handle, at: next };
  }

  private clearTimers(q: QueueState): void {
    if (q.timer) clearTimeout(q.timer.handle);
    q.timer = undefined;
    if (q.pump) clearImmediate(q.pump);
    q.pump = undefined;
  }

  private isIdle(): boolean {
    for (const q of this.queues.values()) {
      if (q.inFlightBatches > 0 || q.pump) return false;
    }
    return true;
  }

  private isDrained(): boolean {
    if (!this.isIdle()) return false;
    for (const q of this.queues.values()) {
      if (q.handler && q.messages.length > 0) return false;
    }
    return true;
  }

  private pendingSummary(): string {
    const parts: string[] = [];
    for (const q of this.queues.values()) {
      if (q.messages.length === 0 && q.inFlightBatches === 0) continue;
      const d = this.depth(q.name);
      parts.push(
        `${q.name}: ${d.visible} visible, ${d.notVisible} hidden or delayed, ${d.inFlight} in flight${q.handler ? '' : ' (no consumer)'}`,
      );
    }
    return parts.join('; ') || 'nothing';
  }

  private wait(kind: Waiter['kind'], options: WaitOptions): Promise<void> {
    const reached = kind === 'idle' ? this.isIdle() : this.isDrained();
    if (reached) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { kind, resolve, reject };
      const timeoutMs = options.timeoutMs ?? 10_000;
      waiter.timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(`Local queues not ${kind === 'idle' ? 'idle' : 'drained'} after ${timeoutMs} ms: ${this.pendingSummary()}`),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  private settleWaiters(): void {
    if (this.waiters.size === 0) return;
    const idle = this.isIdle();
    const drained = this.isDrained();
    for (const waiter of [...this.waiters]) {
      const reached = waiter.kind === 'idle' ? idle : drained;
      if (reached) {
        this.waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve();
      } else if (this.stopped && idle) {
        // a stopped engine delivers nothing more, so waiting for a drain would never end
        this.waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`Local queues stopped before draining: ${this.pendingSummary()}`));
      }
    }
  }
}

/** The Queue port over the local engine. */
export class LocalQueue implements Queue {
  constructor(private readonly engine: LocalQueueEngine) {}

  async send(queue: QueueName, message: OutgoingMessage): Promise<{ messageId: string }> {
    return this.engine.send(queue, message);
  }

  async changeVisibility(queue: QueueName, receiptHandle: string, timeoutSeconds: number): Promise<void> {
    this.engine.changeVisibility(queue, receiptHandle, timeoutSeconds);
  }
}
