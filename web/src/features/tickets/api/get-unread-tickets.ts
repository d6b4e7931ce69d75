import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * The bell's tickets: the user's working tickets with unread messages, and the waiting ones when the company
 * notifies pending tickets. Kept current by live events after the first read.
 */
export const getUnreadTickets = async ({ pending, group }: { pending: boolean; group: boolean }): Promise<Ticket[]> => {
  const statuses = ['open', ...(pending ? ['pending'] : []), ...(group ? ['group'] : [])] as const;
  const pages = await Promise.all(
    statuses.map((status) => callRoute('tickets.list', { query: { status, withUnreadMessages: true, limit: 50 } })),
  );
  const seen = new Set<number>();
  return pages
    .flatMap((p) => p.tickets)
    .filter((t) => t.unreadMessages > 0 && (seen.has(t.id) ? false : (seen.add(t.id), true)))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
};

export const unreadTicketsQueryKey = (userId: number) => ['tickets', 'unread', userId] as const;

export const useUnreadTickets = (userId: number, options: { pending: boolean; group: boolean }) =>
  useQuery({ queryKey: unreadTicketsQueryKey(userId), queryFn: () => getUnreadTickets(options), staleTime: Infinity });
