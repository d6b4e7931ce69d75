import type { Message } from '@switchboard/shared/contracts/messages';
import { normaliseError, type ApiError, type ApiErrorBody } from '../../../lib/api-error.ts';

/**
 * The outbox of an agent's text replies: a reply is kept (in IndexedDB, through an `OutboxStore`) from the moment it
 * is typed until the server has it, so a reply typed offline or on a failing network is never lost. Each reply
 * carries a UUID made when it was typed, sent as its Idempotency-Key, so however often a send is tried the server
 * stores and sends the reply once. Replies of one ticket go in the order they were typed: a later one waits behind
 * an earlier one, also behind one the server refused, until the agent tries that again or cancels it.
 * A send that gets no answer (or a 5xx, 408, 429, or "still in progress") is tried again with a growing delay, and at
 * once when the browser is back online; any other refusal marks the reply failed with the server's error.
 */

export interface OutboxMessage {
  body: string;
  isPrivate: boolean;
  quotedMsg?: { id: string };
}

export interface OutboxReply {
  /** the UUID made when the reply was typed: its Idempotency-Key, and the `clientKey` of the message it becomes */
  key: string;
  /** whose outbox holds it (company and user), so another sign-in on the browser never sends it */
  owner: string;
  ticketId: number;
  /** the typing order */
  seq: number;
  createdAt: string;
  message: OutboxMessage;
  state: 'waiting' | 'failed';
  /** why the server refused it (failed) */
  error?: { status: number; body: ApiErrorBody };
}

/** Where the replies are kept across reloads. */
export interface OutboxStore {
  all(): Promise<OutboxReply[]>;
  put(reply: OutboxReply): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A store in memory: for a browser without IndexedDB (replies then last as long as the page), and for tests. */
export const memoryOutboxStore = (initial: OutboxReply[] = []): OutboxStore => {
  const items = new Map(initial.map((r) => [r.key, structuredClone(r)]));
  return {
    all: async () => [...items.values()].map((r) => structuredClone(r)),
    put: async (reply) => void items.set(reply.key, structuredClone(reply)),
    delete: async (key) => void items.delete(key),
  };
};

/** The first retry waits this long; each next one twice as long, up to MAX_RETRY_DELAY_MS. */
export const FIRST_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

export const retryDelay = (failures: number): number =>
  Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_DELAY_MS);

/** Whether a failed send may succeed as it is later: no answer, the server's trouble, or the first try still running. */
export const isPassingFailure = (error: ApiError): boolean =>
  error.status === 0 ||
  error.status >= 500 ||
  error.status === 408 ||
  error.status === 429 ||
  error.code === 'ERR_IDEMPOTENCY_IN_PROGRESS';

export interface ReplyOutboxOptions {
  store: OutboxStore;
  owner: string;
  /** sends one reply with its key as Idempotency-Key; answers the stored message */
  send(reply: OutboxReply): Promise<Message>;
  /** the server has the reply: its message joins the conversation */
  onSent?(reply: OutboxReply, message: Message): void;
  /** whether the browser says it has a network; while it says not, nothing is tried (`wake` starts again) */
  canTry?(): boolean;
  newKey?(): string;
  now?(): number;
}

const EMPTY: readonly OutboxReply[] = [];

