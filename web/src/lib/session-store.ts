import type { SessionResponse, User } from '@switchboard/shared/contracts/auth';
import { readStored, removeStored, storageKeys, writeStored } from './storage.ts';

/**
 * The signed-in session outside React: the access token (kept in local storage, per the spec) and the user
 * the server last returned. The API client reads the token from here and clears it on a 401; React reads it
 * through `useSyncExternalStore`.
 */
export interface SessionSnapshot {
  token: string | null;
  user: User | null;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  getToken(): string | null;
  setSession(session: SessionResponse): void;
  setUser(user: User): void;
  clear(): void;
}

export const createSessionStore = (): SessionStore => {
  let snapshot: SessionSnapshot = { token: readStored(storageKeys.token), user: null };
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToken: () => snapshot.token,
    setSession({ token, user }) {
      writeStored(storageKeys.token, token);
      snapshot = { token, user };
      emit();
    },
    setUser(user) {
      snapshot = { ...snapshot, user };
      emit();
    },
    clear() {
      removeStored(storageKeys.token);
      if (snapshot.token === null && snapshot.user === null) return;
      snapshot = { token: null, user: null };
      emit();
    },
  };
};

export const sessionStore = createSessionStore();
