import { REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, type ReportTicket } from '@switchboard/shared/contracts/reports';
import { ticketStatuses, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { ProgressBar } from 'primereact/progressbar';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@switchboard/shared/permissions';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { buildViewer } from '../../../lib/viewer.ts';
import { Link } from 'react-router-dom';
import { Picker, SearchPicker } from '../../../components/picker.tsx';
import { ListPage, RowActionButton } from '../../../components/list-page.tsx';
import { TicketLogDialog } from '../../../components/ticket-log-dialog.tsx';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTicketReport } from '../api/get-ticket-report.ts';
import { useExportReport } from '../hooks/use-export-report.ts';
import { formatSupportTime } from '../utils/report-export.ts';
import { defaultReportFilters, type ReportFilters } from '../utils/report-filters.ts';
import './reports-page.css';

/**
 * /reports (spec document 2 "Ticket report (/reports)"): the search box (contact name or number, or ticket id,
 * applied as typing pauses), the filters, a filter button, the Excel export with its progress, the paged table
 * (5/10/20/50, default 10) and each row's ticket log and link to the ticket.
 * Pages follow the server's cursor: the pager moves one page forward or back, and shows "page X of Y" from the total
 * the server counts with the first page.
 */
export function ReportsPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'dashboard:view')) return <ForbiddenPage />;
  return <TicketReport />;
}

/** A filter over several connections, users or queues, labelled by its heading. */
function PickerFilter({
  source,
  value,
  onChange,
}: {
  source: 'connections' | 'users' | 'queues';
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="reports-field">
      <span id={`report-${source}-label`}>{t(`reports.filters.${source}`)}</span>
      <Picker
        multiple
        source={source}
        value={value}
        onChange={onChange}
        ariaLabelledBy={`report-${source}-label`}
        testId={`report-${source}`}
      />
    </div>
  );
}

/** One end of the date range, bounded by the other end when that is set. */
function DateFilter({
  end,
  value,
  min,
  max,
  onChange,
}: {
  end: 'dateFrom' | 'dateTo';
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="reports-field">
      <span>{t(`reports.filters.${end}`)}</span>
      <InputText
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={end === 'dateFrom' ? 'report-date-from' : 'report-date-to'}
      />
    </label>
  );
}

