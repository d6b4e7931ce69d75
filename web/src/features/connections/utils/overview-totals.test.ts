import { describe, expect, it } from 'vitest';
import { overviewTotals } from './overview-totals.ts';

describe('the All-connections totals row', () => {
  it('adds up connected, disconnected and total over every company', () => {
    expect(
      overviewTotals([
        { connected: 2, disconnected: 1, total: 3 },
        { connected: 0, disconnected: 0, total: 0 },
        { connected: 1, disconnected: 4, total: 5 },
      ]),
    ).toEqual({ companies: 3, connected: 3, disconnected: 5, total: 8 });
    expect(overviewTotals([])).toEqual({ companies: 0, connected: 0, disconnected: 0, total: 0 });
  });
});
