import { describe, expect, it } from 'vitest';
import { makeMessage, makeTicket } from '../../../test-fixtures.ts';
import {
  addSentMessage,
  appendMessage,
  flattenMessages,
  removeMessage,
  replaceMessage,
  type MessagePages,
} from './message-pages.ts';

const m = (n: number, extra = {}) => makeMessage({ id: `1-${String(n).padStart(26, '0')}`, body: `m${n}`, ...extra });
const data: MessagePages = {
  pages: [
    { messages: [m(3), m(4)], ticket: makeTicket(), hasMore: true, nextCursor: 'c1' },
    { messages: [m(1), m(2)], ticket: makeTicket(), hasMore: false, nextCursor: null },
  ],
  pageParams: [undefined, 'c1'],
};
const bodies = (d: MessagePages) => flattenMessages(d).map((x) => x.body);

describe('the loaded conversation', () => {
  it('reads oldest first across pages', () => {
    expect(bodies(data)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('adds a live message at the end, once', () => {
    const next = appendMessage(data, m(5));
    expect(bodies(next)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(bodies(appendMessage(next, m(5, { body: 'm5 again' })))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5 again']);
  });

  it("keeps a sent message's live outcome when the send's answer (ack 0) arrives after it", () => {
    const delivered = appendMessage(data, m(5, { fromMe: true, ack: 2 }));
    expect(flattenMessages(addSentMessage(delivered, m(5, { fromMe: true, ack: 0 }))).at(-1)).toMatchObject({
      body: 'm5',
      ack: 2,
    });
    expect(bodies(addSentMessage(data, m(6, { fromMe: true, ack: 0 })))).toEqual(['m1', 'm2', 'm3', 'm4', 'm6']);
  });

  it('shows an edited or deleted message in its place', () => {
    expect(bodies(replaceMessage(data, m(2, { body: 'edited', isEdited: true })))).toEqual(['m1', 'edited', 'm3', 'm4']);
    expect(replaceMessage(data, m(9))).toBe(data);
  });

  it('drops a deleted private note', () => {
    expect(bodies(removeMessage(data, m(3).id))).toEqual(['m1', 'm2', 'm4']);
  });
});
