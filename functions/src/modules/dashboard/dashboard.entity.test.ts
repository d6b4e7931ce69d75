import { describe, expect, it } from 'vitest';
import { contributionOf, deltaOf, type TicketMark } from './dashboard.entity.ts';

const mark = (over: Partial<TicketMark> = {}): TicketMark => ({
  ticketId: 1,
  contactId: 1,
  day: '2026-01-01',
  hour: '09',
  createdAt: '2026-01-01T09:00:00.000Z',
  status: 'pending',
  userId: null,
  active: false,
  startedAt: null,
  closedAt: null,
  rate: null,
  rateUserId: null,
  seen: '2026-01-01T09:00:00.000Z',
  ...over,
});

describe('what a ticket adds to the dashboard counters', () => {
  it('counts a waiting ticket once, in its day and hour, as started by the customer', () => {
    expect(Object.fromEntries(contributionOf(mark()))).toEqual({ D: { tickets: 1, h09: 1, passive: 1 } });
  });

  it('moves a ticket from waiting to closed and rated, with its wait and support times, to its agent', () => {
    const taken = mark({ status: 'open', userId: 7, startedAt: '2026-01-01T09:02:00.000Z' });
    const closed = { ...taken, status: 'closed', closedAt: '2026-01-01T09:12:00.000Z' };
    const rated = { ...closed, rate: 9, rateUserId: 7 };
    expect(Object.fromEntries(deltaOf(mark(), taken))).toEqual({
      D: { waitSum: 120_000, waitN: 1 },
      'U#7': { tickets: 1, waitSum: 120_000, waitN: 1 },
    });
    expect(Object.fromEntries(deltaOf(taken, closed))).toEqual({
      D: { finished: 1, supportSum: 600_000, supportN: 1 },
      'U#7': { supportSum: 600_000, supportN: 1 },
    });
    expect(Object.fromEntries(deltaOf(closed, rated))).toEqual({
      D: { finishedRated: 1, rated: 1, promoters: 1 },
      'U#7': { rateSum: 9, rateN: 1 },
    });
  });

  it('takes a reopened ticket out of the finished ones, and a transfer from one agent to the other', () => {
    const closed = mark({
      status: 'closed',
      userId: 7,
      startedAt: '2026-01-01T09:00:00.000Z',
      closedAt: '2026-01-01T09:10:00.000Z',
    });
    expect(Object.fromEntries(deltaOf(closed, { ...closed, status: 'open', closedAt: null }))).toEqual({
      D: { finished: -1, supportSum: -600_000, supportN: -1 },
      'U#7': { supportSum: -600_000, supportN: -1 },
    });
    const open = mark({ status: 'open', userId: 7, startedAt: '2026-01-01T09:00:00.000Z' });
    expect(Object.fromEntries(deltaOf(open, { ...open, userId: 8 }))).toEqual({ 'U#7': { tickets: -1 }, 'U#8': { tickets: 1 } });
  });

  it('splits ratings as the reference does: 9 and 10 promote, 7 and 8 are passive, 0 to 6 detract', () => {
    const of = (rate: number) =>
      Object.keys(contributionOf(mark({ rate })).get('D')!).filter((k) => ['promoters', 'passives', 'detractors'].includes(k));
    expect([10, 9, 8, 7, 6, 0].map(of)).toEqual([
      ['promoters'],
      ['promoters'],
      ['passives'],
      ['passives'],
      ['detractors'],
      ['detractors'],
    ]);
  });

  it('changes nothing between equal marks', () => {
    expect(deltaOf(mark({ status: 'nps' }), mark({ status: 'nps', seen: 'later' })).size).toBe(0);
  });
});
