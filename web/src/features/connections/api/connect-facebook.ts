import type { FacebookConnectBody } from '@switchboard/shared/contracts/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { connectionsQueryKey } from './get-connections.ts';

/** POST /facebook: the user's pages become Messenger connections (and their Instagram accounts when asked). */
export const connectFacebook = (body: FacebookConnectBody) => callRoute('connections.facebook', { body });

export const useConnectFacebook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectFacebook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
};
