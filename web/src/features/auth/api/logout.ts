import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';

export const logout = () => callRoute('auth.logout');

/** Ends the session on the server (refresh cookie) and always locally, even when the server is unreachable. */
export const useLogout = () => {
  const session = useSession();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // the local session ends regardless; an expired server session is already over
      }
    },
    onSettled: () => session.clear(),
  });
};
