import type { AdminCompany } from '@switchboard/shared/contracts/companies';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { useDeleteConfirm, useTablePager } from '../../../components/list-page-state.ts';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { systemClock } from '../../../lib/clock.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteCompany } from '../api/delete-company.ts';
import { useCompanies } from '../api/get-companies.ts';
import { useSaveCompany } from '../api/save-company.ts';
import { useCompaniesLiveUpdates } from '../hooks/use-companies-live-updates.ts';
import { formatSize } from '../../../lib/format.ts';
import { nextDueDate, PAGE_SIZES, rowClassOf } from '../utils/platform-forms.ts';
import { CompanyDialog } from './company-dialog.tsx';
import { formatPlanAmount } from './plans-tab.tsx';
import './platform.css';

/** Companies are read 25 at a time (the largest page size); the table pages through those loaded. */
const FETCH_SIZE = 25;

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; company: AdminCompany };

const dateOrDash = (iso: string | null) => (iso ? formatDate(new Date(iso)) : '—');

/** /companies (spec document 2 section 2): the super user's companies; anyone else sees the no-access view. */
export function CompaniesPage() {
  const user = useCurrentUser();
  const { t } = useTranslation();
  useDocumentTitle(t('platform.companies.title'));
  if (!can(buildViewer(user), 'super:area')) return <ForbiddenPage />;
  return <CompaniesTab />;
}

/** The companies table and form (also the settings page's companies tab). */
export function CompaniesTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const [searchParam, setSearchParam] = useState('');
  const list = useCompanies(searchParam, FETCH_SIZE);
  useCompaniesLiveUpdates();
  const save = useSaveCompany();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<AdminCompany>(useDeleteCompany(), t('platform.done'), () => t('platform.deleteFailed'));
  const now = systemClock.now();
  const companies = list.data?.pages.flatMap((p) => p.companies) ?? [];
  const pager = useTablePager(searchParam, PAGE_SIZES[0], PAGE_SIZES, list, companies.length);

  const advance = (c: AdminCompany) =>
    save.mutate(
      { id: c.id, body: { dueDate: nextDueDate(c) } },
      { onSuccess: () => toast.success(t('platform.updated')), onError: (error) => toast.error(error) },
    );

  return (
    <ListPage
      name="companies"
      title={t('platform.companies.title')}
      subtitle={t('platform.companies.subtitle')}
      search={{ placeholder: t('platform.companies.searchPlaceholder'), onSearch: setSearchParam }}
      add={{ label: t('platform.companies.add'), onClick: () => setDialog({ kind: 'add' }) }}
      overlays={
        <>
          <CompanyDialog
            visible={dialog.kind !== 'none'}
            company={dialog.kind === 'edit' ? dialog.company : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('platform.companies.deleteDialog.header')}
            message={t('platform.deleteMessage')}
            confirmLabel={t('platform.companies.deleteDialog.confirm')}
            testId="company-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={companies}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage}
        {...pager}
        rowClassName={(c: AdminCompany) => rowClassOf(c, now) ?? ''}
        scrollable
        // fourteen columns fit 1440 px with compact cells; narrower, the table scrolls and the actions stay in view
        size="small"
        emptyMessage={list.isError ? t('platform.loadFailed') : t('platform.companies.empty')}
        className="companies-table"
        data-testid="companies-table"
      >
        <Column field="id" header={t('platform.companies.columns.id')} />
        <Column
          header={t('platform.companies.columns.status')}
          body={(c: AdminCompany) => (c.status ? t('platform.yes') : t('platform.no'))}
        />
        <Column field="name" header={t('platform.companies.columns.name')} bodyClassName="companies-table__wrap" />
        <Column field="email" header={t('platform.companies.columns.email')} bodyClassName="companies-table__wrap" />
        <Column
          header={t('platform.companies.columns.plan')}
          body={(c: AdminCompany) => c.planName ?? '—'}
          bodyClassName="companies-table__wrap"
        />
        <Column header={t('platform.companies.columns.amount')} body={(c: AdminCompany) => formatPlanAmount(c.planAmount)} />
        <Column header={t('platform.companies.columns.createdAt')} body={(c: AdminCompany) => dateOrDash(c.createdAt)} />
        <Column
          header={t('platform.companies.columns.dueDate')}
          body={(c: AdminCompany) => {
            const state = rowClassOf(c, now);
            return (
              <span className="company-due" data-testid={`company-due-${c.id}`}>
                <span className="company-due__text">
                  <span>{dateOrDash(c.dueDate)}</span> <span>({t(`platform.companies.recurrences.${c.recurrence}`)})</span>
                </span>
                {state ? (
                  <span className="sr-only">
                    {state === 'company-row--expired' ? t('platform.companies.dueExpired') : t('platform.companies.dueSoon')}
                  </span>
                ) : null}
                <Button
                  type="button"
                  text
                  rounded
                  icon="pi pi-calendar-plus"
                  aria-label={t('platform.companies.advanceDue', { name: c.name })}
                  tooltip={t('platform.companies.advanceDue', { name: c.name })}
                  tooltipOptions={{ position: 'top' }}
                  disabled={save.isPending || c.id === 1}
                  onClick={() => advance(c)}
                  data-testid={`company-advance-${c.id}`}
                />
              </span>
            );
          }}
        />
        <Column header={t('platform.companies.columns.lastLogin')} body={(c: AdminCompany) => dateOrDash(c.lastLogin)} />
        <Column header={t('platform.companies.columns.folderSize')} body={(c: AdminCompany) => formatSize(c.folderSize)} />
        <Column field="totalFiles" header={t('platform.companies.columns.totalFiles')} />
        <Column
          header={t('platform.companies.columns.lastFolderUpdate')}
          body={(c: AdminCompany) => dateOrDash(c.lastFolderUpdate)}
        />
        <Column
          frozen
          alignFrozen="right"
          header={<span className="sr-only">{t('platform.companies.columns.actions')}</span>}
          body={(c: AdminCompany) => (
            <RowActions
              testId={{ kind: 'company', id: c.id }}
              editLabel={t('platform.companies.edit', { name: c.name })}
              deleteLabel={c.id === 1 ? undefined : t('platform.companies.delete', { name: c.name })}
              onEdit={() => setDialog({ kind: 'edit', company: c })}
              onDelete={() => deletion.ask(c)}
            />
          )}
        />
      </DataTable>
      {list.isFetchingNextPage ? <div className="list-page__more">{t('platform.loadingMore')}</div> : null}
    </ListPage>
  );
}
