import type { Ticket } from '@switchboard/shared/contracts/inbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../api/get-queues.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { QueueOption } from './queue-option.tsx';
import { UserPicker, type PickedUser } from './user-picker.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/**
 * Transfer (and reopening a ticket without a queue): an optional agent found by name, a required queue and an
 * optional message stored on the ticket as a private note.
 */
export function TransferTicketDialog({ ticket, onHide }: { ticket: Ticket; onHide: () => void }) {
  const { t } = useTranslation();
  const queues = useQueues();
  const actions = useTicketActions();
  const [user, setUser] = useState<PickedUser | undefined>(undefined);
  const [queueId, setQueueId] = useState<number | undefined>(ticket.queueId ?? undefined);
  const [message, setMessage] = useState('');
  // with an agent chosen, their queues come first
  const all = queues.data ?? [];
  const options = user?.queueIds.length ? [...all.filter((q) => user.queueIds.includes(q.id)), ...all.filter((q) => !user.queueIds.includes(q.id))] : all;

  const submit = async () => {
    if (!queueId) return;
    if (await actions.transfer(ticket, { userId: user?.id ?? null, queueId, message })) onHide();
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('tickets.transfer.title')}
      className="inbox-dialog"
      data-testid="transfer-dialog"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{ label: t('tickets.transfer.submit'), icon: 'pi pi-arrow-right-arrow-left', disabled: !queueId, loading: actions.busy, onClick: () => void submit(), testId: 'transfer-submit' }}
        />
      }
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="transfer-user">{t('tickets.transfer.user')}</label>
          <UserPicker id="transfer-user" value={user} onChange={setUser} />
          <small className="form-field__hint">{t('tickets.transfer.userHint')}</small>
        </div>
        <div className="form-field">
          <label htmlFor="transfer-queue">{t('tickets.fields.queue')}</label>
          <Dropdown
            inputId="transfer-queue"
            value={queueId}
            options={options}
            optionLabel="name"
            optionValue="id"
            itemTemplate={(q: { name: string; color: string }) => <QueueOption name={q.name} color={q.color} />}
            placeholder={t('tickets.fields.queuePlaceholder')}
            onChange={(e) => setQueueId(e.value as number)}
            emptyMessage={t('tickets.fields.noQueues')}
            data-testid="transfer-queue"
          />
          {!queueId ? <small className="form-field__error">{t('tickets.fields.queueRequired')}</small> : null}
        </div>
        <div className="form-field">
          <label htmlFor="transfer-message">{t('tickets.transfer.message')}</label>
          <InputTextarea id="transfer-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={3} autoResize maxLength={4000} />
        </div>
      </div>
    </Dialog>
  );
}
