import type { SessionResponse, User } from '@switchboard/shared/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { apiClient } from './api-client.ts';
import { sessionStore } from './session-store.ts';

/**
 * The session as React sees it. On load a stored token means a session may exist: it is restored through
 * the refresh cookie before any page renders. Signing out (here, or by the API client on a 401) empties the
 * store, which sends the route guard to /login and drops every cached query of the previous user.
 */
export type SessionStatus = 'restoring' | 'unreachable' | 'signedIn' | 'signedOut';

export interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /** Stores a fresh session; `redirectTo` is where the public-route guard sends the user next. */
  signIn(session: SessionResponse, redirectTo?: string): void;
  /** Forgets the session locally (the server side is the logout call's business). */
  clear(): void;
  setUser(user: User): void;
  retryRestore(): void;
  /** Where the sign-in outcome sends the user; the public-route guard follows it instead of `/`. */
  pendingRedirect: string | undefined;
  /** Forgets `pendingRedirect` once a private page is shown. */
  clearRedirect(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

type Restore = 'pending' | 'done' | 'unreachable';

export function SessionProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const queryClient = useQueryClient();
  const [restore, setRestore] = useState<Restore>(() => (sessionStore.getToken() ? 'pending' : 'done'));
  // A ref, not state: it must be set before the store announces the session, in the same render.
  const redirect = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (restore !== 'pending') return;
    let live = true;
    void apiClient.refreshSession().then((ok) => {
      if (!live) return;
      // a refresh refused by the server has cleared the token; one that never reached it has not
      setRestore(ok || !sessionStore.getToken() ? 'done' : 'unreachable');
    });
    return () => {
      live = false;
    };
  }, [restore]);

  const userId = snapshot.user?.id;
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current !== undefined && previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [userId, queryClient]);

  const signIn = useCallback((session: SessionResponse, redirectTo?: string) => {
    redirect.current = redirectTo;
    sessionStore.setSession(session);
    setRestore('done');
  }, []);

  const clearRedirect = useCallback(() => {
    redirect.current = undefined;
  }, []);

  const value = useMemo<SessionValue>(() => {
    const status: SessionStatus =
      restore === 'pending' ? 'restoring' : restore === 'unreachable' ? 'unreachable' : snapshot.user ? 'signedIn' : 'signedOut';
    return {
      status,
      user: snapshot.user,
      signIn,
      clear: () => sessionStore.clear(),
      setUser: (user) => sessionStore.setUser(user),
      retryRestore: () => setRestore('pending'),
      pendingRedirect: redirect.current,
      clearRedirect,
    };
  }, [restore, snapshot.user, signIn, clearRedirect]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
};

/** The signed-in user, for components that only render behind the private-route guard. */
export const useCurrentUser = (): User => {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser used without a signed-in user');
  return user;
};
