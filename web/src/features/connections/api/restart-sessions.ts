import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** POST /whatsapp-restart: every WhatsApp session of the company starts again (their states follow live). */
export const restartSessions = () => callRoute('connections.session-restart-all');

export const useRestartSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
