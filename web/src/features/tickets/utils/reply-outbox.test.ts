import type { Message } from '@switchboard/shared/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { makeMessage } from '../../../test-fixtures.ts';
import {
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  memoryOutboxStore,
  ReplyOutbox,
  retryDelay,
  stillWaiting,
  type OutboxReply,
  type OutboxStore,
} from './reply-outbox.ts';

/**
 * The outbox of text replies, over a store in memory and a fake server: each call to `send` is one request that the
 * test answers (a message, no answer, a refusal) when it chooses.
 */

interface Call {
  reply: OutboxReply;
  answer(message?: Partial<Message>): Promise<void>;
  fail(error: unknown): Promise<void>;
}

let calls: Call[];
let sent: { reply: OutboxReply; message: Message }[];
let online: boolean;
let serial: number;

const settle = () => vi.advanceTimersByTimeAsync(0);

const server = (reply: OutboxReply): Promise<Message> =>
  new Promise((resolve, reject) => {
    calls.push({
      reply,
      answer: async (message = {}) => {
        resolve(
          makeMessage({
            id: `m-${reply.key}`,
            ticketId: reply.ticketId,
            body: reply.message.body,
            clientKey: reply.key,
            ...message,
          }),
        );
        await settle();
      },
      fail: async (error) => {
        reject(error);
        await settle();
      },
    });
  });

