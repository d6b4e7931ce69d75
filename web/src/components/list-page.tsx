/**
 * The shell of every list page (spec document 2 and 3 list screens): the header with its actions, an optional
 * search box, and the panel holding the list, either a paged table or a table that loads the next page when
 * scrolled near its bottom. Pages give their columns and dialogs; the shell keeps the behaviour the same
 * everywhere (the 500 ms search debounce, the 100 px scroll threshold, the row actions' labels and tooltips).
 */
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { loadNextPage, type PagedQuery, type TablePager } from './list-page-state.ts';
import { PageHeader } from './page-header.tsx';
import './list-page.css';

/** Spec document 2 section 9: infinite scroll loads the next page within 100 px of the bottom. */
export const SCROLL_THRESHOLD_PX = 100;

export interface ListPageProps {
  /** the page's test id and class prefix, e.g. 'users' gives `users-page`, `users-search`, `users-scroll` */
  name: string;
  title: string;
  subtitle?: string;
  /** the primary action, a plus button after `actions`; its test id defaults to `<name>-add` */
  add?: { label: string; onClick: () => void; testId?: string };
  actions?: ReactNode;
  /** the search box: its placeholder (also its label) and the debounced text it reports (at once when `immediate`) */
  search?: { placeholder: string; onSearch: (text: string) => void; immediate?: boolean };
  /** filters beside the search box */
  filters?: ReactNode;
  /** infinite scroll: called when the list is scrolled near its bottom */
  onNearEnd?: () => void;
  /** shown under the list while the next page loads */
  loadingMore?: ReactNode;
  /** infinite scroll over an infinite query: the next page when near the end, `loadingMore` while it loads */
  paging?: { query: PagedQuery; loadingMore: string };
  children: ReactNode;
  /** dialogs and other overlays of the page */
  overlays?: ReactNode;
}

export function ListPage({
  name,
  title,
  subtitle,
  add,
  actions,
  search,
  filters,
  onNearEnd: nearEnd,
  loadingMore: more,
  paging,
  children,
  overlays,
}: ListPageProps) {
  const onNearEnd = paging ? () => loadNextPage(paging.query) : nearEnd;
  const loadingMore = paging ? (paging.query.isFetchingNextPage ? paging.loadingMore : null) : more;
  const header = add ? (
    <>
      {actions}
      <Button type="button" icon="pi pi-plus" label={add.label} onClick={add.onClick} data-testid={add.testId ?? `${name}-add`} />
    </>
  ) : (
    actions
  );
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (onNearEnd && el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX) onNearEnd();
  };
  return (
    <section className={`page ${name}-page list-page`} data-testid={`${name}-page`}>
      <PageHeader title={title} subtitle={subtitle} actions={header} />
      <div className={`surface-panel ${name}-panel list-page__panel`}>
        {search || filters ? (
          <div className={`${name}-filters list-page__filters`}>
            {search ? (
              <SearchBox name={name} placeholder={search.placeholder} onSearch={search.onSearch} immediate={search.immediate} />
            ) : null}
            {filters}
          </div>
        ) : null}
        {onNearEnd ? (
          <div className={`${name}-scroll list-page__scroll`} onScroll={onScroll} data-testid={`${name}-scroll`}>
            {children}
            {loadingMore ? <div className="list-page__more">{loadingMore}</div> : null}
          </div>
        ) : (
          children
        )}
      </div>
      {overlays}
    </section>
  );
}

/**
 * The table of an infinite list. Scrolled, it spins while the first page loads; paged (`pager`), on every fetch but the
 * next page's. Empty, it says so with the texts `<texts>.empty`, or `<texts>.loadFailed` when the query failed.
 */
export function PagedTable({
  name,
  texts,
  records,
  query,
  pager,
  children,
}: {
  /** gives the table's class and test id, `<name>-table` */
  name: string;
  /** the i18n prefix of the empty table's texts */
  texts: string;
  records: Record<string, unknown>[];
  query: PagedQuery;
  pager?: TablePager;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fetching = query.isFetching && !query.isFetchingNextPage;
  return (
    <DataTable
      value={records}
      dataKey="id"
      loading={pager ? fetching : fetching && records.length === 0}
      {...pager}
      emptyMessage={t(query.isError ? `${texts}.loadFailed` : `${texts}.empty`)}
      className={`${name}-table`}
      data-testid={`${name}-table`}
    >
      {children}
    </DataTable>
  );
}

/** A column whose header only screen readers read: a row's actions, or an icon that needs no heading on screen. */
export const hiddenHeaderColumn = <T,>(label: string, body: (row: T) => ReactNode, width = '7rem') => (
  <Column header={<span className="sr-only">{label}</span>} body={body} style={{ width }} />
);

/** The search box: reports the trimmed text once typing has paused (SEARCH_DEBOUNCE_MS), or as it is typed when `immediate`. */
function SearchBox({
  name,
  placeholder,
  onSearch,
  immediate,
}: {
  name: string;
  placeholder: string;
  onSearch: (text: string) => void;
  immediate?: boolean;
}) {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim());
  const settled = immediate ? text.trim() : debounced;
  const report = useRef(onSearch);
  report.current = onSearch;
  const first = useRef(true);
  useEffect(() => {
    // the empty text the box starts with is not news
    if (first.current) {
      first.current = false;
      return;
    }
    report.current(settled);
  }, [settled]);
  return (
    <IconField iconPosition="left">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={text}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => setText(e.target.value)}
        data-testid={`${name}-search`}
      />
    </IconField>
  );
}

/** A row's edit and delete buttons, labelled with what they act on. */
export function RowActions({
  testId,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  children,
}: {
  /** e.g. 'queue-7' gives `queue-edit-7` and `queue-delete-7` */
  testId: { kind: string; id: number };
  editLabel?: string;
  deleteLabel?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="row-actions">
      {children}
      {onEdit && editLabel ? (
        <RowActionButton icon="pi pi-pencil" label={editLabel} onClick={onEdit} testId={`${testId.kind}-edit-${testId.id}`} />
      ) : null}
      {onDelete && deleteLabel ? (
        <RowActionButton
          icon="pi pi-trash"
          severity="danger"
          label={deleteLabel}
          onClick={onDelete}
          testId={`${testId.kind}-delete-${testId.id}`}
        />
      ) : null}
    </div>
  );
}

/** One icon button of a row's (or a pane's) actions, its label read out and shown as a tooltip above it (or `tooltipAt`). */
export function RowActionButton({
  icon,
  label,
  onClick,
  testId,
  severity,
  disabled,
  tooltipAt = 'top',
}: {
  icon: string;
  label: string;
  onClick: () => void;
  testId: string;
  severity?: 'danger' | 'warning' | 'success';
  disabled?: boolean;
  tooltipAt?: 'top' | 'bottom';
}) {
  return (
    <Button
      type="button"
      text
      rounded
      severity={severity}
      disabled={disabled}
      icon={icon}
      aria-label={label}
      tooltip={label}
      tooltipOptions={{ position: tooltipAt }}
      onClick={onClick}
      data-testid={testId}
    />
  );
}

/** A row's link styled as one of its icon buttons, labelled with where it leads. */
export function RowActionLink({ to, icon, label, testId }: { to: string; icon: string; label: string; testId: string }) {
  return (
    <Link
      to={to}
      className="p-button p-button-text p-button-rounded p-button-icon-only"
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      <i className={icon} aria-hidden="true" />
    </Link>
  );
}
