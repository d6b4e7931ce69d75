import { describe, expect, it } from 'vitest';
import { barsOf } from './bar-chart.ts';

describe('chart bars', () => {
  it('sizes each bar against the largest value', () => {
    expect(
      barsOf([
        { label: 'a', value: 4 },
        { label: 'b', value: 1 },
        { label: 'c', value: 0 },
      ]).map((b) => b.percent),
    ).toEqual([100, 25, 0]);
    expect(barsOf([{ label: 'a', value: 0 }]).map((b) => b.percent)).toEqual([0]);
  });
});
