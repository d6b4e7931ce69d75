import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMEOUT_MS, setLongTimeout } from './long-timer.ts';

const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('setLongTimeout', () => {
  it('fires once at a moment further away than a single setTimeout can wait', async () => {
    vi.useFakeTimers();
    const warnings = vi.spyOn(process, 'emitWarning');
    const fire = vi.fn();
    setLongTimeout(fire, Date.now() + 60 * DAY);

    await vi.advanceTimersByTimeAsync(MAX_TIMEOUT_MS + 1000);
    expect(fire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * DAY - MAX_TIMEOUT_MS - 2000);
    expect(fire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fire).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * DAY);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(warnings).not.toHaveBeenCalled();
  });

  it('fires at once for a moment already past', async () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    setLongTimeout(fire, new Date(Date.now() - DAY));
    await vi.advanceTimersByTimeAsync(0);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('never fires once cleared, also between chunks', async () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const timer = setLongTimeout(fire, Date.now() + 40 * DAY);
    await vi.advanceTimersByTimeAsync(MAX_TIMEOUT_MS + 10);
    timer.clear();
    await vi.advanceTimersByTimeAsync(40 * DAY);
    expect(fire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
