import { describe, expect, it } from 'vitest';
import { formatTimeLeft, serviceWindowState } from './service-window.ts';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('the 24-hour window in the composer', () => {
  it('does not apply to WhatsApp sessions or the web chat', () => {
    expect(serviceWindowState({ channel: 'whatsapp', serviceWindowEndsAt: undefined }, now)).toEqual({ applies: false });
    expect(serviceWindowState({ channel: 'webchat', serviceWindowEndsAt: null }, now)).toEqual({ applies: false });
  });

  it('is open with the time left until it ends', () => {
    expect(serviceWindowState({ channel: 'facebook', serviceWindowEndsAt: '2026-03-10T14:30:00Z' }, now)).toEqual({
      applies: true,
      open: true,
      msLeft: 150 * 60_000,
    });
  });

  it('is closed once it ended, and when the customer never wrote', () => {
    expect(serviceWindowState({ channel: 'instagram', serviceWindowEndsAt: '2026-03-10T12:00:00Z' }, now)).toEqual({
      applies: true,
      open: false,
      neverWrote: false,
    });
    expect(serviceWindowState({ channel: 'whatsappapi', serviceWindowEndsAt: null }, now)).toEqual({
      applies: true,
      open: false,
      neverWrote: true,
    });
  });

  it('shows hours and minutes left, a started minute counting', () => {
    expect(formatTimeLeft(23 * 3600_000 + 5 * 60_000)).toBe('23h 05m');
    expect(formatTimeLeft(11 * 60_000 + 1)).toBe('12m');
    expect(formatTimeLeft(-5)).toBe('0m');
  });
});
