import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useTicketActions } from '../hooks/use-ticket-actions.ts';
import { Picker } from '../../../components/picker.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** Accepting a ticket that has no queue: the agent picks one; start stays disabled until then. */
export function AcceptTicketDialog({ ticket, onHide }: { ticket: Ticket; onHide: () => void }) {
  const { t } = useTranslation();
  const viewer = useInboxViewer();
  const actions = useTicketActions();
  const [queueId, setQueueId] = useState<number | undefined>(undefined);

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
          confirm={{
            label: t('tickets.accept.start'),
            icon: 'pi pi-check',
            disabled: !queueId,
            loading: actions.busy,
            onClick: () => void start(),
            testId: 'accept-start',
          }}
        />
      }
    >
      <div className="dialog-form">
        <p className="dialog-form__meta">{t('tickets.accept.message', { name: ticket.contact.name })}</p>
        <div className="form-field">
          <label htmlFor="accept-queue">{t('tickets.fields.queue')}</label>
          <Picker
            source="queues"
            inputId="accept-queue"
            value={queueId ?? null}
            arrange={viewer.isAdmin ? undefined : (items) => items.filter((q) => viewer.queueIds.includes(q.id))}
            placeholder={t('tickets.fields.queuePlaceholder')}
            onChange={(id) => setQueueId(id ?? undefined)}
            emptyMessage={t('tickets.fields.noQueues')}
          />
        </div>
      </div>
    </Dialog>
  );
}
