import { describe, expect, it } from 'vitest';
import { applyWorkingDayRule, hasNextRun, nextSendAt, type Recurrence } from './schedule-recurrence.ts';

const every = (intervalo: number, valorIntervalo: number, tipoDias = 4): Recurrence => ({
  intervalo,
  valorIntervalo,
  enviarQuantasVezes: 5,
  tipoDias,
});

// 2026-11-20 is a Friday
const friday = new Date('2026-11-20T12:30:00Z');

describe('nextSendAt', () => {
  it('adds days, weeks, months of 30 days and minutes', () => {
    expect(nextSendAt(friday, every(1, 2), 'UTC').toISOString()).toBe('2026-11-22T12:30:00.000Z');
    expect(nextSendAt(friday, every(2, 1), 'UTC').toISOString()).toBe('2026-11-27T12:30:00.000Z');
    expect(nextSendAt(friday, every(3, 1), 'UTC').toISOString()).toBe('2026-12-20T12:30:00.000Z');
    expect(nextSendAt(friday, every(4, 45), 'UTC').toISOString()).toBe('2026-11-20T13:15:00.000Z');
  });

  it('sends on the weekend with rule 4, moves back to Friday with rule 5 and forward to Monday with rule 6', () => {
    expect(nextSendAt(friday, every(1, 1, 4), 'UTC').toISOString()).toBe('2026-11-21T12:30:00.000Z');
    expect(nextSendAt(friday, every(1, 2, 5), 'UTC').toISOString()).toBe('2026-11-20T12:30:00.000Z');
    expect(nextSendAt(friday, every(1, 1, 6), 'UTC').toISOString()).toBe('2026-11-23T12:30:00.000Z');
    // a working day is left alone by every rule
    expect(nextSendAt(friday, every(1, 3, 5), 'UTC').toISOString()).toBe('2026-11-23T12:30:00.000Z');
    expect(nextSendAt(friday, every(1, 3, 6), 'UTC').toISOString()).toBe('2026-11-23T12:30:00.000Z');
  });

  it('judges the weekday and keeps the hour in the company’s time zone', () => {
    // Friday 22:30 in São Paulo is already Saturday 01:30 UTC; one day later is Saturday there, so rule 6 gives Monday
    const spFriday = new Date('2026-11-21T01:30:00Z');
    expect(nextSendAt(spFriday, every(1, 1, 6), 'America/Sao_Paulo').toISOString()).toBe('2026-11-24T01:30:00.000Z');
    expect(nextSendAt(spFriday, every(1, 1, 6), 'UTC').toISOString()).toBe('2026-11-23T01:30:00.000Z');
    // across a daylight-saving change the wall-clock hour stays (Berlin: 09:00 CET on 2026-03-28, CEST from the 29th)
    expect(nextSendAt(new Date('2026-03-27T08:00:00Z'), every(1, 3), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
  });

  it('uses the company’s own working days when given', () => {
    const noFridays = (d: Date) => d.getDay() !== 5 && d.getDay() !== 0 && d.getDay() !== 6;
    expect(applyWorkingDayRule(friday, 5, 'UTC', noFridays).toISOString()).toBe('2026-11-19T12:30:00.000Z');
    expect(applyWorkingDayRule(friday, 6, 'UTC', noFridays).toISOString()).toBe('2026-11-23T12:30:00.000Z');
    expect(applyWorkingDayRule(friday, 4, 'UTC', noFridays).toISOString()).toBe(friday.toISOString());
  });
});

describe('hasNextRun', () => {
  it('runs again until enviarQuantasVezes sends are made, never with a zero interval', () => {
    const r = { intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 4 };
    expect([1, 2, 3].map((sent) => hasNextRun(r, sent))).toEqual([true, true, false]);
    expect(hasNextRun({ ...r, valorIntervalo: 0 }, 1)).toBe(false);
    expect(hasNextRun({ ...r, enviarQuantasVezes: 1 }, 1)).toBe(false);
  });
});
