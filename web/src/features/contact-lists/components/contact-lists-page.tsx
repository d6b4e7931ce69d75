import type { ContactList } from '@switchboard/shared/contracts/contact-lists';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import {
  hiddenHeaderColumn,
  ListPage,
  PagedTable,
  RowActionButton,
  RowActionLink,
  RowActions,
} from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog } from '../../../components/list-page-state.ts';
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
  const user = useCurrentUser();
  useDocumentTitle(t('contactLists.title'));
  useContactListsLiveUpdates(user.companyId);
  const [searchParam, setSearchParam] = useState('');
  const list = useContactLists(searchParam);
  const sample = useSampleDownload();
  const dialog = useRecordDialog<ContactList>();
  const deletion = useDeleteConfirm<ContactList>(useDeleteContactList(), t('contactLists.toasts.deleted'));
  const records = list.data?.pages.flatMap((p) => p.records) ?? [];

  const actionsCell = (r: ContactList) => (
    <div className="contact-lists-table__actions">
      <RowActionButton
        icon="pi pi-download"
        label={t('contactLists.sample')}
        onClick={() => void sample()}
        testId={`contact-list-sample-${r.id}`}
      />
      <RowActionLink
        to={`/contact-lists/${r.id}/contacts`}
        icon="pi pi-users"
        label={t('contactLists.openItems', { name: r.name })}
        testId={`contact-list-open-${r.id}`}
      />
      <RowActions
        testId={{ kind: 'contact-list', id: r.id }}
        editLabel={t('contactLists.edit', { name: r.name })}
        onEdit={() => dialog.edit(r)}
        deleteLabel={t('contactLists.delete', { name: r.name })}
        onDelete={() => deletion.ask(r)}
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
      add={{ label: t('contactLists.add'), onClick: dialog.add }}
      search={{ placeholder: t('contactLists.searchPlaceholder'), onSearch: setSearchParam }}
      paging={{ query: list, loadingMore: t('contactLists.loadingMore') }}
      overlays={
        <>
          <ContactListDialog visible={dialog.visible} record={dialog.record} onHide={dialog.hide} />
          <DeleteDialog
            {...deletion.dialog}
            header={t('contactLists.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('contactLists.deleteDialog.message')}
            confirmLabel={t('contactLists.deleteDialog.confirm')}
            testId="contact-list-delete-dialog"
          />
        </>
      }
    >
      <PagedTable name="contact-lists" texts="contactLists" records={records} query={list}>
        <Column
          header={t('contactLists.columns.name')}
          body={(r: ContactList) => <Link to={`/contact-lists/${r.id}/contacts`}>{r.name}</Link>}
        />
        <Column header={t('contactLists.columns.contacts')} body={countCell} style={{ width: '8rem' }} />
        {hiddenHeaderColumn(t('contactLists.columns.actions'), actionsCell, '12rem')}
      </PagedTable>
    </ListPage>
  );
}
