import { describe, expect, it } from 'vitest';
import { zoneLabel, zoneOptions } from './time-zones.ts';

const JAN = new Date('2026-01-15T12:00:00Z');

describe('the time zone choices', () => {
  it('labels a zone with its name and its offset from UTC at the moment', () => {
    expect(zoneLabel('America/Sao_Paulo', JAN)).toBe('America/Sao Paulo (GMT-03:00)');
    expect(zoneLabel('Asia/Kolkata', JAN)).toBe('Asia/Kolkata (GMT+05:30)');
    expect(zoneLabel('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe('America/New York (GMT-04:00)');
  });

  it("offers UTC and the company's own zone even when the browser's list has neither, once each and sorted", () => {
    const options = zoneOptions('Asia/Calcutta', JAN, ['Europe/Istanbul', 'America/Sao_Paulo']);
    expect(options.map((o) => o.value)).toEqual(['America/Sao_Paulo', 'Asia/Calcutta', 'Europe/Istanbul', 'UTC']);
    expect(zoneOptions('UTC', JAN, ['UTC']).map((o) => o.value)).toEqual(['UTC']);
  });
});
