import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its server: the browser says it has a network, and the last API request that ended
 * got an answer (any HTTP status) rather than a network failure. The browser's own flag alone misses a network
 * that is up but leads nowhere (a captive portal, a dead Wi-Fi), and some browsers keep it true when offline.
 */
let serverUnreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** An API request got an answer: the server is reachable. */
export const reportServerReached = (): void => {
  if (!serverUnreachable) return;
  serverUnreachable = false;
  notify();
};

/** An API request failed before any answer (the network, or no answer in time). */
export const reportServerUnreachable = (): void => {
  if (serverUnreachable) return;
  serverUnreachable = true;
  notify();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onOnline = () => {
    // the browser says the network is back: believe it until a request says otherwise
    serverUnreachable = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
};

export const isOnline = (): boolean => navigator.onLine && !serverUnreachable;

export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline);
