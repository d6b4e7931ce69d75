import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /whatsapp/{id}/health: a WhatsApp session's state changes (newest first) and traffic counters. */
export const getConnectionHealth = (id: number) => callRoute('connections.session-health', { params: { id } });

export const connectionHealthQueryKey = (id: number) => ['connections', id, 'health'] as const;

export const useConnectionHealth = (id: number | undefined) =>
  useQuery({
    queryKey: connectionHealthQueryKey(id ?? 0),
    queryFn: () => getConnectionHealth(id!),
    enabled: id !== undefined,
    // a session changes state while the panel is open: read again now and then
    refetchInterval: 15_000,
  });