function TicketReport() {
  const { t } = useTranslation();
  useDocumentTitle(t('reports.title'));
  const [draft, setDraft] = useState<ReportFilters>(() => defaultReportFilters(new Date()));
  const [applied, setApplied] = useState<ReportFilters>(draft);
  const [rows, setRows] = useState<number>(REPORT_DEFAULT_PAGE_SIZE);
  // cursors[i] opens page i; page 0 opens with none
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);
  const [logOf, setLogOf] = useState<number | null>(null);
  const report = useTicketReport(applied, rows, cursors[pageIndex]);
  const exporter = useExportReport();
  const format = useMemo(
    () => new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'short', timeStyle: 'short' }),
    [],
  );

  const restart = () => {
    setCursors([undefined]);
    setPageIndex(0);
  };
  const applyFilters = () => {
    setApplied(draft);
    restart();
  };
  const set = <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // the search text applies on its own once typing pauses, with the filters last applied
  const search = (text: string) => {
    setDraft((d) => ({ ...d, searchParam: text }));
    setApplied((a) => ({ ...a, searchParam: text }));
    restart();
  };

  const page = report.data;
  const tickets = page?.tickets ?? [];
  const loadedBefore = pageIndex * rows;
  const total = page?.totalTickets.total ?? 0;
  const exact = page?.totalTickets.exact ?? false;
  const pageCount = exact ? Math.max(1, Math.ceil(total / rows)) : undefined;
  // a total past the server's counting bound is a lower bound: the pager then offers the next page while there is one
  const totalRecords = !page
    ? 0
    : exact
      ? total
      : page.hasMore
        ? Math.max(total, loadedBefore + Math.max(tickets.length, rows) + 1)
        : loadedBefore + tickets.length;

  const statusOptions = ticketStatuses.map((s) => ({ value: s, label: t(`reports.status.${s}`) }));
  const dateTime = (iso: string | null) => (iso ? format.format(new Date(iso)) : '');

  const actionsCell = (ticket: ReportTicket) => (
    <div className="row-actions">
      <RowActionButton
        icon="pi pi-history"
        label={t('reports.openLog', { id: ticket.id })}
        onClick={() => setLogOf(ticket.id)}
        testId={`report-log-${ticket.id}`}
      />
      <Link
        to={`/tickets/${ticket.uuid}`}
        className="p-button p-button-text p-button-rounded p-button-icon-only"
        aria-label={t('reports.openTicket', { id: ticket.id })}
        title={t('reports.openTicket', { id: ticket.id })}
        data-testid={`report-open-${ticket.id}`}
      >
        <i className="pi pi-external-link" aria-hidden="true" />
      </Link>
    </div>
  );

  const filters = (
    <div className="reports-filters__grid">
      <div className="reports-field">
        <label htmlFor="report-contact">{t('reports.filters.contact')}</label>
        <SearchPicker
          source="contacts"
          id="report-contact"
          value={draft.contact}
          onChange={(c) => set('contact', c ? { id: c.id, name: c.name } : undefined)}
        />
      </div>
      <PickerFilter source="connections" value={draft.connectionIds} onChange={(ids) => set('connectionIds', ids)} />
      <div className="reports-field">
        <span id="report-statuses-label">{t('reports.filters.statuses')}</span>
        <MultiSelect
          value={draft.statuses}
          options={statusOptions}
          onChange={(e) => set('statuses', e.value as TicketStatus[])}
          display="chip"
          aria-labelledby="report-statuses-label"
          data-testid="report-statuses"
        />
      </div>
      <PickerFilter source="users" value={draft.userIds} onChange={(ids) => set('userIds', ids)} />
      <PickerFilter source="queues" value={draft.queueIds} onChange={(ids) => set('queueIds', ids)} />
      <DateFilter end="dateFrom" value={draft.dateFrom} max={draft.dateTo} onChange={(v) => set('dateFrom', v)} />
      <DateFilter end="dateTo" value={draft.dateTo} min={draft.dateFrom} onChange={(v) => set('dateTo', v)} />
      <div className="reports-field reports-field--check">
        <Checkbox
          inputId="report-only-rated"
          checked={draft.onlyRated}
          onChange={(e) => set('onlyRated', e.checked === true)}
          data-testid="report-only-rated"
        />
        <label htmlFor="report-only-rated">{t('reports.filters.onlyRated')}</label>
      </div>
      <Button type="button" icon="pi pi-filter" label={t('reports.filter')} onClick={applyFilters} data-testid="report-filter" />
    </div>
  );

  return (
    <ListPage
      name="reports"
      title={t('reports.title')}
      actions={
        <Button
          type="button"
          icon="pi pi-file-excel"
          label={t('reports.export')}
          loading={exporter.running}
          disabled={exporter.running}
          onClick={() => void exporter.run(applied)}
          data-testid="report-export"
        />
      }
      search={{ placeholder: t('reports.searchPlaceholder'), onSearch: search }}
      filters={filters}
      overlays={logOf !== null ? <TicketLogDialog ticketId={logOf} visible onHide={() => setLogOf(null)} /> : null}
    >
      {exporter.running ? (
        <div className="reports-export" role="status" data-testid="report-export-progress">
          <span>{t('reports.exporting', { count: exporter.read })}</span>
          <ProgressBar value={exporter.progress} aria-label={t('reports.exporting', { count: exporter.read })} />
        </div>
      ) : null}
      <p className="reports-total" data-testid="report-total">
        {page ? (exact ? t('reports.total', { count: total }) : t('reports.totalMore', { count: total })) : null}
      </p>
      <DataTable
        value={tickets}
        dataKey="id"
        lazy
        loading={report.isFetching}
        paginator
        rows={rows}
        first={loadedBefore}
        totalRecords={totalRecords}
        rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
        paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown"
        currentPageReportTemplate={
          pageCount
            ? t('reports.pageOf', { page: pageIndex + 1, pages: pageCount })
            : t('reports.pageOnly', { page: pageIndex + 1 })
        }
        onPage={(e) => {
          if (e.rows !== rows) {
            setRows(e.rows);
            restart();
            return;
          }
          const target = e.page ?? 0;
          if (target === pageIndex + 1 && page?.nextCursor) {
            setCursors((c) => [...c.slice(0, target), page.nextCursor ?? undefined]);
            setPageIndex(target);
          } else if (target < pageIndex) {
            setPageIndex(target);
          }
        }}
        emptyMessage={report.isError ? t('reports.loadFailed') : t('reports.empty')}
        className="reports-table"
        data-testid="reports-table"
        scrollable
      >
        <Column field="id" header={t('reports.columns.id')} />
        <Column field="whatsappName" header={t('reports.columns.whatsappName')} />
        <Column field="contactName" header={t('reports.columns.contactName')} />
        <Column header={t('reports.columns.userName')} body={(r: ReportTicket) => r.userName ?? ''} />
        <Column header={t('reports.columns.queueName')} body={(r: ReportTicket) => r.queueName ?? t('reports.noQueue')} />
        <Column header={t('reports.columns.status')} body={(r: ReportTicket) => t(`reports.status.${r.status}`)} />
        <Column field="lastMessage" header={t('reports.columns.lastMessage')} bodyClassName="reports-table__message" />
        <Column header={t('reports.columns.createdAt')} body={(r: ReportTicket) => dateTime(r.createdAt)} />
        <Column header={t('reports.columns.closedAt')} body={(r: ReportTicket) => dateTime(r.closedAt)} />
        <Column header={t('reports.columns.supportTime')} body={(r: ReportTicket) => formatSupportTime(r.supportTime)} />
        <Column header={t('reports.columns.nps')} body={(r: ReportTicket) => r.NPS ?? ''} />
        <Column
          header={<span className="sr-only">{t('reports.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '7rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
