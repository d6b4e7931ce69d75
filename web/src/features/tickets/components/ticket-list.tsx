import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useTickets } from '../api/get-tickets.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { LIST_LOAD_THRESHOLD_PX, matchesQueueSelection, type TicketListFilters } from '../utils/ticket-filters.ts';
import { flattenTickets } from '../utils/ticket-list-cache.ts';
import { TicketListItem } from './ticket-list-item.tsx';

const SKELETON_ROWS = 6;

export function TicketListSkeleton({ rows = SKELETON_ROWS }: { rows?: number }) {
  return (
    <div className="ticket-list__skeletons" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div className="ticket-skeleton" key={i}>
          <Skeleton shape="circle" size="2.75rem" />
          <div className="ticket-skeleton__lines">
            <Skeleton width="60%" height="0.9rem" />
            <Skeleton width="85%" height="0.8rem" />
            <Skeleton width="35%" height="0.8rem" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** One view of tickets: infinite scroll (the next page within 100 px of the bottom), skeletons and empty state. */
export const TICKET_LIST_ID = 'ticket-list';

/** A list of tickets; under the inbox's tabs it is the chosen tab's panel (`tabId`). */
export function TicketList({
  filters,
  selectedUuid,
  tabId,
}: {
  filters: TicketListFilters;
  selectedUuid: string | undefined;
  tabId?: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useTickets(filters);
  const actions = useTicketActions();
  const [accepting, setAccepting] = useState<number | undefined>(undefined);
  const tickets = flattenTickets(list.data).filter((ticket) => matchesQueueSelection(ticket, filters.queueIds));
  const scroller = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    if (list.isError) toast.error(list.error);
  }, [list.isError, list.error, toast]);

  const loadMoreIfNear = (el: HTMLElement) => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= LIST_LOAD_THRESHOLD_PX) void fetchNextPage();
  };

  // a first page too short to scroll loads the next one at once
  useEffect(() => {
    if (scroller.current) loadMoreIfNear(scroller.current);
  });

  const onScroll = (e: UIEvent<HTMLDivElement>) => loadMoreIfNear(e.currentTarget);

  const accept = async (ticket: Ticket) => {
    setAccepting(ticket.id);
    try {
      await actions.accept(ticket);
    } finally {
      setAccepting(undefined);
    }
  };

  return (
    <div
      className="ticket-list"
      ref={scroller}
      onScroll={onScroll}
      data-testid="ticket-list"
      aria-busy={list.isLoading}
      id={TICKET_LIST_ID}
      role={tabId ? 'tabpanel' : undefined}
      aria-labelledby={tabId}
    >
      {list.isLoading ? (
        <TicketListSkeleton />
      ) : list.isError ? (
        <EmptyState
          icon="pi pi-exclamation-triangle"
          title={t('tickets.list.errorTitle')}
          message={t('tickets.list.errorMessage')}
        >
          <Button type="button" label={t('common.retry')} icon="pi pi-refresh" onClick={() => void list.refetch()} />
        </EmptyState>
      ) : tickets.length === 0 ? (
        filters.view === 'search' ? (
          <EmptyState icon="pi pi-search" title={t('tickets.list.noResultsTitle')} message={t('tickets.list.noResultsMessage')} />
        ) : (
          <EmptyState icon="pi pi-inbox" title={t('tickets.emptyTitle')} message={t('tickets.emptyMessage')} />
        )
      ) : (
        <ul className="ticket-list__items">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketListItem
                ticket={ticket}
                selected={ticket.uuid === selectedUuid}
                accepting={accepting === ticket.id}
                onAccept={(t) => void accept(t)}
              />
            </li>
          ))}
        </ul>
      )}
      {isFetchingNextPage ? <TicketListSkeleton rows={2} /> : null}
    </div>
  );
}
