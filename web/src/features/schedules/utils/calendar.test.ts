import { describe, expect, it } from 'vitest';
import { agendaDays, dayKey, eventsByDay, monthGrid, shiftMonth } from './calendar.ts';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('monthGrid', () => {
  it('covers the month in six weeks starting on Monday', () => {
    // November 2026 begins on a Sunday
    const weeks = monthGrid(local(2026, 11, 20));
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7 && w[0]!.getDay() === 1)).toBe(true);
    expect(dayKey(weeks[0]![0]!)).toBe('2026-10-26');
    expect(dayKey(weeks[0]![6]!)).toBe('2026-11-01');
    expect(dayKey(weeks[5]![6]!)).toBe('2026-12-06');
  });

  it('moves between months from any day, also across the year', () => {
    expect(dayKey(shiftMonth(local(2026, 1, 31), 1))).toBe('2026-02-01');
    expect(dayKey(shiftMonth(local(2026, 1, 15), -1))).toBe('2025-12-01');
  });
});

describe('eventsByDay and agendaDays', () => {
  const events = [
    { id: 3, sendAt: local(2026, 11, 21, 9).toISOString() },
    { id: 1, sendAt: local(2026, 11, 20, 15, 30).toISOString() },
    { id: 2, sendAt: local(2026, 11, 20, 8).toISOString() },
    { id: 4, sendAt: local(2026, 11, 18, 8).toISOString() },
  ];

  it('places each schedule on the local day of sendAt, earliest first', () => {
    const days = eventsByDay(events);
    expect(days.get('2026-11-20')!.map((e) => e.id)).toEqual([2, 1]);
    expect(days.get('2026-11-21')!.map((e) => e.id)).toEqual([3]);
  });

  it('lists the days from today on for the agenda', () => {
    expect(agendaDays(events, local(2026, 11, 20, 23)).map((d) => [d.day, d.events.map((e) => e.id)])).toEqual([
      ['2026-11-20', [2, 1]],
      ['2026-11-21', [3]],
    ]);
  });

  it("places schedules on the company's day when its zone is given, whatever the browser's", () => {
    // 02:30 UTC on the 21st is still the 20th in São Paulo, and already the 21st in Tokyo
    const late = [{ id: 9, sendAt: '2026-11-21T02:30:00.000Z' }];
    expect([...eventsByDay(late, 'America/Sao_Paulo').keys()]).toEqual(['2026-11-20']);
    expect([...eventsByDay(late, 'Asia/Tokyo').keys()]).toEqual(['2026-11-21']);
    expect(agendaDays(late, new Date('2026-11-20T23:00:00.000Z'), 'America/Sao_Paulo').map((d) => d.day)).toEqual(['2026-11-20']);
  });
});
