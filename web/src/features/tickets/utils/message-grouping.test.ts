import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../../test-fixtures.ts';
import { dayLabel, groupMessages, localDay } from './message-grouping.ts';

const msg = (id: number, at: Date, fromMe: boolean, extra = {}) =>
  makeMessage({ id: `1-${String(id).padStart(26, '0')}`, createdAt: at.toISOString(), fromMe, ...extra });

describe('grouping a conversation', () => {
  const d = (day: number, h: number, m: number) => new Date(2025, 4, day, h, m);

  it('puts a separator before the first message of each day', () => {
    const items = groupMessages([msg(1, d(9, 10, 0), false), msg(2, d(10, 9, 0), true), msg(3, d(10, 9, 1), true)]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'message', 'day', 'message', 'message']);
    expect(items[2]).toMatchObject({ kind: 'day', day: localDay(d(10, 9, 0).toISOString()) });
  });

  it('runs consecutive messages of one side within five minutes together', () => {
    const items = groupMessages([
      msg(1, d(10, 9, 0), false),
      msg(2, d(10, 9, 2), false),
      msg(3, d(10, 9, 3), true),
      msg(4, d(10, 9, 20), true),
    ]).filter((i) => i.kind === 'message');
    expect(items.map((i) => [i.startsRun, i.endsRun])).toEqual([
      [true, false],
      [false, true],
      [true, true],
      [true, true],
    ]);
  });

  it('sets private notes apart from the agent messages around them', () => {
    const items = groupMessages([msg(1, d(10, 9, 0), true), msg(2, d(10, 9, 1), true, { isPrivate: true })]).filter(
      (i) => i.kind === 'message',
    );
    expect(items.map((i) => i.startsRun)).toEqual([true, true]);
  });

  it("marks where a later ticket's messages begin and does not run bubbles across it", () => {
    const items = groupMessages([
      msg(1, d(10, 9, 0), false, { ticketId: 7 }),
      msg(2, d(10, 9, 1), false, { ticketId: 9 }),
      msg(3, d(10, 9, 2), false, { ticketId: 9 }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'message', 'ticket', 'message', 'message']);
    expect(items[2]).toMatchObject({ kind: 'ticket', ticketId: 9 });
    const bubbles = items.filter((i) => i.kind === 'message');
    expect(bubbles.map((i) => [i.startsRun, i.endsRun])).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
  });

  it('names today and yesterday', () => {
    const now = d(10, 12, 0);
    expect(dayLabel(localDay(d(10, 8, 0).toISOString()), now)).toBe('today');
    expect(dayLabel(localDay(d(9, 8, 0).toISOString()), now)).toBe('yesterday');
    expect(dayLabel(localDay(d(1, 8, 0).toISOString()), now)).toBe('date');
  });
});
