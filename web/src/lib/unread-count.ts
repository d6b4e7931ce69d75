import { useSyncExternalStore } from 'react';

/**
 * How many tickets have unread messages, as the notification bell last counted them. The document title shows
 * it (spec document 1, section 2) and so does the installed app's icon; the bell writes it, the title reads it.
 */
let count = 0;

/** The Badging API where the platform has it (an installed app's icon); silently nothing elsewhere. */
type BadgingNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

const showOnAppIcon = (value: number) => {
  const nav = navigator as BadgingNavigator;
  const done = value > 0 ? nav.setAppBadge?.(value) : nav.clearAppBadge?.();
  void done?.catch(() => undefined);
};
const listeners = new Set<() => void>();

export const getUnreadCount = (): number => count;

export const setUnreadCount = (next: number): void => {
  const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
  if (value === count) return;
  count = value;
  showOnAppIcon(value);
  listeners.forEach((l) => l());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useUnreadCount = (): number => useSyncExternalStore(subscribe, getUnreadCount);
