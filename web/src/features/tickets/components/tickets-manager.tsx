import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmDialog } from 'primereact/confirmdialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onTabsKeyDown } from '../../../lib/tabs-keyboard.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useCloseAllTickets } from '../api/close-all-tickets.ts';
import { useTicketCount } from '../api/get-tickets.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useQueueSelection } from '../hooks/use-queue-selection.ts';
import {
  isSearchable,
  mayShowAll,
  SEARCH_DEBOUNCE_MS,
  sortApplies,
  type SortOrder,
  type TicketListFilters,
  type TicketTab,
  type TicketView,
} from '../utils/ticket-filters.ts';
import { useInbox } from './inbox-context.tsx';
import { QueueSelector } from './queue-selector.tsx';
import { TicketFiltersPanel, type PanelFilters } from './ticket-filters-panel.tsx';
import { TICKET_LIST_ID, TicketList } from './ticket-list.tsx';

const tabId = (tab: TicketTab) => `ticket-tab-${tab}`;

const emptyPanel: PanelFilters = { tags: [], users: [], whatsapps: [], statuses: [] };

/** The list pane: search, the action buttons, the tabs and views, the filter panel and the list itself. */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const viewer = useInboxViewer();
  const inbox = useInbox();
  const closeAll = useCloseAllTickets();
  const [searchText, setSearchText] = useState('');
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [sort, setSort] = useState<SortOrder>('DESC');
  const [queueIds, setQueueIds] = useQueueSelection(viewer);
  const [panel, setPanel] = useState<PanelFilters>(emptyPanel);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const searching = isSearchable(search);

  // the panel's status filter, like a search, replaces the tabs by one list of the chosen statuses
  const filteringStatuses = panel.statuses.length > 0;
  const view: TicketView = searching || filteringStatuses ? 'search' : inbox.showClosed ? 'closed' : inbox.tab;
  const showAllOffered = mayShowAll(viewer, viewer.allUserChat, view);
  const tabs: TicketTab[] = viewer.allowGroup ? ['open', 'pending', 'group'] : ['open', 'pending'];

  const base = useMemo<Omit<TicketListFilters, 'view'>>(
    () => ({
      searchParam: searching ? search.trim() : '',
      searchOnMessages,
      showAll: showAllOffered && showAll,
      sort,
      queueIds,
      tags: panel.tags,
      users: viewer.isAdmin ? panel.users : [],
      whatsapps: panel.whatsapps,
      statuses: panel.statuses,
    }),
    [searching, search, searchOnMessages, showAllOffered, showAll, sort, queueIds, panel, viewer.isAdmin],
  );
  const filters = useMemo<TicketListFilters>(() => ({ ...base, view }), [base, view]);
  const activeFilters = panel.tags.length + panel.users.length + panel.whatsapps.length + panel.statuses.length;

  const confirmCloseAll = () => {
    const status: 'open' | 'pending' = inbox.tab === 'pending' ? 'pending' : 'open';
    confirmDialog({
      header: t('tickets.closeAll.title'),
      message: t(status === 'pending' ? 'tickets.closeAll.messagePending' : 'tickets.closeAll.messageOpen'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('tickets.closeAll.yes'),
      rejectLabel: t('tickets.closeAll.no'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        closeAll.mutate(
          { status, selectedQueueIds: queueIds },
          {
            onSuccess: (r) => toast.success(t('tickets.closeAll.done', { count: r.closed })),
            onError: (error) => toast.error(error),
          },
        ),
    });
  };

  return (
    <div className="tickets-manager">
      <div className="tickets-manager__search">
        <IconField iconPosition="left" className="tickets-manager__search-field">
          <InputIcon className="pi pi-search" />
          <InputText
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={t('tickets.search.placeholder')}
            aria-label={t('tickets.search.placeholder')}
            data-testid="ticket-search"
          />
        </IconField>
        {searchText ? (
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            severity="secondary"
            aria-label={t('tickets.search.clear')}
            onClick={() => setSearchText('')}
          />
        ) : null}
        <Button
          type="button"
          icon="pi pi-filter"
          text={!filtersOpen}
          rounded
          severity={activeFilters ? undefined : 'secondary'}
          aria-label={t('tickets.filters.toggle')}
          aria-expanded={filtersOpen}
          tooltip={t('tickets.filters.toggle')}
          tooltipOptions={{ position: 'bottom' }}
          onClick={() => setFiltersOpen((o) => !o)}
          badge={activeFilters ? String(activeFilters) : undefined}
          className="tickets-manager__filter-button"
          data-testid="filters-toggle"
        />
      </div>
      {searchText.trim() && !isSearchable(searchText) ? (
        <p className="tickets-manager__hint">{t('tickets.search.minChars')}</p>
      ) : null}
      {searchText.trim() ? (
        <div className="tickets-manager__search-options">
          <Checkbox
            inputId="search-messages"
            checked={searchOnMessages}
            onChange={(e) => setSearchOnMessages(Boolean(e.checked))}
          />
          <label htmlFor="search-messages">{t('tickets.search.inMessages')}</label>
        </div>
      ) : null}

      {filtersOpen ? <TicketFiltersPanel value={panel} onChange={setPanel} /> : null}

      <div className="tickets-manager__toolbar">
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('tickets.actions.new')}
          size="small"
          onClick={inbox.openNewTicket}
          aria-label={t('tickets.newTicket.title')}
          className="tickets-manager__new"
          data-testid="new-ticket"
        />
        <div className="tickets-manager__toolbar-end">
          {showAllOffered ? (
            <label className="tickets-manager__switch" title={t('tickets.actions.showAll')}>
              <InputSwitch
                checked={showAll}
                onChange={(e) => setShowAll(Boolean(e.value))}
                aria-label={t('tickets.actions.showAll')}
                data-testid="show-all"
              />
              <span>{t('tickets.actions.showAllShort')}</span>
            </label>
          ) : null}
          {sortApplies(view) ? (
            <Button
              type="button"
              icon={sort === 'DESC' ? 'pi pi-sort-amount-down' : 'pi pi-sort-amount-up'}
              text
              rounded
              severity="secondary"
              aria-label={sort === 'DESC' ? t('tickets.actions.sortDesc') : t('tickets.actions.sortAsc')}
              tooltip={sort === 'DESC' ? t('tickets.actions.sortDesc') : t('tickets.actions.sortAsc')}
              tooltipOptions={{ position: 'bottom' }}
              onClick={() => setSort((s) => (s === 'DESC' ? 'ASC' : 'DESC'))}
              data-testid="sort-toggle"
            />
          ) : null}
          <Button
            type="button"
            icon="pi pi-check-circle"
            text={!inbox.showClosed}
            rounded
            severity={inbox.showClosed ? 'success' : 'secondary'}
            aria-label={t('tickets.views.closed')}
            aria-pressed={inbox.showClosed}
            tooltip={t('tickets.views.closed')}
            tooltipOptions={{ position: 'bottom' }}
            onClick={() => inbox.setShowClosed(!inbox.showClosed)}
            data-testid="closed-toggle"
          />
          {viewer.isAdmin ? (
            <Button
              type="button"
              icon="pi pi-times-circle"
              text
              rounded
              severity="danger"
              aria-label={t('tickets.closeAll.title')}
              tooltip={t('tickets.closeAll.title')}
              tooltipOptions={{ position: 'bottom' }}
              onClick={confirmCloseAll}
              loading={closeAll.isPending}
              data-testid="close-all"
            />
          ) : null}
          <QueueSelector value={queueIds} onChange={setQueueIds} />
        </div>
      </div>

      {view === 'search' || view === 'closed' ? (
        <div className="tickets-manager__view-banner" data-testid="view-banner">
          <i className={view === 'search' ? 'pi pi-search' : 'pi pi-check-circle'} aria-hidden="true" />
          <span>
            {view === 'closed'
              ? t('tickets.views.closedTitle')
              : searching
                ? t('tickets.views.searchResults', { text: search.trim() })
                : t('tickets.views.statusResults', { statuses: panel.statuses.map((s) => t(`tickets.status.${s}`)).join(', ') })}
          </span>
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            severity="secondary"
            aria-label={t('tickets.views.back')}
            tooltip={t('tickets.views.back')}
            tooltipOptions={{ position: 'bottom' }}
            className="tickets-manager__view-close"
            onClick={() =>
              view === 'closed'
                ? inbox.setShowClosed(false)
                : searching
                  ? setSearchText('')
                  : setPanel({ ...panel, statuses: [] })
            }
          />
        </div>
      ) : (
        <div className="ticket-tabs" role="tablist" aria-label={t('tickets.title')} onKeyDown={onTabsKeyDown}>
          {tabs.map((tab) => (
            <TabButton key={tab} tab={tab} active={inbox.tab === tab} filters={base} onSelect={() => inbox.setTab(tab)} />
          ))}
        </div>
      )}

      <TicketList
        filters={filters}
        selectedUuid={selectedUuid}
        tabId={view === 'search' || view === 'closed' ? undefined : tabId(inbox.tab)}
      />
    </div>
  );
}

function TabButton({
  tab,
  active,
  filters,
  onSelect,
}: {
  tab: TicketTab;
  active: boolean;
  filters: Omit<TicketListFilters, 'view'>;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const count = useTicketCount({ ...filters, view: tab }, tab);
  const label = t(`tickets.tabs.${tab}`);
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      aria-controls={TICKET_LIST_ID}
      id={tabId(tab)}
      tabIndex={active ? 0 : -1}
      className={`ticket-tabs__tab${active ? ' ticket-tabs__tab--active' : ''}`}
      onClick={onSelect}
      data-testid={`tab-${tab}`}
    >
      <i className={tab === 'open' ? 'pi pi-inbox' : tab === 'pending' ? 'pi pi-clock' : 'pi pi-users'} aria-hidden="true" />
      <span>{label}</span>
      {count.data ? (
        <Badge
          value={count.data > 99 ? '99+' : count.data}
          severity={tab === 'pending' ? 'warning' : undefined}
          data-testid={`tab-${tab}-count`}
        />
      ) : null}
    </button>
  );
}
