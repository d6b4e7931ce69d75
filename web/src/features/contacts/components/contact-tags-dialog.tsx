import type { Contact } from '@switchboard/shared/contracts/contacts';
import { Dialog } from 'primereact/dialog';
import { Picker } from '../../../components/picker.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useSyncContactTags } from '../api/sync-contact-tags.ts';
import { TagChip } from './tag-chip.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** The tags of one contact, saved together through POST /tags/sync. */
export function ContactTagsDialog({ contact, onHide }: { contact: Contact | undefined; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const sync = useSyncContactTags();
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    if (contact) setSelected(contact.tags.map((tag) => tag.id));
  }, [contact]);

  const save = () => {
    if (!contact) return;
    sync.mutate(
      { contactId: contact.id, tagIds: selected },
      {
        onSuccess: () => {
          toast.success(t('contacts.toasts.tagsSaved'));
          onHide();
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  const footer = (
    <DialogActions
      onCancel={onHide}
      confirm={{ label: t('common.save'), icon: 'pi pi-check', loading: sync.isPending, onClick: save }}
    />
  );

  return (
    <Dialog
      header={t('contacts.tagsDialog.title', { name: contact?.name ?? '' })}
      visible={Boolean(contact)}
      onHide={onHide}
      footer={footer}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '94vw' }}
      modal
      dismissableMask={!sync.isPending}
    >
      <div className="form-field">
        <label htmlFor="contact-tags">{t('contacts.fields.tags')}</label>
        <Picker
          multiple
          source="tags"
          inputId="contact-tags"
          value={selected}
          placeholder={t('contacts.tagsDialog.placeholder')}
          emptyMessage={t('contacts.tagsDialog.noTags')}
          itemTemplate={(tag) => <TagChip tag={{ name: tag.name, color: tag.color ?? '' }} />}
          onChange={setSelected}
          className="w-full"
        />
      </div>
    </Dialog>
  );
}
