import type { Contact } from '@switchboard/shared/contracts/contacts';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateTicket } from '../api/create-ticket.ts';
import { useQueues } from '../api/get-queues.ts';
import { openTicketConflict, type OpenTicketConflict } from '../utils/open-ticket-conflict.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/**
 * Opens a ticket with a contact in a chosen queue (start stays disabled until one is chosen). When the contact
 * already has a running ticket the dialog says who holds it; one held by the current user opens instead.
 */
export function OpenTicketDialog({ contact, onHide }: { contact: Contact | undefined; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const queues = useQueues({ enabled: Boolean(contact) });
  const create = useCreateTicket();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [conflict, setConflict] = useState<Exclude<OpenTicketConflict, { kind: 'mine' }> | null>(null);

  useEffect(() => {
    if (!contact) return;
    setConflict(null);
    setQueueId(null);
  }, [contact]);

  // a single queue needs no choice
  const only = queues.data?.length === 1 ? queues.data[0]!.id : null;
  useEffect(() => {
    if (contact && only !== null) setQueueId((current) => current ?? only);
  }, [contact, only]);

  const start = () => {
    if (!contact || queueId === null) return;
    setConflict(null);
    create.mutate(
      { contactId: contact.id, queueId },
      {
        onSuccess: (ticket) => navigate(`/tickets/${ticket.uuid}`),
        onError: (error) => {
          const found = openTicketConflict(error, user.id);
          if (found?.kind === 'mine') navigate(`/tickets/${found.uuid}`);
          else if (found) setConflict(found);
          else toast.error(error);
        },
      },
    );
  };

  const conflictText = !conflict
    ? null
    : conflict.kind === 'user'
      ? t('contacts.openTicket.heldBy', {
          user: conflict.userName,
          queue: conflict.queueName ?? t('contacts.openTicket.noQueue'),
        })
      : t('contacts.openTicket.waiting', { queue: conflict.queueName ?? t('contacts.openTicket.noQueue') });

  const footer = (
    <DialogActions
      onCancel={onHide}
      confirm={{
        label: t('contacts.openTicket.start'),
        icon: 'pi pi-comments',
        disabled: queueId === null,
        loading: create.isPending,
        onClick: start,
        testId: 'open-ticket-start',
      }}
    />
  );

  return (
    <Dialog
      header={t('contacts.openTicket.title', { name: contact?.name ?? '' })}
      visible={Boolean(contact)}
      onHide={onHide}
      footer={footer}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '94vw' }}
      modal
      dismissableMask={!create.isPending}
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="open-ticket-queue">{t('contacts.openTicket.queue')}</label>
          <Dropdown
            inputId="open-ticket-queue"
            value={queueId}
            options={queues.data ?? []}
            optionLabel="name"
            optionValue="id"
            loading={queues.isLoading}
            placeholder={t('contacts.openTicket.queuePlaceholder')}
            emptyMessage={t('contacts.openTicket.noQueues')}
            onChange={(e) => setQueueId(e.value as number)}
          />
          {queueId === null ? <small className="form-field__hint">{t('contacts.openTicket.selectQueue')}</small> : null}
        </div>
        {conflictText ? <Message severity="warn" text={conflictText} className="open-ticket__conflict" /> : null}
      </div>
    </Dialog>
  );
}
