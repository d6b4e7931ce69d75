import { describe, expect, it } from 'vitest';
import { makeMessage, makeTicket } from '../../../test-fixtures.ts';
import type { MessagePage } from './message-pages.ts';
import { readAllMessages } from './read-all-messages.ts';

const m = (n: number) => makeMessage({ id: `1-${String(n).padStart(26, '0')}`, body: `m${n}` });

describe('the whole conversation, read page by page', () => {
  const page = (messages: number[], nextCursor: string | null): MessagePage => ({
    messages: messages.map((n) => m(n)),
    ticket: makeTicket(),
    hasMore: nextCursor !== null,
    nextCursor,
  });

  it('follows the cursors to the first message and returns every message oldest first, once', async () => {
    const pages: Record<string, MessagePage> = { first: page([5, 6], 'c1'), c1: page([3, 4, 5], 'c2'), c2: page([1, 2], null) };
    const asked: (string | undefined)[] = [];
    const all = await readAllMessages(async (cursor) => (asked.push(cursor), pages[cursor ?? 'first']!));
    expect(asked).toEqual([undefined, 'c1', 'c2']);
    expect(all.map((x) => x.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('stops when the server gives a cursor it already gave', async () => {
    let reads = 0;
    const all = await readAllMessages(async () => (reads++, page([reads], 'same')));
    expect(reads).toBe(2);
    expect(all.map((x) => x.body)).toEqual(['m2', 'm1']);
  });

  it('passes a failed read on', async () => {
    await expect(readAllMessages(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
