import { describe, expect, it } from 'vitest';
import { planOrder, plannedSpan, type PlannedFile } from './plan.ts';

const file = (item: string, duration: number, exclusive = false): PlannedFile<string> => ({ item, duration, exclusive });

describe('the order of the test files', () => {
  it('keeps the exclusive files on one worker from the start while the other takes the rest, longest first', () => {
    const files = [file('b1', 100, true), file('b2', 50, true), file('x1', 60), file('x2', 40), file('x3', 30), file('x4', 20)];
    const order = planOrder(files, 2);
    expect(order.slice(0, 2).sort()).toEqual(['b1', 'x1']);
    expect(order).toHaveLength(6);
    expect(new Set(order)).toEqual(new Set(files.map((f) => f.item)));
    // b1 (100) then b2 (50) on one worker; x1..x4 (150) on the other: 150 in all
    expect(plannedSpan(files, order, 2)).toBe(150);
  });

  it('never plans two exclusive files at once, and beats running the exclusive ones last', () => {
    const files = [
      ...Array.from({ length: 8 }, (_, i) => file(`b${i}`, 10 + i * 7, true)),
      ...Array.from({ length: 30 }, (_, i) => file(`x${i}`, 1 + ((i * 13) % 17))),
    ];
    const order = planOrder(files, 2);
    const exclusiveLast = [...files.filter((f) => !f.exclusive), ...files.filter((f) => f.exclusive)].map((f) => f.item);
    expect(plannedSpan(files, order, 2)).toBeLessThan(plannedSpan(files, exclusiveLast, 2));
    // the simulation of plannedSpan never starts an exclusive file before the previous one ends, so the span of the
    // exclusive files alone is a lower bound the plan reaches only if they never wait for each other
    const exclusiveTotal = files.filter((f) => f.exclusive).reduce((s, f) => s + f.duration, 0);
    expect(plannedSpan(files, order, 2)).toBeGreaterThanOrEqual(exclusiveTotal);
  });

  it('runs everything in one lane with one worker', () => {
    const files = [file('b', 5, true), file('x', 9), file('y', 3)];
    const order = planOrder(files, 1);
    expect(plannedSpan(files, order, 1)).toBe(17);
  });
});
