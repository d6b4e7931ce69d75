import type { Contact } from '@switchboard/shared/contracts/contacts';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useConnections } from '../api/get-connections.ts';
import { ticketQueryKey } from '../api/get-ticket.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { ticketHolderOf } from '../utils/ticket-holder.ts';
import { Picker, SearchPicker } from '../../../components/picker.tsx';
import { useInbox } from './inbox-context.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/**
 * Starts a conversation with a contact: the contact (searched from 3 characters), a required queue and the
 * connection. The submit stays disabled until a contact is chosen.
 */
export function NewTicketDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inbox = useInbox();
  const connections = useConnections();
  const create = useCreateTicket();
  const [contact, setContact] = useState<Contact | undefined>(undefined);
  const [queueId, setQueueId] = useState<number | undefined>(undefined);
  const [whatsappId, setWhatsappId] = useState<number | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const connectionOptions = connections.data ?? [];
  const connection = whatsappId ?? user.whatsappId ?? connectionOptions.find((c) => c.isDefault)?.id ?? connectionOptions[0]?.id;

  const close = () => {
    setContact(undefined);
    setQueueId(undefined);
    setWhatsappId(undefined);
    setTouched(false);
    onHide();
  };

  const submit = async () => {
    setTouched(true);
    if (!contact || !queueId || !connection) return;
    try {
      const ticket = await create.mutateAsync({
        contactId: contact.id,
        queueId,
        whatsappId: connection,
        userId: user.id,
        status: 'open',
      });
      queryClient.setQueryData(ticketQueryKey(ticket.uuid), ticket);
      close();
      inbox.setTab(ticket.status === 'group' ? 'group' : 'open');
      inbox.setMobilePane('ticket');
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const holder = ticketHolderOf(error);
      if (holder) {
        close();
        inbox.showHolder(holder);
      } else toast.error(error);
    }
  };

  return (
    <Dialog
      visible={visible}
      onHide={close}
      header={t('tickets.newTicket.title')}
      className="inbox-dialog"
      footer={
        <DialogActions
          onCancel={close}
          confirm={{
            label: t('tickets.newTicket.submit'),
            icon: 'pi pi-check',
            disabled: !contact,
            loading: create.isPending,
            onClick: () => void submit(),
            testId: 'new-ticket-submit',
          }}
        />
      }
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="new-ticket-contact">{t('tickets.fields.contact')}</label>
          <SearchPicker source="contacts" id="new-ticket-contact" value={contact} onChange={setContact} autoFocus />
          {contact && !contact.active ? <small className="form-field__error">{t('tickets.newTicket.blocked')}</small> : null}
        </div>
        <div className="form-field">
          <label htmlFor="new-ticket-queue">{t('tickets.fields.queue')}</label>
          <Picker
            source="queues"
            inputId="new-ticket-queue"
            value={queueId ?? null}
            arrange={user.profile === 'admin' ? undefined : (items) => items.filter((q) => user.queueIds.includes(q.id))}
            placeholder={t('tickets.fields.queuePlaceholder')}
            onChange={(id) => setQueueId(id ?? undefined)}
            invalid={touched && !queueId}
            emptyMessage={t('tickets.fields.noQueues')}
          />
          {touched && !queueId ? <small className="form-field__error">{t('tickets.fields.queueRequired')}</small> : null}
        </div>
        <div className="form-field">
          <label htmlFor="new-ticket-connection">{t('tickets.fields.connection')}</label>
          <Picker
            source="connections"
            inputId="new-ticket-connection"
            value={connection ?? null}
            onChange={(id) => setWhatsappId(id ?? undefined)}
            invalid={touched && !connection}
            emptyMessage={t('tickets.fields.noConnections')}
          />
          {touched && !connection ? <small className="form-field__error">{t('tickets.fields.connectionRequired')}</small> : null}
        </div>
      </div>
    </Dialog>
  );
}
