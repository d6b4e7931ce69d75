import type { ContactList } from '@switchboard/shared/contracts/contact-lists';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteContactList } from '../api/delete-contact-list.ts';
import { useContactLists } from '../api/get-contact-lists.ts';
import { useContactListsLiveUpdates } from '../hooks/use-contact-lists-live-updates.ts';
import { writeSampleSheet } from '../utils/contact-list-form.ts';
import { ContactListDialog } from './contact-list-dialog.tsx';
import { ContactListsGate } from './contact-lists-gate.tsx';
import './contact-lists.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; record: ContactList };

/** /contact-lists (spec document 3): the company's contact lists, the recipients of campaigns. */
export function ContactListsPage() {
  return (
    <ContactListsGate>
      <ContactListsTable />
    </ContactListsGate>
  );
}

/** Downloads the sample spreadsheet in the viewer's language. */
export const useSampleDownload = () => {
  const { t } = useTranslation();
  const toast = useToast();
  return async () => {
    try {
      const blob = await writeSampleSheet({
        sheet: t('contactLists.sampleSheet.sheet'),
        exampleName: t('contactLists.sampleSheet.exampleName'),
        exampleEmail: t('contactLists.sampleSheet.exampleEmail'),
      });
      downloadBlob(blob, t('contactLists.sampleSheet.fileName'));
    } catch (error) {
      toast.error(error);
    }
  };
};

function ContactListsTable() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  useDocumentTitle(t('contactLists.title'));
  useContactListsLiveUpdates(user.companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useContactLists(searchParam);
  const remove = useDeleteContactList();
  const sample = useSampleDownload();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const records = list.data?.pages.flatMap((p) => p.records) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('contactLists.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  const actionsCell = (r: ContactList) => (
    <div className="contact-lists-table__actions">
      <Button
        type="button"
        icon="pi pi-download"
        text
        rounded
        aria-label={t('contactLists.sample')}
        tooltip={t('contactLists.sample')}
        tooltipOptions={{ position: 'top' }}
        onClick={() => void sample()}
        data-testid={`contact-list-sample-${r.id}`}
      />
      <Link
        to={`/contact-lists/${r.id}/contacts`}
        className="p-button p-button-text p-button-rounded p-button-icon-only"
        aria-label={t('contactLists.openItems', { name: r.name })}
        title={t('contactLists.openItems', { name: r.name })}
        data-testid={`contact-list-open-${r.id}`}
      >
        <i className="pi pi-users" aria-hidden="true" />
      </Link>
      <RowActions
        testId={{ kind: 'contact-list', id: r.id }}
        editLabel={t('contactLists.edit', { name: r.name })}
        onEdit={() => setDialog({ kind: 'edit', record: r })}
        deleteLabel={t('contactLists.delete', { name: r.name })}
        onDelete={() => setDeleting(r)}
      />
    </div>
  );

  const countCell = (r: ContactList) => (
    <span
      className="contact-lists-table__count"
      title={t('contactLists.counts', { valid: r.validCount, pending: r.pendingCount })}
    >
      {r.contactsCount}
    </span>
  );

  return (
    <ListPage
      name="contact-lists"
      title={t('contactLists.title')}
      subtitle={t('contactLists.subtitle')}
      actions={
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('contactLists.add')}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="contact-lists-add"
        />
      }
      search={{ placeholder: t('contactLists.searchPlaceholder'), onSearch: setSearchParam }}
      onNearEnd={() => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      }}
      loadingMore={list.isFetchingNextPage ? t('contactLists.loadingMore') : null}
      overlays={
        <>
          <ContactListDialog
            visible={dialog.kind !== 'none'}
            record={dialog.kind === 'edit' ? dialog.record : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            visible={Boolean(deleting)}
            onHide={() => setDeleting(null)}
            header={t('contactLists.deleteDialog.header', { name: deleting?.name ?? '' })}
            message={t('contactLists.deleteDialog.message')}
            confirmLabel={t('contactLists.deleteDialog.confirm')}
            onConfirm={confirmDelete}
            testId="contact-list-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={records}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage && records.length === 0}
        emptyMessage={list.isError ? t('contactLists.loadFailed') : t('contactLists.empty')}
        className="contact-lists-table"
        data-testid="contact-lists-table"
      >
        <Column
          header={t('contactLists.columns.name')}
          body={(r: ContactList) => <Link to={`/contact-lists/${r.id}/contacts`}>{r.name}</Link>}
        />
        <Column header={t('contactLists.columns.contacts')} body={countCell} style={{ width: '8rem' }} />
        <Column
          header={<span className="sr-only">{t('contactLists.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '12rem' }}
        />
      </DataTable>
    </ListPage>
  );
}
