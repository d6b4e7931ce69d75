import { describe, expect, it } from 'vitest';
import { instantOf, wallClockOf } from './zoned-time.ts';

const fields = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe("the company's wall clock in a date picker", () => {
  it("shows an instant as the company's local time, whatever the browser's zone", () => {
    expect(fields(wallClockOf(new Date('2026-11-25T12:30:00Z'), 'America/Sao_Paulo'))).toEqual([2026, 11, 25, 9, 30]);
    expect(fields(wallClockOf(new Date('2026-11-25T20:00:00Z'), 'Asia/Tokyo'))).toEqual([2026, 11, 26, 5, 0]);
  });

  it("reads a picked local time as that time in the company's zone", () => {
    expect(instantOf(new Date(2026, 10, 25, 9, 30), 'America/Sao_Paulo').toISOString()).toBe('2026-11-25T12:30:00.000Z');
    expect(instantOf(new Date(2026, 10, 26, 5, 0), 'Asia/Tokyo').toISOString()).toBe('2026-11-25T20:00:00.000Z');
    // either side of New York's change to summer time
    expect(instantOf(new Date(2026, 2, 7, 9, 0), 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(instantOf(new Date(2026, 2, 9, 9, 0), 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('goes there and back to the same instant, and leaves times alone without a zone', () => {
    const at = new Date('2027-07-04T18:45:00Z');
    expect(instantOf(wallClockOf(at, 'Europe/Istanbul'), 'Europe/Istanbul').toISOString()).toBe(at.toISOString());
    expect(wallClockOf(at, '')).toBe(at);
    expect(instantOf(at, '')).toBe(at);
  });
});
