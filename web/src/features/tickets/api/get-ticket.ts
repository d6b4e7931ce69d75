import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { callRoute } from '../../../lib/api-client.ts';

export const getTicket = (uuid: string): Promise<Ticket> => callRoute('tickets.show-by-uuid', { params: { uuid } });

export const ticketQueryKey = (uuid: string) => ['tickets', 'detail', uuid] as const;

/** The open conversation's ticket; reading it also marks it read on the server. */
export const useTicket = (uuid: string | undefined) =>
  useQuery({
    queryKey: ticketQueryKey(uuid ?? ''),
    queryFn: () => getTicket(uuid!),
    enabled: Boolean(uuid),
    retry: false,
    staleTime: Infinity,
  });
