import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** Saves the user's ticket list pane width (404 to 700 px). */
export const updateTicketsWidth = ({ userId, width }: { userId: number; width: number }) =>
  callRoute('users.toggle-width', { params: { userId }, body: { defaultTicketsManagerWidth: width } });

export const useUpdateTicketsWidth = () => useMutation({ mutationFn: updateTicketsWidth });
