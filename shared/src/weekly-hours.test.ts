import { describe, expect, it } from 'vitest';
import { defaultWeek, weekIssues, type WeekEntry } from './weekly-hours.ts';

const monday = (hours: Partial<WeekEntry>): WeekEntry[] => [{ ...defaultWeek()[0]!, ...hours }];

describe('weekly hours', () => {
  it('open every day 08:00-12:00 and 13:00-18:00 by default', () => {
    expect(defaultWeek().map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(new Set(defaultWeek().map((d) => `${d.startTimeA}-${d.endTimeA} ${d.startTimeB}-${d.endTimeB}`))).toEqual(new Set(['08:00-12:00 13:00-18:00']));
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
    expect(weekIssues(monday({ startTimeA: '12:00', endTimeA: '12:00' }))).toEqual([{ index: 0, field: 'endTimeA', code: 'order' }]);
    expect(weekIssues(monday({ startTimeB: '11:30' }))).toEqual([{ index: 0, field: 'startTimeB', code: 'overlap' }]);
    expect(weekIssues([...monday({}), ...monday({})])).toEqual([{ index: 1, field: 'weekdayEn', code: 'duplicate' }]);
  });
});
