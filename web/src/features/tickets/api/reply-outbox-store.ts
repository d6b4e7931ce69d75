import { memoryOutboxStore, type OutboxReply, type OutboxStore } from '../utils/reply-outbox.ts';

const DB_NAME = 'switchboard-outbox';
const STORE = 'replies';

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const openDb = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
    open.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });

/**
 * The outbox's replies in the browser's IndexedDB (one object store keyed by the reply's key), so waiting replies
 * outlive a reload or a closed tab. A browser without IndexedDB (or one that refuses it, as some private modes do)
 * keeps them in memory for the page's life.
 */
export const indexedDbOutboxStore = (): OutboxStore => {
  if (typeof indexedDB === 'undefined') return memoryOutboxStore();
  let db: Promise<IDBDatabase> | undefined;
  const fallback = memoryOutboxStore();
  const withStore = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    db ??= openDb();
    const store = (await db).transaction(STORE, mode).objectStore(STORE);
    return request(work(store));
  };
  let usable = true;
  const guarded = async <T>(idb: () => Promise<T>, memory: () => Promise<T>): Promise<T> => {
    if (!usable) return memory();
    try {
      return await idb();
    } catch {
      usable = false;
      return memory();
    }
  };
  return {
    all: () =>
      guarded(
        () => withStore('readonly', (s) => s.getAll() as IDBRequest<OutboxReply[]>),
        () => fallback.all(),
      ),
    put: (reply) =>
      guarded(
        async () => void (await withStore('readwrite', (s) => s.put(reply))),
        () => fallback.put(reply),
      ),
    delete: (key) =>
      guarded(
        async () => void (await withStore('readwrite', (s) => s.delete(key))),
        () => fallback.delete(key),
      ),
  };
};
