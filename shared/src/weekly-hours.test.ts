import { describe, expect, it } from 'vitest';
import { defaultWeek, isOutOfHours, localDay, weekIssues, withinVacation, type WeekEntry } from './weekly-hours.ts';

const monday = (hours: Partial<WeekEntry>): WeekEntry[] => [{ ...defaultWeek()[0]!, ...hours }];

describe('weekly hours', () => {
  it('open every day 08:00-12:00 and 13:00-18:00 by default', () => {
    expect(defaultWeek().map((d) => d.weekdayEn)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(new Set(defaultWeek().map((d) => `${d.startTimeA}-${d.endTimeA} ${d.startTimeB}-${d.endTimeB}`))).toEqual(
      new Set(['08:00-12:00 13:00-18:00']),
    );
    expect(weekIssues(defaultWeek())).toEqual([]);
  });

  it('accept a closed day, a single period and periods in either order', () => {
    expect(weekIssues(monday({ startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }))).toEqual([]);
    expect(weekIssues(monday({ startTimeB: '', endTimeB: '' }))).toEqual([]);
    expect(weekIssues(monday({ startTimeA: '14:00', endTimeA: '18:00', startTimeB: '08:00', endTimeB: '12:00' }))).toEqual([]);
  });

  it('flag a time not HH:MM, a period with one end, an end not after its start, overlapping periods and a repeated day', () => {
    expect(weekIssues(monday({ startTimeA: '8:00' }))).toEqual([{ index: 0, field: 'startTimeA', code: 'format' }]);
    expect(weekIssues(monday({ endTimeB: '' }))).toEqual([{ index: 0, field: 'endTimeB', code: 'required' }]);
    expect(weekIssues(monday({ startTimeA: '12:00', endTimeA: '12:00' }))).toEqual([
      { index: 0, field: 'endTimeA', code: 'order' },
    ]);
    expect(weekIssues(monday({ startTimeB: '11:30' }))).toEqual([{ index: 0, field: 'startTimeB', code: 'overlap' }]);
    expect(weekIssues([...monday({}), ...monday({})])).toEqual([{ index: 1, field: 'weekdayEn', code: 'duplicate' }]);
  });
});

describe('the hours rule, read where the engine and the website chat both need it', () => {
  // Wednesday 2026-01-07 at 11:30 UTC is 08:30 in São Paulo (UTC-3)
  const at = new Date('2026-01-07T11:30:00Z');
  const wednesday = (hours: Partial<WeekEntry>): WeekEntry[] => [{ ...defaultWeek()[2]!, ...hours }];

  it("reads the time in the company's zone against today's periods", () => {
    expect(isOutOfHours(wednesday({ startTimeA: '09:00' }), at, 'America/Sao_Paulo')).toBe(true);
    expect(isOutOfHours(wednesday({}), at, 'America/Sao_Paulo')).toBe(false);
    expect(isOutOfHours(wednesday({ startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }), at, 'UTC')).toBe(true);
    expect(isOutOfHours([], at, 'UTC')).toBe(false);
  });

  it("gives the zone's calendar day and whether it falls within a vacation", () => {
    expect(localDay(new Date('2026-01-07T01:00:00Z'), 'America/Sao_Paulo')).toBe('2026-01-06');
    expect(withinVacation('2026-01-05T00:00:00Z', '2026-01-06', '2026-01-06')).toBe(true);
    expect(withinVacation('2026-01-05', '2026-01-06', '2026-01-07')).toBe(false);
    expect(withinVacation(null, '2026-01-06', '2026-01-06')).toBe(false);
  });
});
