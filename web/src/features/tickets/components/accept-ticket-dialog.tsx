import type { Ticket } from '@switchboard/shared/contracts/inbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../api/get-queues.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { QueueOption } from './queue-option.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** Accepting a ticket that has no queue: the agent picks one; start stays disabled until then. */
export function AcceptTicketDialog({ ticket, onHide }: { ticket: Ticket; onHide: () => void }) {
  const { t } = useTranslation();
  const viewer = useInboxViewer();
  const queues = useQueues();
  const actions = useTicketActions();
  const [queueId, setQueueId] = useState<number | undefined>(undefined);
  const options = (queues.data ?? []).filter((q) => viewer.isAdmin || viewer.queueIds.includes(q.id));

  const start = async () => {
    if (!queueId) return;
    if (await actions.acceptInQueue(ticket, queueId)) onHide();
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('tickets.accept.title')}
      className="inbox-dialog"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{ label: t('tickets.accept.start'), icon: 'pi pi-check', disabled: !queueId, loading: actions.busy, onClick: () => void start(), testId: 'accept-start' }}
        />
      }
    >
      <div className="dialog-form">
        <p className="dialog-form__meta">{t('tickets.accept.message', { name: ticket.contact.name })}</p>
        <div className="form-field">
          <label htmlFor="accept-queue">{t('tickets.fields.queue')}</label>
          <Dropdown
            inputId="accept-queue"
            value={queueId}
            options={options}
            optionLabel="name"
            optionValue="id"
            itemTemplate={(q: { name: string; color: string }) => <QueueOption name={q.name} color={q.color} />}
            placeholder={t('tickets.fields.queuePlaceholder')}
            onChange={(e) => setQueueId(e.value as number)}
            emptyMessage={t('tickets.fields.noQueues')}
          />
        </div>
      </div>
    </Dialog>
  );
}
