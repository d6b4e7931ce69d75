import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useConnectionsTarget } from '../hooks/use-connections-target.tsx';
import { connectionsQueryKey } from './get-connections.ts';

/** The session commands of a WhatsApp QR connection (spec document 2 section 7); the session's state follows live. */
export type SessionCommand = 'retry' | 'newQr' | 'disconnect';

const routeOf = {
  retry: 'connections.session-start',
  newQr: 'connections.session-new-qr',
  disconnect: 'connections.session-disconnect',
} as const;
const companyRouteOf = {
  retry: 'connections.company-session-start',
  newQr: 'connections.company-session-new-qr',
  disconnect: 'connections.company-session-disconnect',
} as const;

/**
 * POST /whatsappsession/{id} (try again), PUT (new QR), DELETE (disconnect); with `companyId`, the super user's
 * /whatsapp-admin/{companyId}/{id}/session.
 */
export const runSessionCommand = ({ id, command, companyId }: { id: number; command: SessionCommand; companyId?: number }) =>
  companyId === undefined
    ? callRoute(routeOf[command], { params: { id } })
    : callRoute(companyRouteOf[command], { params: { companyId, id } });

export const useSessionCommand = () => {
  const queryClient = useQueryClient();
  const companyId = useConnectionsTarget();
  return useMutation({
    mutationFn: (input: { id: number; command: SessionCommand }) => runSessionCommand({ ...input, companyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
