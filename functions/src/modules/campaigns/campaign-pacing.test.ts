import { describe, expect, it } from 'vitest';
import {
  dailyCapOf,
  initialPacing,
  localDay,
  nextAllowedMoment,
  planNext,
  type PacingRules,
  type PacingState,
} from './campaign-pacing.ts';

const rules = (over: Partial<PacingRules> = {}): PacingRules => ({
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  startHour: '09:00',
  endHour: '18:00',
  sabado: false,
  domingo: false,
  timeZone: 'UTC',
  jitterRatio: 0,
  dailyCap: () => Infinity,
  ...over,
});

const plan = (n: number, r: PacingRules, start: Date, random: () => number = () => 0): Date[] => {
  let state: PacingState = initialPacing();
  const out: Date[] = [];
  for (let i = 0; i < n; i++) {
    const next = planNext(state, r, start, random);
    out.push(next.at);
    state = next.state;
  }
  return out;
};

const gaps = (ds: Date[]) => ds.slice(1).map((d, i) => (d.getTime() - ds[i]!.getTime()) / 1000);

// 2026-11-18 is a Wednesday
const wednesday10 = new Date('2026-11-18T10:00:00Z');

describe('planNext', () => {
  it('spaces sends by messageInterval and pauses greaterInterval after every longerIntervalAfter sends', () => {
    const at = plan(45, rules(), wednesday10);
    expect(at[0]!.toISOString()).toBe('2026-11-18T10:00:00.000Z');
    const g = gaps(at);
    // sends 1..19 follow 20 s apart; the 21st (index 20) and the 41st come after the longer pause
    expect(g.slice(0, 19).every((s) => s === 20)).toBe(true);
    expect(g[19]).toBe(60);
    expect(g[39]).toBe(60);
    expect(g.filter((s) => s === 60)).toHaveLength(2);
  });

  it('adds a jitter of at most jitterRatio of the gap and never shortens it', () => {
    const randoms = [0, 0.5, 1, 0.25, 0.999];
    let i = 0;
    const at = plan(200, rules({ jitterRatio: 0.2, longerIntervalAfter: 0 }), wednesday10, () => randoms[i++ % randoms.length]!);
    const g = gaps(at);
    expect(Math.min(...g)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...g)).toBeLessThanOrEqual(24);
    expect(new Set(g).size).toBeGreaterThan(1);
  });

  it('moves a send due before the start hour to it, and one after the end hour to the next morning', () => {
    expect(plan(1, rules(), new Date('2026-11-18T06:30:00Z'))[0]!.toISOString()).toBe('2026-11-18T09:00:00.000Z');
    expect(plan(1, rules(), new Date('2026-11-18T18:00:00Z'))[0]!.toISOString()).toBe('2026-11-19T09:00:00.000Z');
    // the sends that would run past 18:00 continue the next morning at 09:00
    const late = plan(4, rules({ longerIntervalAfter: 0, messageInterval: 60 }), new Date('2026-11-18T17:58:00Z'));
    expect(late.map((d) => d.toISOString())).toEqual([
      '2026-11-18T17:58:00.000Z',
      '2026-11-18T17:59:00.000Z',
      '2026-11-19T09:00:00.000Z',
      '2026-11-19T09:01:00.000Z',
    ]);
  });

  it('skips Saturday and Sunday unless sabado and domingo allow them', () => {
    const fridayEvening = new Date('2026-11-20T18:30:00Z');
    expect(plan(1, rules(), fridayEvening)[0]!.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(plan(1, rules({ sabado: true }), fridayEvening)[0]!.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(plan(1, rules({ domingo: true }), fridayEvening)[0]!.toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });

  it('reads the hours in the company’s time zone', () => {
    // 11:00 UTC is 08:00 in São Paulo: the send waits for 09:00 there, 12:00 UTC
    const r = rules({ timeZone: 'America/Sao_Paulo' });
    expect(plan(1, r, new Date('2026-11-18T11:00:00Z'))[0]!.toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(localDay(new Date('2026-11-21T01:30:00Z'), 'America/Sao_Paulo')).toBe('2026-11-20');
  });

  it('keeps to the daily cap, moving the rest to the next allowed day', () => {
    const at = plan(7, rules({ dailyCap: () => 3, longerIntervalAfter: 0 }), wednesday10);
    expect(at.map((d) => localDay(d, 'UTC'))).toEqual([
      '2026-11-18',
      '2026-11-18',
      '2026-11-18',
      '2026-11-19',
      '2026-11-19',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(at[3]!.toISOString()).toBe('2026-11-19T09:00:00.000Z');
    // Friday's third send is followed by Monday's first
    const fromFriday = plan(4, rules({ dailyCap: () => 3 }), new Date('2026-11-20T10:00:00Z'));
    expect(fromFriday[3]!.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('leaves a window that has no minute as it is instead of looping', () => {
    const at = new Date('2026-11-18T03:00:00Z');
    expect(nextAllowedMoment(at, rules({ startHour: '10:00', endHour: '10:00' }))).toEqual(at);
  });
});

describe('dailyCapOf', () => {
  it('grows the warm-up cap day by day up to the daily limit', () => {
    const cap = dailyCapOf({ dailyLimit: 100, warmupStart: 20, warmupIncrement: 30 }, '2026-11-18');
    expect(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'].map(cap)).toEqual([20, 50, 80, 100]);
    expect(dailyCapOf({ dailyLimit: 0, warmupStart: 0, warmupIncrement: 0 }, '2026-11-18')('2026-11-18')).toBe(Infinity);
    expect(dailyCapOf({ dailyLimit: 40, warmupStart: 0, warmupIncrement: 0 }, '2026-11-18')('2027-01-01')).toBe(40);
  });

  it('plans a warm-up campaign at 2, 4, 6 sends over its first days', () => {
    const cap = dailyCapOf({ dailyLimit: 0, warmupStart: 2, warmupIncrement: 2 }, '2026-11-18');
    const at = plan(12, rules({ dailyCap: cap, longerIntervalAfter: 0, sabado: true, domingo: true }), wednesday10);
    const perDay = new Map<string, number>();
    for (const d of at) perDay.set(localDay(d, 'UTC'), (perDay.get(localDay(d, 'UTC')) ?? 0) + 1);
    expect([...perDay.values()]).toEqual([2, 4, 6]);
  });
});
