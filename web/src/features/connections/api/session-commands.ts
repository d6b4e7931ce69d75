import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** The session commands of a WhatsApp QR connection (spec document 2 section 7); the session's state follows live. */
export type SessionCommand = 'retry' | 'newQr' | 'disconnect';

const routeOf = { retry: 'connections.session-start', newQr: 'connections.session-new-qr', disconnect: 'connections.session-disconnect' } as const;

/** POST /whatsappsession/{id} (try again), PUT (new QR), DELETE (disconnect). */
export const runSessionCommand = ({ id, command }: { id: number; command: SessionCommand }) => callRoute(routeOf[command], { params: { id } });

export const useSessionCommand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSessionCommand,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
