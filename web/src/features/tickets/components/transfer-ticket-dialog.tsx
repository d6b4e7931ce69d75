import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Dialog } from 'primereact/dialog';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { Picker, SearchPicker, type PickedUser, type PickerItem } from '../../../components/picker.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { TextAreaField } from '../../../components/textarea-field.tsx';

/**
 * Transfer (and reopening a ticket without a queue): an optional agent found by name, a required queue and an
 * optional message stored on the ticket as a private note.
 */
export function TransferTicketDialog({ ticket, onHide }: { ticket: Ticket; onHide: () => void }) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const [user, setUser] = useState<PickedUser | undefined>(undefined);
  const [queueId, setQueueId] = useState<number | undefined>(ticket.queueId ?? undefined);
  const [message, setMessage] = useState('');
  // with an agent chosen, their queues come first
  const agentQueuesFirst = useCallback(
    (all: PickerItem[]) =>
      user?.queueIds.length
        ? [...all.filter((q) => user.queueIds.includes(q.id)), ...all.filter((q) => !user.queueIds.includes(q.id))]
        : all,
    [user],
  );

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
          confirm={{
            label: t('tickets.transfer.submit'),
            icon: 'pi pi-arrow-right-arrow-left',
            disabled: !queueId,
            loading: actions.busy,
            onClick: () => void submit(),
            testId: 'transfer-submit',
          }}
        />
      }
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="transfer-user">{t('tickets.transfer.user')}</label>
          <SearchPicker source="users" id="transfer-user" value={user} onChange={setUser} />
          <small className="form-field__hint">{t('tickets.transfer.userHint')}</small>
        </div>
        <div className="form-field">
          <label htmlFor="transfer-queue">{t('tickets.fields.queue')}</label>
          <Picker
            source="queues"
            inputId="transfer-queue"
            value={queueId ?? null}
            arrange={agentQueuesFirst}
            placeholder={t('tickets.fields.queuePlaceholder')}
            onChange={(id) => setQueueId(id ?? undefined)}
            emptyMessage={t('tickets.fields.noQueues')}
            testId="transfer-queue"
          />
          {!queueId ? <small className="form-field__error">{t('tickets.fields.queueRequired')}</small> : null}
        </div>
        <TextAreaField
          id="transfer-message"
          label={t('tickets.transfer.message')}
          value={message}
          onChange={setMessage}
          maxLength={4000}
        />
      </div>
    </Dialog>
  );
}
