import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Tag } from '@switchboard/shared/contracts/tags';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useTagContacts } from '../api/get-tag-contacts.ts';
import { useRemoveTagContact } from '../api/remove-tag-contact.ts';

/** The contacts that carry a tag, each with a button that takes the tag off it (spec document 2 "Tags"). */
export function TagContactsDialog({ tag, onHide }: { tag: Tag | null; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useTagContacts(tag?.id);
  const remove = useRemoveTagContact();
  const contacts = list.data?.pages.flatMap((p) => p.contacts) ?? [];

  const removeCell = (c: Contact) => (
    <Button
      type="button"
      text
      rounded
      severity="danger"
      icon="pi pi-times"
      aria-label={t('tags.contactsDialog.remove', { name: c.name })}
      tooltip={t('tags.contactsDialog.remove', { name: c.name })}
      tooltipOptions={{ position: 'top' }}
      disabled={remove.isPending}
      onClick={() =>
        tag &&
        remove.mutate(
          { tagId: tag.id, contactId: c.id },
          { onSuccess: () => toast.success(t('tags.done')), onError: (error) => toast.error(error) },
        )
      }
      data-testid={`tag-contact-remove-${c.id}`}
    />
  );

  return (
    <Dialog
      header={t('tags.contactsDialog.title', { name: tag?.name ?? '' })}
      visible={tag !== null}
      onHide={onHide}
      style={{ width: '40rem' }}
      position="top"
      breakpoints={{ '700px': '96vw' }}
      modal
      dismissableMask
      footer={<Button type="button" label={t('tags.contactsDialog.close')} text onClick={onHide} />}
      data-testid="tag-contacts-dialog"
    >
      <DataTable
        value={contacts}
        dataKey="id"
        loading={list.isFetching && !list.isFetchingNextPage}
        emptyMessage={list.isError ? t('tags.loadFailed') : t('tags.contactsDialog.empty')}
        className="tag-contacts-table"
        data-testid="tag-contacts-table"
      >
        <Column field="name" header={t('tags.columns.name')} />
        <Column field="number" header={t('tags.contactsDialog.number')} />
        <Column
          header={<span className="sr-only">{t('tags.columns.actions')}</span>}
          body={removeCell}
          style={{ width: '5rem' }}
        />
      </DataTable>
      {list.hasNextPage ? (
        <div className="tag-contacts-more">
          <Button
            type="button"
            text
            label={t('tags.contactsDialog.loadMore')}
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
