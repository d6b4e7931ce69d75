import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { apiClient } from './api-client.ts';
import { RealtimeClient, realtimeUrl, type RealtimeEventData, type RealtimeStatus } from './realtime-client.ts';
import { useSession } from './session.tsx';

/** One realtime connection per signed-in company, shared by every component through hooks. */
const RealtimeContext = createContext<RealtimeClient | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [client] = useState(
    () =>
      new RealtimeClient({
        url: (ticket) => realtimeUrl(ticket),
        // a one-time connect ticket for each (re)connection, asked for with the current access token
        getToken: async () => ((await apiClient.freshToken()) ? (await apiClient.callRoute('auth.ws-ticket')).ticket : null),
        onError: (error) => console.warn('realtime:', error),
      }),
  );
  const companyId = user?.companyId;
  const userId = user?.id;

  useEffect(() => {
    if (companyId === undefined || userId === undefined) return;
    client.connect();
    return () => client.disconnect();
  }, [client, companyId, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export const useRealtime = (): RealtimeClient => {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used inside RealtimeProvider');
  return client;
};

/** Runs `handler` for each frame of `event` while the component is mounted (no subscription when undefined). */
export const useRealtimeEvent = <E extends string>(event: E | undefined, handler: (data: RealtimeEventData<E>) => void): void => {
  const client = useRealtime();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!event) return;
    return client.subscribe(event, (data) => latest.current(data));
  }, [client, event]);
};

export const useRealtimeStatus = (): RealtimeStatus => {
  const client = useRealtime();
  return useSyncExternalStore(
    (listener) => client.onStatus(listener),
    () => client.status,
  );
};
