import { afterEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from './clock.ts';
import { ttlCache } from './ttl-cache.ts';

afterEach(() => resetClock());

describe('ttlCache', () => {
  it('loads once within the time to live, again after it, and after forget', async () => {
    let t = 1_000;
    setClock({ now: () => new Date(t) });
    let loads = 0;
    const cache = ttlCache<string, number>(500);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    t += 499;
    expect(await cache.get('a', load)).toBe(1);
    t += 1;
    expect(await cache.get('a', load)).toBe(2);
    cache.forget('a');
    expect(await cache.get('a', load)).toBe(3);
  });

  it('loads again when the clock went back before the reading, not only once its time to live ran out', async () => {
    let t = 10_000;
    setClock({ now: () => new Date(t) });
    let loads = 0;
    const cache = ttlCache<string, number>(500);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    t = 1_000;
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', load)).toBe(2);
    t += 499;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('starts over past its size bound', async () => {
    let loads = 0;
    const cache = ttlCache<number, number>(60_000, 2);
    for (const k of [1, 2, 3, 1]) await cache.get(k, async () => ++loads);
    expect(loads).toBe(4);
  });
});
