/**
 * The durable half of a local queue: an append-only journal file per queue, written synchronously before a send
 * returns, so a message whose sender was answered survives a stop or a crash of the process. Replaying it
 * rebuilds the queue (messages with their receive counts, groups, deduplication ids, delays and the DLQ), and it
 * is rewritten from the live state when it has grown well past it.
 *
 * Writes go to the operating system without fsync: what a killed process wrote is kept, as the kernel holds it;
 * a power loss may drop the last writes, as it may drop DynamoDB Local's own.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface JournalMessage {
  messageId: string;
  body: string;
  groupId?: string;
  deduplicationId?: string;
  sequenceNumber?: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
}

export interface JournalDeadLetter {
  messageId: string;
  body: string;
  groupId?: string;
  deduplicationId?: string;
  receiveCount: number;
  sentAt: number;
  deadLetteredAt: number;
}

/** One line of the journal. Short keys: a busy queue writes one line per send, receive and delete. */
type Entry =
  | { op: 'send'; m: JournalMessage }
  | { op: 'recv'; id: string; rc: number; va: number; fr: number }
  | { op: 'del'; id: string }
  | { op: 'dlq'; d: JournalDeadLetter }
  | { op: 'dedup'; key: string; id: string; until: number }
  | { op: 'seq'; next: string };

export interface JournalState {
  /** live messages in send order; a message received before the restart is visible again at once */
  messages: JournalMessage[];
  deadLetters: JournalDeadLetter[];
  dedup: Map<string, { messageId: string; until: number }>;
  nextSequence?: bigint;
}

/** Rewrite once the journal holds this many lines more than the live state needs. */
const COMPACT_SLACK = 5_000;

export class QueueJournal {
  private fd: number | undefined;
  private lines = 0;
  private readonly file: string;

  constructor(dir: string, queueName: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = join(dir, `${queueName}.jsonl`);
  }

  /** Reads the journal; a torn last line (the process died mid-write) is ignored, as its write never finished. */
  replay(now: number): JournalState {
    const messages = new Map<string, JournalMessage>();
    const deadLetters = new Map<string, JournalDeadLetter>();
    const dedup = new Map<string, { messageId: string; until: number }>();
    let nextSequence: bigint | undefined;
    const text = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    let lines = 0;
    for (const line of text.split('\n')) {
      if (!line) continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        continue;
      }
      lines += 1;
      switch (entry.op) {
        case 'send':
          if (
            entry.m.sequenceNumber !== undefined &&
            (nextSequence === undefined || BigInt(entry.m.sequenceNumber) >= nextSequence)
          ) {
            nextSequence = BigInt(entry.m.sequenceNumber) + 1n;
          }
          deadLetters.delete(entry.m.messageId);
          messages.set(entry.m.messageId, entry.m);
          break;
        case 'recv': {
          const m = messages.get(entry.id);
          if (m) Object.assign(m, { receiveCount: entry.rc, visibleAt: entry.va, firstReceiveAt: entry.fr });
          break;
        }
        case 'del':
          messages.delete(entry.id);
          break;
        case 'dlq':
          messages.delete(entry.d.messageId);
          deadLetters.set(entry.d.messageId, entry.d);
          break;
        case 'dedup':
          dedup.set(entry.key, { messageId: entry.id, until: entry.until });
          break;
        case 'seq':
          if (nextSequence === undefined || BigInt(entry.next) > nextSequence) nextSequence = BigInt(entry.next);
          break;
      }
    }
    this.lines = lines;
    for (const [key, value] of dedup) if (value.until <= now) dedup.delete(key);
    // the process that had received them is gone, so nobody can still be working on them
    const live = [...messages.values()].map((m) => (m.receiveCount > 0 && m.visibleAt > now ? { ...m, visibleAt: now } : m));
    return {
      messages: live,
      deadLetters: [...deadLetters.values()],
      dedup,
      ...(nextSequence !== undefined ? { nextSequence } : {}),
    };
  }

  send(m: JournalMessage, dedupUntil?: number): void {
    const entries: Entry[] = [{ op: 'send', m }];
    if (m.deduplicationId !== undefined && dedupUntil !== undefined)
      entries.push({ op: 'dedup', key: m.deduplicationId, id: m.messageId, until: dedupUntil });
    this.append(entries);
  }

  received(m: { messageId: string; receiveCount: number; visibleAt: number; firstReceiveAt: number }): void {
    this.append([{ op: 'recv', id: m.messageId, rc: m.receiveCount, va: m.visibleAt, fr: m.firstReceiveAt }]);
  }

  deleted(ids: string[]): void {
    if (ids.length > 0) this.append(ids.map((id) => ({ op: 'del', id })));
  }

  deadLettered(d: JournalDeadLetter): void {
    this.append([{ op: 'dlq', d }]);
  }

  /** Whether the journal has grown enough past `liveEntries` to be worth rewriting. */
  wantsCompaction(liveEntries: number): boolean {
    return this.lines > liveEntries + COMPACT_SLACK;
  }

  /** Replaces the journal with the live state, atomically: a crash leaves either the old file or the new one. */
  compact(state: JournalState): void {
    const entries: Entry[] = [
      ...state.deadLetters.map((d): Entry => ({ op: 'dlq', d })),
      ...state.messages.map((m): Entry => ({ op: 'send', m })),
      ...[...state.dedup].map(([key, v]): Entry => ({ op: 'dedup', key, id: v.messageId, until: v.until })),
      ...(state.nextSequence !== undefined ? [{ op: 'seq', next: String(state.nextSequence) } as Entry] : []),
    ];
    const temp = `${this.file}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      if (entries.length > 0) writeSync(fd, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.close();
    renameSync(temp, this.file);
    this.lines = entries.length;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private append(entries: Entry[]): void {
    this.fd ??= openSync(this.file, 'a', 0o600);
    writeSync(this.fd, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
    this.lines += entries.length;
  }
}
