import { describe, expect, it } from 'vitest';
import { chartQueryOf, dashboardQueryOf, defaultPeriod, periodProblem } from './period.ts';

describe('the dashboard period', () => {
  it('defaults to the first day of the month up to today', () => {
    expect(defaultPeriod(new Date(2026, 10, 25))).toEqual({ mode: 'range', from: '2026-11-01', to: '2026-11-25' });
  });

  it('asks for days or for a range, and gives the charts the same days', () => {
    const today = new Date(2026, 2, 2);
    expect(dashboardQueryOf({ mode: 'days', days: 7 })).toEqual({ days: 7 });
    expect(chartQueryOf({ mode: 'days', days: 7 }, today)).toEqual({ initialDate: '2026-02-24', finalDate: '2026-03-02' });
    expect(dashboardQueryOf({ mode: 'range', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-01-31',
    });
    expect(chartQueryOf({ mode: 'range', from: '2026-01-01', to: '2026-01-31' }, today)).toEqual({
      initialDate: '2026-01-01',
      finalDate: '2026-01-31',
    });
  });

  it('refuses a range in the wrong order, longer than a year, or a day count out of bounds', () => {
    expect(periodProblem({ mode: 'range', from: '2026-02-01', to: '2026-01-01' })).toBe('order');
    expect(periodProblem({ mode: 'range', from: '2024-01-01', to: '2026-01-01' })).toBe('length');
    expect(periodProblem({ mode: 'days', days: 0 })).toBe('days');
    expect(periodProblem({ mode: 'range', from: '2026-01-01', to: '2026-01-01' })).toBeUndefined();
  });
});
