import {
  QUICK_MESSAGE_DEFAULT_PAGE_SIZE,
  QUICK_MESSAGE_PAGE_SIZES,
  type QuickMessage,
} from '@switchboard/shared/contracts/quick-messages';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hiddenHeaderColumn, ListPage, PagedTable, RowActionButton } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog, useTablePager } from '../../../components/list-page-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteQuickMessage } from '../api/delete-quick-message.ts';
import { useQuickMessages } from '../api/get-quick-messages.ts';
import { useQuickMessagesLiveUpdates } from '../hooks/use-quick-messages-live-updates.ts';
import { isReadOnlyFor } from '../utils/quick-message-form.ts';
import { QuickMessageDialog } from './quick-message-dialog.tsx';
import './quick-messages.css';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';

/** /quick-messages: search, add, and the table of the company's quick replies (spec document 3). */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('quickMessages.title'));
  useQuickMessagesLiveUpdates(user.companyId);

  const [searchParam, setSearchParam] = useState('');
  const list = useQuickMessages(searchParam);
  const dialog = useRecordDialog<QuickMessage>();
  const deletion = useDeleteConfirm<QuickMessage>(useDeleteQuickMessage(), t('quickMessages.toasts.deleted'));

  const records = list.data?.pages.flatMap((p) => p.records) ?? [];
  const pager = useTablePager(searchParam, QUICK_MESSAGE_DEFAULT_PAGE_SIZE, QUICK_MESSAGE_PAGE_SIZES, list, records.length);

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
        <RowActionButton
          icon={readOnly ? 'pi pi-eye' : 'pi pi-pencil'}
          label={readOnly ? t('quickMessages.view') : t('quickMessages.edit')}
          onClick={() => dialog.edit(r)}
          testId={`quick-message-edit-${r.shortcode}`}
        />
        {!readOnly ? (
          <RowActionButton
            icon="pi pi-trash"
            severity="danger"
            label={t('quickMessages.delete')}
            onClick={() => deletion.ask(r)}
            testId={`quick-message-delete-${r.shortcode}`}
          />
        ) : null}
      </div>
    );
  };

  const editing = dialog.record;

  return (
    <ListPage
      name="quick-messages"
      title={t('quickMessages.title')}
      subtitle={t('quickMessages.subtitle')}
      add={{ label: t('quickMessages.add'), onClick: dialog.add }}
      search={{ placeholder: t('quickMessages.searchPlaceholder'), onSearch: setSearchParam }}
      paging={{ query: list, loadingMore: t('quickMessages.loadingMore') }}
      overlays={
        <>
          <QuickMessageDialog
            visible={dialog.visible}
            record={editing}
            readOnly={editing ? isReadOnlyFor(editing, user.id) : false}
            onHide={dialog.hide}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('quickMessages.deleteDialog.header')}
            message={t('quickMessages.deleteDialog.message', { shortcode: deletion.target?.shortcode ?? '' })}
            confirmLabel={t('quickMessages.deleteDialog.confirm')}
            testId="quick-message-delete-dialog"
          />
        </>
      }
    >
      <PagedTable name="quick-messages" texts="quickMessages" records={records} query={list} pager={pager}>
        <Column
          header={t('quickMessages.columns.shortcode')}
          body={(r: QuickMessage) => <span className="quick-messages-table__shortcode">{r.shortcode}</span>}
        />
        <Column header={t('quickMessages.columns.media')} body={mediaCell} />
        <Column header={t('quickMessages.columns.shared')} body={sharedCell} style={{ width: '8rem', textAlign: 'center' }} />
        {hiddenHeaderColumn(t('quickMessages.columns.actions'), actionsCell)}
      </PagedTable>
    </ListPage>
  );
}
