import type { Contact } from '@switchboard/shared/contracts/contacts';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useSendMessage } from '../api/send-message.ts';
import { SearchPicker } from '../../../components/picker.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** Shares a contact card (vCard) in the conversation. */
export function SendContactDialog({ ticketId, visible, onHide }: { ticketId: number; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useSendMessage();
  const [contact, setContact] = useState<Contact | undefined>(undefined);
  const close = () => {
    setContact(undefined);
    onHide();
  };
  const submit = () => {
    if (!contact) return;
    send.mutate(
      { ticketId, message: { body: '', vCard: { name: contact.name, number: contact.number } } },
      { onSuccess: close, onError: (error) => toast.error(error) },
    );
  };
  return (
    <Dialog
      visible={visible}
      onHide={close}
      header={t('tickets.sendContact.title')}
      className="inbox-dialog"
      footer={
        <DialogActions
          onCancel={close}
          confirm={{
            label: t('tickets.input.send'),
            icon: 'pi pi-send',
            disabled: !contact,
            loading: send.isPending,
            onClick: submit,
          }}
        />
      }
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="send-contact-picker">{t('tickets.fields.contact')}</label>
          <SearchPicker source="contacts" id="send-contact-picker" value={contact} onChange={setContact} autoFocus />
        </div>
      </div>
    </Dialog>
  );
}
