import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { forwardMessage } from '../api/forward-message.ts';
import { FORWARD_DELAY_MS } from '../utils/message-rules.ts';
import { SearchPicker } from '../../../components/picker.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the selected messages to a contact, one after another, 900 ms apart. */
export function ForwardMessagesDialog({
  messages,
  visible,
  signMessage,
  onHide,
  onDone,
}: {
  messages: Message[];
  visible: boolean;
  signMessage: boolean;
  onHide: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [contact, setContact] = useState<Contact | undefined>(undefined);
  const [sent, setSent] = useState<number | undefined>(undefined);
  const sending = sent !== undefined;

  const close = () => {
    if (sending) return;
    setContact(undefined);
    onHide();
  };

  const submit = async () => {
    if (!contact) return;
    if (messages.length === 0) {
      toast.errorText(t('tickets.forward.noneSelected'));
      return;
    }
    setSent(0);
    try {
      for (const [i, m] of messages.entries()) {
        if (i > 0) await wait(FORWARD_DELAY_MS);
        await forwardMessage({ messageId: m.id, contactId: contact.id, signMessage });
        setSent(i + 1);
      }
      toast.success(t('tickets.forward.done', { count: messages.length, name: contact.name }));
      setContact(undefined);
      onDone();
    } catch (error) {
      toast.error(error);
    } finally {
      setSent(undefined);
    }
  };

  return (
    <Dialog
      visible={visible}
      onHide={close}
      header={t('tickets.forward.title', { count: messages.length })}
      className="inbox-dialog"
      closable={!sending}
      footer={
        <DialogActions
          onCancel={close}
          confirm={{
            label: t('tickets.forward.submit'),
            icon: 'pi pi-share-alt',
            disabled: !contact,
            loading: sending,
            onClick: () => void submit(),
            testId: 'forward-submit',
          }}
        />
      }
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="forward-contact">{t('tickets.forward.to')}</label>
          <SearchPicker source="contacts" id="forward-contact" value={contact} onChange={setContact} autoFocus />
        </div>
        {sending ? (
          <div className="form-field">
            <ProgressBar
              value={Math.round(((sent ?? 0) / Math.max(1, messages.length)) * 100)}
              showValue={false}
              style={{ height: '0.5rem' }}
            />
            <small className="form-field__hint">{t('tickets.forward.progress', { sent, total: messages.length })}</small>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
