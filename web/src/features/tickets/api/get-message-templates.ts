import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** A Cloud API connection's approved templates (Meta's list: approvals change there, so it is read when needed). */
export const getMessageTemplates = (connectionId: number) => callRoute('connections.templates', { params: { id: connectionId } });

export const messageTemplatesQueryKey = (connectionId: number) => ['message-templates', connectionId] as const;

export const useMessageTemplates = (connectionId: number, enabled: boolean) =>
  useQuery({
    queryKey: messageTemplatesQueryKey(connectionId),
    queryFn: () => getMessageTemplates(connectionId),
    enabled,
    staleTime: 60_000,
  });
