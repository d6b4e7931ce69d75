import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { ticketCountsKey, ticketListsKey } from '../api/get-tickets.ts';
import { belongsToList, type TicketListFilters } from '../utils/ticket-filters.ts';
import {
  applyContactChange,
  applyTicketChange,
  markTicketRead,
  patchTicket,
  removeTicket,
  type TicketPages,
} from '../utils/ticket-list-cache.ts';
import type { InboxViewer } from './use-inbox-viewer.ts';
import { useOnReconnect } from './use-on-reconnect.ts';

/** Tab badges are re-read at most this often while events keep coming. */
const COUNT_REFRESH_MS = 1000;

/**
 * Keeps every ticket list in the cache in step with the company's live events, without reloading them: a ticket
 * that changed is filed where it now belongs (or dropped), a read one loses its unread count, a deleted one goes.
 */
export const useTicketListSync = (viewer: InboxViewer): void => {
  const queryClient = useQueryClient();
  const { companyId } = useCurrentUser();
  const countTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // while this runs the lists are current; once it stops they miss events, so they are read again next time
  useEffect(
    () => () => {
      clearTimeout(countTimer.current);
      void queryClient.invalidateQueries({ queryKey: ticketListsKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ticketCountsKey, refetchType: 'none' });
    },
    [queryClient],
  );

  useOnReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: ticketListsKey });
    void queryClient.invalidateQueries({ queryKey: ticketCountsKey });
  });

  const refreshCounts = () => {
    if (countTimer.current) return;
    countTimer.current = setTimeout(() => {
      countTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: ticketCountsKey });
    }, COUNT_REFRESH_MS);
  };

  const eachList = (change: (data: TicketPages, filters: TicketListFilters) => TicketPages) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketListsKey })) {
      const filters = query.queryKey[2] as TicketListFilters | undefined;
      const data = query.state.data as TicketPages | undefined;
      if (!filters || !data) continue;
      const next = change(data, filters);
      if (next !== data) queryClient.setQueryData(query.queryKey, next);
    }
  };

  const fileTicket = (ticket: Ticket) => {
    eachList((data, filters) =>
      filters.view === 'search'
        ? patchTicket(data, ticket.id, () => ticket)
        : applyTicketChange(data, ticket, { belongs: belongsToList(ticket, filters, viewer), sort: filters.sort }),
    );
    refreshCounts();
  };

  useRealtimeEvent(channelOf('ticket', companyId), (frame) => {
    if (frame.action === 'update') fileTicket(frame.ticket);
    else if (frame.action === 'delete') {
      eachList((data) => removeTicket(data, frame.ticketId));
      refreshCounts();
    } else if (frame.action === 'updateUnread') eachList((data) => markTicketRead(data, frame.ticketId));
  });

  useRealtimeEvent(channelOf('appMessage', companyId), (frame) => {
    if (frame.action === 'create' && frame.ticket) fileTicket(frame.ticket);
  });

  useRealtimeEvent(channelOf('contact', companyId), (frame) => {
    if (frame.action !== 'delete') eachList((data) => applyContactChange(data, frame.contact));
  });
};
