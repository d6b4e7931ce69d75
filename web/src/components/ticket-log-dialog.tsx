import type { TicketLog } from '@switchboard/shared/contracts/tickets';
import { Dialog } from 'primereact/dialog';
import { Skeleton } from 'primereact/skeleton';
import { Timeline } from 'primereact/timeline';
import { useTranslation } from 'react-i18next';
import { currentLanguage, locales } from '../lib/i18n.ts';
import { useTicketLogs } from '../lib/ticket-logs-api.ts';
import './ticket-log-dialog.css';

const icons: Record<TicketLog['type'], string> = {
  create: 'pi pi-plus',
  chatBot: 'pi pi-android',
  queue: 'pi pi-sitemap',
  open: 'pi pi-check',
  access: 'pi pi-eye',
  transfered: 'pi pi-arrow-right-arrow-left',
  receivedTransfer: 'pi pi-arrow-down-left',
  pending: 'pi pi-clock',
  closed: 'pi pi-check-circle',
  reopen: 'pi pi-replay',
  redirect: 'pi pi-directions',
  delete: 'pi pi-trash',
  lgpd: 'pi pi-shield',
  nps: 'pi pi-star',
  clientClosed: 'pi pi-sign-out',
  autoClose: 'pi pi-stopwatch',
  autoReturnQueue: 'pi pi-undo',
  rotation: 'pi pi-sync',
};

/** The ticket's history as a timeline: who did what, in which queue, when (the conversation's menu, the report's rows). */
export function TicketLogDialog({ ticketId, visible, onHide }: { ticketId: number; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const logs = useTicketLogs(ticketId, { enabled: visible });
  const format = new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('tickets.log.title', { id: ticketId })}
      className="inbox-dialog inbox-dialog--wide"
    >
      {logs.isLoading ? (
        <div className="dialog-form">
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
        </div>
      ) : logs.data?.length ? (
        <Timeline
          value={logs.data}
          className="ticket-log"
          marker={(log: TicketLog) => (
            <span className={`ticket-log__marker ticket-log__marker--${log.type}`}>
              <i className={icons[log.type]} aria-hidden="true" />
            </span>
          )}
          content={(log: TicketLog) => (
            <div className="ticket-log__entry">
              <span className="ticket-log__what">
                {t(`tickets.log.types.${log.type}`, {
                  user: log.user?.name ?? t('tickets.log.system'),
                  queue: log.queue?.name ?? '—',
                })}
              </span>
              <time className="ticket-log__when" dateTime={log.createdAt}>
                {format.format(new Date(log.createdAt))}
              </time>
            </div>
          )}
        />
      ) : (
        <p className="contact-drawer__empty">{t('tickets.log.empty')}</p>
      )}
    </Dialog>
  );
}
