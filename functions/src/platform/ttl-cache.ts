/**
 * A small per-instance cache whose entries expire after a fixed time, for data that changes rarely but is read
 * on every event (connections, a company's sockets). Bounded: past `maxEntries` it starts over.
 */
import { clock } from './clock.ts';

export interface TtlCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** the value if present and fresh, without loading */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  forget(key: K): void;
  clear(): void;
}

/**
 * How long an instance keeps what it looked up of data other functions change (a web chat by its widget key, a flow's
 * graph, the company's active phrase campaigns): a change reaches every instance within this time.
 */
export const LOOKUP_CACHE_MS = 10_000;

export const ttlCache = <K, V>(ttlMs: number, maxEntries = 1000): TtlCache<K, V> => {
  const entries = new Map<K, { value: V; at: number }>();
  // fresh only between the reading and its time to live: an entry read at a time the clock has since gone back from
  // would otherwise outlive its time to live by the step back
  const fresh = (hit: { at: number } | undefined, now: number): boolean => !!hit && hit.at <= now && now < hit.at + ttlMs;
  return {
    async get(key, load) {
      const now = clock().now().getTime();
      const hit = entries.get(key);
      if (hit && fresh(hit, now)) return hit.value;
      const value = await load();
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, at: now });
      return value;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit && fresh(hit, clock().now().getTime()) ? hit.value : undefined;
    },
    set(key, value) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, at: clock().now().getTime() });
    },
    forget: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
};
