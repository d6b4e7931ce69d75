import { useTranslation } from 'react-i18next';
import { ackState } from '../../../lib/message-format.ts';

/** The delivery state of an outgoing message: a clock, one tick, two ticks, two blue ticks, or played. */
export function AckIcon({ ack, error }: { ack: number; error: string | null }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <span className="ack ack--error" title={t('tickets.messages.failed')} role="img" aria-label={t('tickets.messages.failed')}>
        <i className="pi pi-exclamation-circle" />
      </span>
    );
  }
  const state = ackState(ack);
  const label = t(`tickets.messages.ack.${state}`);
  return (
    <span className={`ack ack--${state}`} title={label} role="img" aria-label={label} data-testid="ack" data-ack={ack}>
      {state === 'pending' ? <i className="pi pi-clock" /> : null}
      {state === 'sent' ? <i className="pi pi-check" /> : null}
      {state === 'delivered' || state === 'read' || state === 'played' ? (
        <span className="ack__double">
          <i className="pi pi-check" />
          <i className="pi pi-check" />
        </span>
      ) : null}
      {state === 'played' ? <i className="pi pi-play ack__played" /> : null}
    </span>
  );
}
