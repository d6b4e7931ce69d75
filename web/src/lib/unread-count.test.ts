import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUnreadCount, setUnreadCount } from './unread-count.ts';

type Badging = { setAppBadge?: unknown; clearAppBadge?: unknown };

afterEach(() => {
  setUnreadCount(0);
  delete (navigator as Badging).setAppBadge;
  delete (navigator as Badging).clearAppBadge;
});

describe('the unread count on the app icon', () => {
  it('puts the count on the installed app icon and clears it at zero, where the platform shows badges', () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    setUnreadCount(3);
    setUnreadCount(3);
    setUnreadCount(4.7);
    setUnreadCount(0);
    expect(setAppBadge.mock.calls).toEqual([[3], [4]]);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    expect(getUnreadCount()).toBe(0);
  });

  it('keeps counting where there is no Badging API, and a refused badge changes nothing', async () => {
    setUnreadCount(2);
    expect(getUnreadCount()).toBe(2);
    Object.assign(navigator, { setAppBadge: vi.fn(() => Promise.reject(new Error('not installed'))) });
    setUnreadCount(5);
    await Promise.resolve();
    expect(getUnreadCount()).toBe(5);
  });
});
