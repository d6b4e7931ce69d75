import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock.ts';
import { calendarDaysBetween, signInOutcome, subscriptionState } from './subscription.ts';

// Local-time constructors keep these tests independent of the machine's time zone.
const now = fixedClock(new Date(2025, 5, 10, 9, 30)).now();
const at = (day: number, hour = 12) => new Date(2025, 5, day, hour).toISOString();

describe('sign-in outcome', () => {
  it('enters the inbox without a notice when the due date is 5 or more days ahead', () => {
    expect(signInOutcome({ id: 7, dueDate: at(15) }, now)).toEqual({ path: '/tickets' });
    expect(signInOutcome({ id: 7, dueDate: new Date(2026, 0, 1).toISOString() }, now)).toEqual({ path: '/tickets' });
  });

  it('enters the inbox with a warning when fewer than 5 days remain', () => {
    const outcome = signInOutcome({ id: 7, dueDate: at(14) }, now);
    expect(outcome.path).toBe('/tickets');
    expect(outcome.notice).toMatchObject({ kind: 'expires-soon', daysLeft: 4 });
    expect(signInOutcome({ id: 7, dueDate: at(11) }, now).notice).toMatchObject({ kind: 'expires-soon', daysLeft: 1 });
  });

  it('warns that the subscription expires today when it falls due later today', () => {
    const outcome = signInOutcome({ id: 7, dueDate: at(10, 18) }, now);
    expect(outcome).toMatchObject({ path: '/tickets', notice: { kind: 'expires-today' } });
  });

  it('sends an expired company to the open-invoices page with the due date', () => {
    const outcome = signInOutcome({ id: 7, dueDate: at(9) }, now);
    expect(outcome.path).toBe('/financeiro-aberto');
    expect(outcome.notice?.kind).toBe('expired');
    expect(outcome.notice?.dueDate?.toISOString()).toBe(at(9));
  });

  it('treats a due date equal to now as expired', () => {
    expect(signInOutcome({ id: 7, dueDate: now.toISOString() }, now).path).toBe('/financeiro-aberto');
  });

  it('treats a missing or unreadable due date as expired, without a date', () => {
    expect(signInOutcome({ id: 7, dueDate: '' }, now)).toEqual({
      path: '/financeiro-aberto',
      notice: { kind: 'expired', dueDate: undefined },
    });
    expect(signInOutcome({ id: 7, dueDate: 'not a date' }, now).notice).toEqual({ kind: 'expired', dueDate: undefined });
  });

  it('never expires company 1, even with a past or missing due date', () => {
    expect(signInOutcome({ id: 1, dueDate: at(1) }, now)).toEqual({ path: '/tickets' });
    expect(signInOutcome({ id: 1, dueDate: null }, now)).toEqual({ path: '/tickets' });
    expect(subscriptionState({ id: 1, dueDate: at(1) }, now)).toEqual({ kind: 'perpetual' });
  });
});

describe('calendar days', () => {
  it('counts calendar days, not 24-hour periods', () => {
    expect(calendarDaysBetween(new Date(2025, 5, 10, 23, 0), new Date(2025, 5, 11, 0, 30))).toBe(1);
    expect(calendarDaysBetween(new Date(2025, 5, 10, 0, 0), new Date(2025, 5, 10, 23, 59))).toBe(0);
  });
});
