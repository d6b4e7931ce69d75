import type { Contact } from '@switchboard/shared/contracts/contacts';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Picker } from '../../../components/picker.tsx';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useContacts } from '../api/get-contacts.ts';
import { useImportChats } from '../api/import-chats.ts';
import { useChatImportUpdates } from '../hooks/use-chat-import-updates.ts';
import { useContactsLiveUpdates } from '../hooks/use-contacts-live-updates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useExportContacts } from '../hooks/use-export-contacts.ts';
import { currentCursor, initialPaging, pageRange, pagingReducer } from '../utils/cursor-paging.ts';
import { ContactDialog } from './contact-dialog.tsx';
import { ContactTagsDialog } from './contact-tags-dialog.tsx';
import { ContactsTable } from './contacts-table.tsx';
import './contacts.css';
import { CursorPaginator } from './cursor-paginator.tsx';
import { OpenTicketDialog } from './open-ticket-dialog.tsx';
import { TagChip } from './tag-chip.tsx';

type Dialogs =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; contact: Contact }
  | { kind: 'tags'; contact: Contact }
  | { kind: 'ticket'; contact: Contact }
  | { kind: 'importChats' };

/** /contacts: search, tag filter, the paged table and the contact actions (spec document 1, section 2). */
export function ContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const canDelete = can(buildViewer(user), 'contacts-page:deleteContact');
  const isAdmin = can(buildViewer(user), 'admin:area');
  const toast = useToast();
  useDocumentTitle(t('contacts.title'));
  useContactsLiveUpdates(user.companyId);
  useChatImportUpdates(user.companyId, isAdmin);
  const chatImport = useImportChats();

  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [paging, dispatch] = useReducer(pagingReducer, undefined, () => initialPaging());

  // Other filters make the stored cursors meaningless: start again on page 1 in the same render, so no request
  // is ever made with a cursor of the previous list.
  const filterKey = JSON.stringify([searchParam, tagIds]);
  const [pagedFilter, setPagedFilter] = useState(filterKey);
  if (pagedFilter !== filterKey) {
    setPagedFilter(filterKey);
    dispatch({ type: 'reset' });
  }
  const cursor = pagedFilter === filterKey ? currentCursor(paging) : undefined;

  const contacts = useContacts({ searchParam, tagIds, rowsPerPage: paging.rowsPerPage, cursor });
  const exporter = useExportContacts();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const fileMenu = useRef<Menu>(null);

  const data = contacts.data;
  const filtered = searchParam !== '' || tagIds.length > 0;
  const range = pageRange(
    paging,
    { shown: data?.contacts.length ?? 0, count: data?.count ?? 0, hasMore: data?.hasMore ?? false },
    filtered,
  );

  const fileItems: MenuItem[] = [
    { label: t('contacts.actions.import'), icon: 'pi pi-file-import', command: () => navigate('/contacts/import') },
    // the people of the WhatsApp session's chats, taken in by the server in the background (admins only)
    ...(isAdmin
      ? [
          {
            label: t('contacts.actions.importChats'),
            icon: 'pi pi-whatsapp',
            disabled: chatImport.isPending,
            command: () => setDialog({ kind: 'importChats' }),
          },
        ]
      : []),
    // the export carries every number of the company: same permission as deleting (spec section 6)
    ...(canDelete
      ? [
          {
            label: t('contacts.actions.export'),
            icon: 'pi pi-file-excel',
            disabled: exporter.exporting,
            command: () => void exporter.run(),
          },
        ]
      : []),
  ];

  return (
    <section className="page contacts-page" data-testid="contacts-page">
      <PageHeader
        title={t('contacts.title')}
        subtitle={t('contacts.subtitle')}
        actions={
          <>
            <Menu model={fileItems} popup ref={fileMenu} id="contacts-file-menu" popupAlignment="right" />
            <Button
              type="button"
              outlined
              icon={exporter.exporting ? 'pi pi-spin pi-spinner' : 'pi pi-file'}
              label={
                exporter.exporting ? t('contacts.export.running', { count: exporter.read }) : t('contacts.actions.importExport')
              }
              aria-haspopup="menu"
              aria-controls="contacts-file-menu"
              onClick={(e) => fileMenu.current?.toggle(e)}
              data-testid="contacts-file-menu"
            />
            <Button
              type="button"
              icon="pi pi-user-plus"
              label={t('contacts.actions.add')}
              onClick={() => setDialog({ kind: 'add' })}
              data-testid="contacts-add"
            />
          </>
        }
      />
      <div className="surface-panel contacts-panel">
        <div className="contacts-filters">
          <IconField iconPosition="left" className="contacts-filters__search">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={search}
              placeholder={t('contacts.searchPlaceholder')}
              aria-label={t('contacts.searchPlaceholder')}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="contacts-search"
            />
          </IconField>
          <Picker
            multiple
            source="tags"
            value={tagIds}
            showClear
            maxSelectedLabels={3}
            placeholder={t('contacts.tagFilter')}
            ariaLabel={t('contacts.tagFilter')}
            emptyMessage={t('contacts.tagsDialog.noTags')}
            itemTemplate={(tag) => <TagChip tag={{ name: tag.name, color: tag.color ?? '' }} />}
            onChange={setTagIds}
            className="contacts-filters__tags"
            testId="contacts-tag-filter"
          />
        </div>
        <ContactsTable
          contacts={data?.contacts ?? []}
          loading={contacts.isFetching}
          failed={contacts.isError}
          onRetry={() => void contacts.refetch()}
          canDelete={canDelete}
          onEdit={(contact) => setDialog({ kind: 'edit', contact })}
          onTags={(contact) => setDialog({ kind: 'tags', contact })}
          onOpenTicket={(contact) => setDialog({ kind: 'ticket', contact })}
        />
        <CursorPaginator
          range={range}
          page={paging.page}
          rowsPerPage={paging.rowsPerPage}
          canPrevious={paging.page > 0 && !contacts.isPlaceholderData}
          canNext={Boolean(data?.hasMore && data.nextCursor) && !contacts.isPlaceholderData}
          onPrevious={() => dispatch({ type: 'previous' })}
          onNext={() => dispatch({ type: 'next', nextCursor: data?.nextCursor })}
          onRowsPerPage={(rowsPerPage) => dispatch({ type: 'rowsPerPage', rowsPerPage })}
        />
      </div>
      <ContactDialog
        visible={dialog.kind === 'add' || dialog.kind === 'edit'}
        contact={dialog.kind === 'edit' ? dialog.contact : undefined}
        onHide={close}
      />
      <ContactTagsDialog contact={dialog.kind === 'tags' ? dialog.contact : undefined} onHide={close} />
      <OpenTicketDialog contact={dialog.kind === 'ticket' ? dialog.contact : undefined} onHide={close} />
      <ConfirmDialog
        visible={dialog.kind === 'importChats'}
        onHide={close}
        header={t('contacts.chatImport.title')}
        message={t('contacts.chatImport.message')}
        icon="pi pi-whatsapp"
        acceptLabel={t('contacts.chatImport.confirm')}
        rejectLabel={t('common.cancel')}
        defaultFocus="reject"
        accept={() =>
          chatImport.mutate(undefined, {
            onSuccess: () => toast.info(t('contacts.chatImport.started')),
            onError: (error) => toast.error(error),
          })
        }
        data-testid="contacts-import-chats-dialog"
      />
    </section>
  );
}
