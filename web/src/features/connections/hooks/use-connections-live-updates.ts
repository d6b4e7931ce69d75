import type { Connection, WhatsappSessionEvent } from '@switchboard/shared/contracts/connections';
import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { connectionsQueryKey } from '../api/get-connections.ts';

/** A session frame carries the session's whole visible state: it is written into the list as it is. */
export const applySessionEvent = (list: Connection[] | undefined, event: WhatsappSessionEvent): Connection[] | undefined =>
  list?.map((c) => (c.id === event.session.id ? { ...c, ...event.session } : c));

/**
 * `company-{id}-whatsapp`: a deleted connection leaves the list at once; any change (events carry a summary only)
 * reads the list again, so the table and the menu badge follow. `company-{id}-whatsappSession`: a session's
 * status, QR code, retries and number replace the connection's at once (the QR dialog shows each new code).
 * Off while `enabled` is false.
 */
export const useConnectionsLiveUpdates = (companyId: number, { enabled = true }: { enabled?: boolean } = {}): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(enabled ? channels.whatsapp(companyId) : undefined, (event) => {
    if (event.action === 'delete') {
      queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) => list?.filter((c) => c.id !== event.whatsappId));
    }
    // the menu and the page both listen: the second call joins the read the first one started
    void queryClient.invalidateQueries({ queryKey: connectionsQueryKey }, { cancelRefetch: false });
  });
  useRealtimeEvent(enabled ? channels.whatsappSession(companyId) : undefined, (event) => {
    if (event.action !== 'update' || typeof event.session?.id !== 'number') return;
    queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) => applySessionEvent(list, event));
  });
};