const outboxOver = async (store: OutboxStore, owner = '7:1') => {
  const outbox = new ReplyOutbox({
    store,
    owner,
    send: server,
    onSent: (reply, message) => sent.push({ reply, message }),
    canTry: () => online,
    newKey: () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`,
  });
  await outbox.ready;
  await settle();
  return outbox;
};

const bodies = (outbox: ReplyOutbox, ticketId: number) => outbox.repliesOf(ticketId).map((r) => `${r.message.body}:${r.state}`);
const offline = () => new ApiError(0, { error: 'ERR_NETWORK' });

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  sent = [];
  online = true;
  serial = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reply outbox', () => {
  it('shows a typed reply at once as waiting, sends it with its key and lets it go once the server has it', async () => {
    const store = memoryOutboxStore();
    const outbox = await outboxOver(store);
    const reply = outbox.add(5, { body: 'Olá', isPrivate: false });
    expect(bodies(outbox, 5)).toEqual(['Olá:waiting']);
    await settle();
    expect((await store.all()).map((r) => r.key)).toEqual([reply.key]);
    expect(calls.map((c) => c.reply.key)).toEqual([reply.key]);

    await calls[0]!.answer();
    expect(bodies(outbox, 5)).toEqual([]);
    expect(await store.all()).toEqual([]);
    expect(sent.map((s) => s.message.clientKey)).toEqual([reply.key]);
  });

  it("sends a ticket's replies in typing order, each after the one before, and other tickets alongside", async () => {
    const outbox = await outboxOver(memoryOutboxStore());
    outbox.add(5, { body: 'primeira', isPrivate: false });
    outbox.add(5, { body: 'segunda', isPrivate: false });
    outbox.add(6, { body: 'outro atendimento', isPrivate: false });
    await settle();
    expect(calls.map((c) => c.reply.message.body)).toEqual(['primeira', 'outro atendimento']);

    await calls[0]!.answer();
    expect(calls.map((c) => c.reply.message.body)).toEqual(['primeira', 'outro atendimento', 'segunda']);
    await calls[2]!.answer();
    await calls[1]!.answer();
    expect(sent.map((s) => s.message.body)).toEqual(['primeira', 'segunda', 'outro atendimento']);
  });

  it('keeps a reply waiting on a failing network and tries it again with a growing delay, with the same key', async () => {
    const outbox = await outboxOver(memoryOutboxStore());
    const reply = outbox.add(5, { body: 'vai chegar', isPrivate: false });
    outbox.add(5, { body: 'depois', isPrivate: false });
    await settle();
    await calls[0]!.fail(new TypeError('Failed to fetch'));
    expect(bodies(outbox, 5)).toEqual(['vai chegar:waiting', 'depois:waiting']);

    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await calls[1]!.fail(new ApiError(503, {}));
    await vi.advanceTimersByTimeAsync(2 * FIRST_RETRY_DELAY_MS - 1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    // the first try is still being answered on the server: that is no refusal either
    await calls[2]!.fail(new ApiError(409, { error: 'ERR_IDEMPOTENCY_IN_PROGRESS' }));
    expect(bodies(outbox, 5)).toEqual(['vai chegar:waiting', 'depois:waiting']);

    // the network comes back: the reply goes at once, not at the end of its delay
    outbox.wake();
    await settle();
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.reply.key))).toEqual(new Set([reply.key]));
    await calls[3]!.answer();
    expect(calls.map((c) => c.reply.message.body).at(-1)).toBe('depois');
  });

  it('waits while the browser is offline and sends when woken online', async () => {
    online = false;
    const outbox = await outboxOver(memoryOutboxStore());
    outbox.add(5, { body: 'offline', isPrivate: false });
    await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS * 2);
    expect(calls).toHaveLength(0);
    expect(bodies(outbox, 5)).toEqual(['offline:waiting']);
    online = true;
    outbox.wake();
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('marks a refused reply failed with the reason, holds the later ones behind it, and sends it again on retry', async () => {
    const store = memoryOutboxStore();
    const outbox = await outboxOver(store);
    const refused = outbox.add(5, { body: 'fora da janela', isPrivate: false });
    outbox.add(5, { body: 'depois', isPrivate: false });
    await settle();
    await calls[0]!.fail(new ApiError(400, { error: 'ERR_OUTSIDE_SERVICE_WINDOW' }));
    expect(bodies(outbox, 5)).toEqual(['fora da janela:failed', 'depois:waiting']);
    expect(outbox.repliesOf(5)[0]!.error).toEqual({ status: 400, body: { error: 'ERR_OUTSIDE_SERVICE_WINDOW' } });
    expect((await store.all()).find((r) => r.key === refused.key)?.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS * 2);
    expect(calls).toHaveLength(1);

    outbox.retry(refused.key);
    await settle();
    expect(bodies(outbox, 5)).toEqual(['fora da janela:waiting', 'depois:waiting']);
    expect(calls.map((c) => c.reply.key)).toEqual([refused.key, refused.key]);
    await calls[1]!.answer();
    expect(calls.map((c) => c.reply.message.body)).toEqual(['fora da janela', 'fora da janela', 'depois']);
  });

  it('drops a cancelled reply, sends nothing of it, and lets the next one go', async () => {
    const store = memoryOutboxStore();
    const outbox = await outboxOver(store);
    const first = outbox.add(5, { body: 'cancelada', isPrivate: false });
    outbox.add(5, { body: 'seguinte', isPrivate: false });
    await settle();
    await calls[0]!.fail(new ApiError(422, { error: 'ERR_IDEMPOTENCY_KEY_REUSED' }));
    outbox.cancel(first.key);
    await settle();
    expect(bodies(outbox, 5)).toEqual(['seguinte:waiting']);
    expect((await store.all()).map((r) => r.message.body)).toEqual(['seguinte']);
    expect(calls.map((c) => c.reply.message.body)).toEqual(['cancelada', 'seguinte']);
  });

  it('gives up a cancelled waiting reply whose send then finds no network', async () => {
    const outbox = await outboxOver(memoryOutboxStore());
    const reply = outbox.add(5, { body: 'desisti', isPrivate: false });
    await settle();
    outbox.cancel(reply.key);
    await calls[0]!.fail(offline());
    await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS * 2);
    expect(calls).toHaveLength(1);
    expect(bodies(outbox, 5)).toEqual([]);
  });

  it("takes up the stored replies after a reload, in order, and leaves another user's alone", async () => {
    online = false;
    const store = memoryOutboxStore();
    const before = await outboxOver(store);
    before.add(5, { body: 'um', isPrivate: false });
    before.add(5, { body: 'dois', isPrivate: false });
    await settle();
    before.close();
    const others = await outboxOver(store, '7:2');
    expect(bodies(others, 5)).toEqual([]);
    others.close();

    online = true;
    const after = await outboxOver(store);
    expect(bodies(after, 5)).toEqual(['um:waiting', 'dois:waiting']);
    expect(calls.map((c) => c.reply.message.body)).toEqual(['um']);
    await calls[0]!.answer();
    await calls[1]!.answer();
    expect(sent.map((s) => s.message.body)).toEqual(['um', 'dois']);
    expect(await store.all()).toEqual([]);
  });

  it('keeps the same snapshot of a ticket until its replies change', async () => {
    const outbox = await outboxOver(memoryOutboxStore());
    const empty = outbox.repliesOf(5);
    expect(outbox.repliesOf(5)).toBe(empty);
    outbox.add(5, { body: 'x', isPrivate: false });
    const one = outbox.repliesOf(5);
    expect(one).not.toBe(empty);
    expect(outbox.repliesOf(5)).toBe(one);
  });
});

describe('retryDelay', () => {
  it('doubles from the first delay up to the most', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(20)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('stillWaiting', () => {
  it('leaves out a reply whose message has arrived', () => {
    const reply = (key: string): OutboxReply => ({
      key,
      owner: '7:1',
      ticketId: 5,
      seq: 1,
      createdAt: '2030-01-01T00:00:00.000Z',
      message: { body: key, isPrivate: false },
      state: 'waiting',
    });
    const waiting = [reply('a'), reply('b')];
    expect(stillWaiting(waiting, [makeMessage({ id: 'm1', clientKey: 'a' })]).map((r) => r.key)).toEqual(['b']);
    expect(stillWaiting(waiting, [makeMessage({ id: 'm1' })])).toBe(waiting);
  });
});
