import type { ContactListImport, ContactListItem } from '@switchboard/shared/contracts/contact-lists';
import { can } from '@switchboard/shared/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { hiddenHeaderColumn, ListPage, PagedTable, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDeleteContactListItem } from '../api/delete-contact-list-item.ts';
import { useContactListItems } from '../api/get-contact-list-items.ts';
import { contactListsQueryKeys, useContactList } from '../api/get-contact-lists.ts';
import { useContactListsLiveUpdates } from '../hooks/use-contact-lists-live-updates.ts';
import { ContactListImportDialog } from './contact-list-import-dialog.tsx';
import { ContactListItemDialog } from './contact-list-item-dialog.tsx';
import { ContactListsGate } from './contact-lists-gate.tsx';
import { useSampleDownload } from './contact-lists-page.tsx';
import './contact-lists.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; record: ContactListItem } | { kind: 'import' };

/** /contact-lists/{contactListId}/contacts: the items of one list, with their WhatsApp marker, import and reload. */
export function ContactListItemsPage() {
  const { contactListId } = useParams();
  const id = Number(contactListId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <ContactListsGate>
      <ItemsTable contactListId={id} />
    </ContactListsGate>
  );
}

function ImportStatus({ summary }: { summary: ContactListImport }) {
  const { t } = useTranslation();
  const file = summary.fileName;
  const text =
    summary.status === 'done'
      ? t('contactLists.importStatus.done', { file, added: summary.added, updated: summary.updated, refused: summary.refused })
      : summary.status === 'failed'
        ? t('contactLists.importStatus.failed', { file, error: summary.error ?? '' })
        : t(`contactLists.importStatus.${summary.status}`, { file });
  return (
    <div className="contact-list-items__status" role="status" data-testid="contact-list-import-status">
      {text}
      {summary.refusedRows.length > 0 ? (
        <ul>
          {summary.refusedRows.map((r) => (
            <li key={`${r.row}-${r.reason}`}>
              {t('contactLists.importStatus.refusedRow', {
                row: r.row,
                reason: t(`contactLists.importStatus.reasons.${r.reason}`),
                message: r.message,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ItemsTable({ contactListId }: { contactListId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const contactList = useContactList(contactListId);
  useDocumentTitle(
    contactList.data ? t('contactLists.items.title', { name: contactList.data.name }) : t('contactLists.items.fallbackTitle'),
  );
  useContactListsLiveUpdates(user.companyId);
  const [searchParam, setSearchParam] = useState('');
  const items = useContactListItems(contactListId, searchParam);
  const sample = useSampleDownload();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<ContactListItem>(useDeleteContactListItem(), t('contactLists.toasts.itemDeleted'));
  const mayDelete = can(buildViewer(user), 'contacts-page:deleteContact');
  const records = items.data?.pages.flatMap((p) => p.contacts) ?? [];

  if (contactList.isError) return <NotFoundPage />;

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.one(contactListId) });
    void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.items(contactListId) });
  };

  const validCell = (r: ContactListItem) => {
    const state = r.checkedAt === null ? 'pending' : r.isWhatsappValid ? 'yes' : 'no';
    const icon = state === 'pending' ? 'pi-clock' : state === 'yes' ? 'pi-check-circle' : 'pi-times-circle';
    const label = t(`contactLists.items.${state === 'pending' ? 'pending' : state === 'yes' ? 'valid' : 'invalid'}`);
    return (
      <i
        className={`pi ${icon} contact-list-items__valid contact-list-items__valid--${state}`}
        role="img"
        aria-label={label}
        title={label}
        data-testid={`contact-list-item-valid-${r.id}`}
        data-state={state}
      />
    );
  };

  const actionsCell = (r: ContactListItem) => (
    <RowActions
      testId={{ kind: 'contact-list-item', id: r.id }}
      editLabel={t('contactLists.items.edit', { name: r.name })}
      onEdit={() => setDialog({ kind: 'edit', record: r })}
      deleteLabel={t('contactLists.items.delete', { name: r.name })}
      onDelete={mayDelete ? () => deletion.ask(r) : undefined}
    />
  );

  return (
    <ListPage
      name="contact-list-items"
      title={
        contactList.data ? t('contactLists.items.title', { name: contactList.data.name }) : t('contactLists.items.fallbackTitle')
      }
      actions={
        <>
          <Link
            to="/contact-lists"
            className="p-button p-button-outlined"
            aria-label={t('contactLists.items.back')}
            data-testid="contact-list-items-back"
          >
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span className="p-button-label">{t('contactLists.items.back')}</span>
          </Link>
          <Button
            type="button"
            outlined
            icon="pi pi-refresh"
            aria-label={t('contactLists.items.reload')}
            tooltip={t('contactLists.items.reload')}
            tooltipOptions={{ position: 'top' }}
            onClick={reload}
            data-testid="contact-list-items-reload"
          />
          <Button
            type="button"
            outlined
            icon="pi pi-upload"
            label={t('contactLists.items.import')}
            aria-label={t('contactLists.items.import')}
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="contact-list-items-import"
          />
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('contactLists.items.add')}
            aria-label={t('contactLists.items.add')}
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="contact-list-items-add"
          />
        </>
      }
      search={{ placeholder: t('contactLists.items.searchPlaceholder'), onSearch: setSearchParam }}
      filters={contactList.data?.lastImport ? <ImportStatus summary={contactList.data.lastImport} /> : undefined}
      paging={{ query: items, loadingMore: t('contactLists.loadingMore') }}
      overlays={
        <>
          <ContactListItemDialog
            visible={dialog.kind === 'add' || dialog.kind === 'edit'}
            contactListId={contactListId}
            record={dialog.kind === 'edit' ? dialog.record : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <ContactListImportDialog
            visible={dialog.kind === 'import'}
            contactListId={contactListId}
            onHide={() => setDialog({ kind: 'none' })}
            onSample={() => void sample()}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('contactLists.items.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('contactLists.items.deleteDialog.message')}
            confirmLabel={t('contactLists.items.deleteDialog.confirm')}
            testId="contact-list-item-delete-dialog"
          />
        </>
      }
    >
      <PagedTable name="contact-list-items" texts="contactLists.items" records={records} query={items}>
        {hiddenHeaderColumn(t('contactLists.items.columns.valid'), validCell, '3rem')}
        <Column header={t('contactLists.items.columns.name')} field="name" />
        <Column header={t('contactLists.items.columns.number')} field="number" />
        <Column header={t('contactLists.items.columns.email')} field="email" />
        {hiddenHeaderColumn(t('contactLists.items.columns.actions'), actionsCell)}
      </PagedTable>
    </ListPage>
  );
}
