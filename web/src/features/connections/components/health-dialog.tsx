import type { Connection } from '@switchboard/shared/contracts/connections';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useConnectionHealth } from '../api/get-connection-health.ts';
import { formatUpdatedAt, statusLook } from '../utils/connection-status.ts';

/**
 * A WhatsApp session's health: its state changes, newest first, with the reason of each drop,
 * when the last message came in and went out, how many times it reconnected, and how many messages the
 * reconnects brought in that had arrived while it was down.
 */
export function HealthDialog({
  connection,
  onHide,
}: {
  connection: Pick<Connection, 'id' | 'name'> | undefined;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const health = useConnectionHealth(connection?.id);
  const when = (iso: string | null | undefined) => (iso ? formatUpdatedAt(iso) : t('connections.health.never'));
  const data = health.data;

  return (
    <Dialog
      header={t('connections.health.title', { name: connection?.name ?? '' })}
      visible={Boolean(connection)}
      onHide={onHide}
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '96vw' }}
      modal
      dismissableMask
      className="connection-health-dialog"
      data-testid="connection-health-dialog"
    >
      {health.isPending ? (
        <p className="connection-note" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      ) : health.isError || !data ? (
        <p className="connection-note" role="alert" data-testid="connection-health-error">
          {t('connections.health.loadFailed')}
        </p>
      ) : (
        <div className="connection-health">
          <dl className="connection-health__figures">
            <div>
              <dt>{t('connections.health.lastInbound')}</dt>
              <dd data-testid="connection-health-last-in">{when(data.lastInboundAt)}</dd>
            </div>
            <div>
              <dt>{t('connections.health.lastOutbound')}</dt>
              <dd data-testid="connection-health-last-out">{when(data.lastOutboundAt)}</dd>
            </div>
            <div>
              <dt>{t('connections.health.reconnects')}</dt>
              <dd data-testid="connection-health-reconnects">{data.reconnects}</dd>
            </div>
            <div>
              <dt>{t('connections.health.recovered')}</dt>
              <dd data-testid="connection-health-recovered">{data.recovered}</dd>
            </div>
          </dl>
          <h3 className="connection-health__heading">{t('connections.health.history')}</h3>
          {data.history.length === 0 ? (
            <p className="connection-note">{t('connections.health.noHistory')}</p>
          ) : (
            <ol className="connection-health__history stack-list" data-testid="connection-health-history">
              {data.history.map((entry, index) => {
                const look = statusLook(entry.status);
                return (
                  <li key={`${entry.at}-${index}`} className="connection-health__entry">
                    <span className={`connection-status connection-status--${look.severity}`}>
                      <i className={look.icon.replace('pi-spin ', '')} aria-hidden="true" />
                      {t(look.label)}
                    </span>
                    <time dateTime={entry.at}>{formatUpdatedAt(entry.at)}</time>
                    {entry.reason ? <span className="connection-health__reason">{entry.reason}</span> : null}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      )}
    </Dialog>
  );
}
