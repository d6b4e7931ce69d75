import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import type { TicketHolder } from '../utils/ticket-holder.ts';
import { QueueOption } from './queue-option.tsx';

/** The contact already has a running ticket: who holds it and in which queue, or that it waits in the queue. */
export function AlreadyOpenDialog({ holder, onHide }: { holder: TicketHolder | undefined; onHide: () => void }) {
  const { t } = useTranslation();
  const queue = holder?.queue?.name ?? t('tickets.alreadyOpen.noQueue');
  return (
    <Dialog
      visible={holder !== undefined}
      onHide={onHide}
      header={t('tickets.alreadyOpen.title')}
      className="inbox-dialog"
      footer={
        <div className="dialog-footer">
          <Button type="button" label={t('tickets.alreadyOpen.ok')} onClick={onHide} autoFocus />
        </div>
      }
    >
      {holder ? (
        <div className="dialog-form" data-testid="already-open">
          <p className="dialog-form__text">
            {holder.user
              ? t('tickets.alreadyOpen.heldBy', { user: holder.user.name, queue })
              : t('tickets.alreadyOpen.waiting', { queue })}
          </p>
          <dl className="fact-list">
            <div>
              <dt>{t('tickets.alreadyOpen.ticket')}</dt>
              <dd>#{holder.id}</dd>
            </div>
            <div>
              <dt>{t('tickets.fields.user')}</dt>
              <dd>{holder.user?.name ?? t('tickets.alreadyOpen.nobody')}</dd>
            </div>
            <div>
              <dt>{t('tickets.fields.queue')}</dt>
              <dd>{holder.queue ? <QueueOption name={holder.queue.name} color={holder.queue.color} /> : queue}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}
