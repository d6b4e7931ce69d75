import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /whatsapp/{id}/templates: a Cloud API connection's approved templates (read from Meta when needed). */
export const getConnectionTemplates = (connectionId: number) =>
  callRoute('connections.templates', { params: { id: connectionId } });

/** The same cache entry the inbox's template picker uses. */
export const useConnectionTemplates = (connectionId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['message-templates', connectionId] as const,
    queryFn: () => getConnectionTemplates(connectionId as number),
    enabled: enabled && connectionId !== null,
    staleTime: 60_000,
  });
