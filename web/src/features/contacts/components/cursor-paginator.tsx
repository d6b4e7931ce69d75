import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { isRowsPerPage, ROWS_PER_PAGE_OPTIONS, type PageRange, type RowsPerPage } from '../utils/cursor-paging.ts';

/** Rows per page (10, 30, 50), the rows shown and previous/next buttons over the cursor pages. */
export function CursorPaginator({
  range,
  page,
  rowsPerPage,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  onRowsPerPage,
}: {
  range: PageRange;
  page: number;
  rowsPerPage: RowsPerPage;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onRowsPerPage: (rows: RowsPerPage) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="cursor-paginator" aria-label={t('contacts.paging.label')} data-testid="contacts-paginator">
      <div className="cursor-paginator__rows">
        <label htmlFor="contacts-rows-per-page">{t('contacts.paging.rowsPerPage')}</label>
        <Dropdown
          inputId="contacts-rows-per-page"
          value={rowsPerPage}
          options={ROWS_PER_PAGE_OPTIONS.map((n) => ({ label: String(n), value: n }))}
          onChange={(e) => isRowsPerPage(e.value) && onRowsPerPage(e.value)}
        />
      </div>
      <span className="cursor-paginator__range" aria-live="polite">
        {range.totalIsExact
          ? t('contacts.paging.range', { from: range.from, to: range.to, total: range.total })
          : t('contacts.paging.rangeAtLeast', { from: range.from, to: range.to, total: range.total })}
      </span>
      <div className="cursor-paginator__buttons">
        <Button
          type="button"
          text
          rounded
          icon="pi pi-angle-left"
          aria-label={t('contacts.paging.previous')}
          disabled={!canPrevious}
          onClick={onPrevious}
          data-testid="contacts-previous"
        />
        <span className="cursor-paginator__page">{t('contacts.paging.page', { page: page + 1 })}</span>
        <Button
          type="button"
          text
          rounded
          icon="pi pi-angle-right"
          aria-label={t('contacts.paging.next')}
          disabled={!canNext}
          onClick={onNext}
          data-testid="contacts-next"
        />
      </div>
    </nav>
  );
}