export class ReplyOutbox {
  private replies: OutboxReply[] = [];
  private readonly inFlight = new Set<number>();
  private readonly failures = new Map<string, number>();
  private readonly notBefore = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private snapshots = new Map<number, readonly OutboxReply[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastSeq = 0;
  private closed = false;
  /** settles once the stored replies are read (and their sends started) */
  readonly ready: Promise<void>;

  constructor(private readonly options: ReplyOutboxOptions) {
    this.ready = this.load();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private async load(): Promise<void> {
    let stored: OutboxReply[] = [];
    try {
      stored = (await this.options.store.all()).filter((r) => r.owner === this.options.owner);
    } catch {
      // an unreadable store leaves only what is typed from now on
    }
    const known = new Set(this.replies.map((r) => r.key));
    this.replies = [...stored.filter((r) => !known.has(r.key)), ...this.replies].sort((a, b) => a.seq - b.seq);
    this.lastSeq = Math.max(this.lastSeq, ...this.replies.map((r) => r.seq));
    this.changed();
    this.pump();
  }

  /** Keeps a typed reply (shown at once as waiting) and sends it when its turn comes. */
  add(ticketId: number, message: OutboxMessage): OutboxReply {
    const seq = Math.max(this.now(), this.lastSeq + 1);
    this.lastSeq = seq;
    const reply: OutboxReply = {
      key: this.options.newKey?.() ?? crypto.randomUUID(),
      owner: this.options.owner,
      ticketId,
      seq,
      createdAt: new Date(this.now()).toISOString(),
      message,
      state: 'waiting',
    };
    this.replies = [...this.replies, reply];
    this.changed();
    void this.options.store
      .put(reply)
      .catch(() => undefined)
      .then(() => this.pump());
    return reply;
  }

  /** Drops a reply that is waiting or failed; one whose send is on its way may still reach the server. */
  cancel(key: string): void {
    const reply = this.replies.find((r) => r.key === key);
    if (!reply) return;
    this.forget(key);
    void this.options.store
      .delete(key)
      .catch(() => undefined)
      .then(() => this.pump());
  }

  /** Tries a failed reply again, now. */
  retry(key: string): void {
    const reply = this.replies.find((r) => r.key === key);
    if (!reply || reply.state !== 'failed') return;
    const waiting: OutboxReply = { ...reply, state: 'waiting' };
    delete waiting.error;
    this.update(waiting);
    this.failures.delete(key);
    this.notBefore.delete(key);
    void this.options.store
      .put(waiting)
      .catch(() => undefined)
      .then(() => this.pump());
  }

  /** The network is back: every waiting reply is tried now, not at the end of its delay. */
  wake(): void {
    this.notBefore.clear();
    this.pump();
  }

  /** The ticket's replies not yet taken by the server, in typing order (a stable array until they change). */
  repliesOf(ticketId: number): readonly OutboxReply[] {
    let snapshot = this.snapshots.get(ticketId);
    if (!snapshot) {
      const own = this.replies.filter((r) => r.ticketId === ticketId);
      snapshot = own.length ? own : EMPTY;
      this.snapshots.set(ticketId, snapshot);
    }
    return snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops trying (a sign-out); what is stored stays for the same user's next session. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private changed(): void {
    this.snapshots = new Map();
    this.listeners.forEach((l) => l());
  }

  private update(reply: OutboxReply): void {
    this.replies = this.replies.map((r) => (r.key === reply.key ? reply : r));
    this.changed();
  }

  private forget(key: string): void {
    this.replies = this.replies.filter((r) => r.key !== key);
    this.failures.delete(key);
    this.notBefore.delete(key);
    this.changed();
  }

  /** Starts the send of each ticket's first reply whose turn it is; arms a timer for the next delayed one. */
  private pump(): void {
    if (this.closed) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.options.canTry && !this.options.canTry()) return;
    const now = this.now();
    let nextAt = Infinity;
    const fronts = new Map<number, OutboxReply>();
    for (const r of this.replies) if (!fronts.has(r.ticketId)) fronts.set(r.ticketId, r);
    for (const [ticketId, reply] of fronts) {
      if (reply.state !== 'waiting' || this.inFlight.has(ticketId)) continue;
      const at = this.notBefore.get(reply.key) ?? 0;
      if (at > now) nextAt = Math.min(nextAt, at);
      else void this.sendOne(reply);
    }
    if (nextAt !== Infinity) this.timer = setTimeout(() => this.pump(), nextAt - now);
  }

  private async sendOne(reply: OutboxReply): Promise<void> {
    this.inFlight.add(reply.ticketId);
    try {
      const message = await this.options.send(reply);
      // the message joins the conversation before the waiting bubble goes, so the reply never blinks out; also for a
      // reply cancelled while on its way: it reached the server all the same, and shows like any other
      this.options.onSent?.(reply, message);
      this.forget(reply.key);
      await this.options.store.delete(reply.key).catch(() => undefined);
    } catch (thrown) {
      const error = normaliseError(thrown);
      const current = this.replies.find((r) => r.key === reply.key);
      if (current) {
        if (isPassingFailure(error)) {
          const failures = (this.failures.get(reply.key) ?? 0) + 1;
          this.failures.set(reply.key, failures);
          this.notBefore.set(reply.key, this.now() + retryDelay(failures));
        } else {
          const failed: OutboxReply = { ...current, state: 'failed', error: { status: error.status, body: error.body } };
          this.update(failed);
          await this.options.store.put(failed).catch(() => undefined);
        }
      }
    } finally {
      this.inFlight.delete(reply.ticketId);
      this.changed();
      this.pump();
    }
  }
}

/** The replies of `waiting` whose message is not in `messages` yet: a message that arrived replaces its bubble. */
export const stillWaiting = (waiting: readonly OutboxReply[], messages: readonly Message[]): readonly OutboxReply[] => {
  if (!waiting.length) return waiting;
  const arrived = new Set(messages.map((m) => m.clientKey).filter((k): k is string => !!k));
  return arrived.size ? waiting.filter((r) => !arrived.has(r.key)) : waiting;
};
