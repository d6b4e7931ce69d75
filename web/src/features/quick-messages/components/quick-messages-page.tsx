import {
  QUICK_MESSAGE_DEFAULT_PAGE_SIZE,
  QUICK_MESSAGE_PAGE_SIZES,
  type QuickMessage,
} from '@switchboard/shared/contracts/quick-messages';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteQuickMessage } from '../api/delete-quick-message.ts';
import { useQuickMessages } from '../api/get-quick-messages.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useQuickMessagesLiveUpdates } from '../hooks/use-quick-messages-live-updates.ts';
import { isReadOnlyFor } from '../utils/quick-message-form.ts';
import { QuickMessageDialog } from './quick-message-dialog.tsx';
import './quick-messages.css';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';

/** Spec document 3 section 9: infinite scroll triggers within 100 px of the bottom. */
const SCROLL_THRESHOLD_PX = 100;

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; record: QuickMessage };

/** /quick-messages: search, add, and the table of the company's quick replies (spec document 3). */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  useDocumentTitle(t('quickMessages.title'));
  useQuickMessagesLiveUpdates(user.companyId);

  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useQuickMessages(searchParam);
  const remove = useDeleteQuickMessage();
  const [rows, setRows] = useState<number>(QUICK_MESSAGE_DEFAULT_PAGE_SIZE);
  const [first, setFirst] = useState(0);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);

  // a new search starts again on the first page
  const [pagedSearch, setPagedSearch] = useState(searchParam);
  if (pagedSearch !== searchParam) {
    setPagedSearch(searchParam);
    setFirst(0);
  }

  const records = list.data?.pages.flatMap((p) => p.records) ?? [];
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX) loadMore();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('quickMessages.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  const mediaCell = (r: QuickMessage) =>
    r.isMedia && r.mediaName ? (
      <span>{r.mediaName}</span>
    ) : (
      <span className="quick-messages-table__none">{t('quickMessages.noAttachment')}</span>
    );
  const sharedCell = (r: QuickMessage) =>
    r.geral ? (
      <i
        className="pi pi-check-circle quick-messages-table__shared"
        role="img"
        aria-label={t('quickMessages.sharedYes')}
        title={t('quickMessages.sharedYes')}
      />
    ) : null;
  const actionsCell = (r: QuickMessage) => {
    const readOnly = isReadOnlyFor(r, user.id);
    return (
      <div className="quick-messages-table__actions">
        <Button
          type="button"
          text
          rounded
          icon={readOnly ? 'pi pi-eye' : 'pi pi-pencil'}
          aria-label={readOnly ? t('quickMessages.view') : t('quickMessages.edit')}
          tooltip={readOnly ? t('quickMessages.view') : t('quickMessages.edit')}
          tooltipOptions={{ position: 'top' }}
          onClick={() => setDialog({ kind: 'edit', record: r })}
          data-testid={`quick-message-edit-${r.shortcode}`}
        />
        {!readOnly ? (
          <Button
            type="button"
            text
            rounded
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('quickMessages.delete')}
            tooltip={t('quickMessages.delete')}
            tooltipOptions={{ position: 'top' }}
            onClick={() => setDeleting(r)}
            data-testid={`quick-message-delete-${r.shortcode}`}
          />
        ) : null}
      </div>
    );
  };

  const editing = dialog.kind === 'edit' ? dialog.record : undefined;

  return (
    <section className="page quick-messages-page" data-testid="quick-messages-page">
      <PageHeader
        title={t('quickMessages.title')}
        subtitle={t('quickMessages.subtitle')}
        actions={
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('quickMessages.add')}
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="quick-messages-add"
          />
        }
      />
      <div className="surface-panel quick-messages-panel">
        <div className="quick-messages-filters">
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={search}
              placeholder={t('quickMessages.searchPlaceholder')}
              aria-label={t('quickMessages.searchPlaceholder')}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="quick-messages-search"
            />
          </IconField>
        </div>
        <div className="quick-messages-scroll" onScroll={onScroll} data-testid="quick-messages-scroll">
          <DataTable
            value={records}
            dataKey="id"
            loading={list.isFetching && !list.isFetchingNextPage}
            paginator
            rows={rows}
            first={first}
            rowsPerPageOptions={[...QUICK_MESSAGE_PAGE_SIZES]}
            onPage={(e) => {
              setFirst(e.first);
              setRows(e.rows);
              // the pager reached the last rows loaded: fetch the next page of the server
              if (e.first + e.rows >= records.length) loadMore();
            }}
            emptyMessage={list.isError ? t('quickMessages.loadFailed') : t('quickMessages.empty')}
            className="quick-messages-table"
            data-testid="quick-messages-table"
          >
            <Column
              header={t('quickMessages.columns.shortcode')}
              body={(r: QuickMessage) => <span className="quick-messages-table__shortcode">{r.shortcode}</span>}
            />
            <Column header={t('quickMessages.columns.media')} body={mediaCell} />
            <Column header={t('quickMessages.columns.shared')} body={sharedCell} style={{ width: '8rem', textAlign: 'center' }} />
            <Column
              header={<span className="sr-only">{t('quickMessages.columns.actions')}</span>}
              body={actionsCell}
              style={{ width: '7rem' }}
            />
          </DataTable>
          {list.isFetchingNextPage ? <div className="quick-messages-more">{t('quickMessages.loadingMore')}</div> : null}
        </div>
      </div>
      <QuickMessageDialog
        visible={dialog.kind !== 'none'}
        record={editing}
        readOnly={editing ? isReadOnlyFor(editing, user.id) : false}
        onHide={() => setDialog({ kind: 'none' })}
      />
      <DeleteDialog
        visible={Boolean(deleting)}
        onHide={() => setDeleting(null)}
        header={t('quickMessages.deleteDialog.header')}
        message={t('quickMessages.deleteDialog.message', { shortcode: deleting?.shortcode ?? '' })}
        confirmLabel={t('quickMessages.deleteDialog.confirm')}
        onConfirm={confirmDelete}
        testId="quick-message-delete-dialog"
      />
    </section>
  );
}
