import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Button } from 'primereact/button';
import { classNames } from 'primereact/utils';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft, type ServiceWindowState } from '../utils/service-window.ts';

/**
 * Meta channels' notice above the composer (spec document 1: 24 hours to reply after a customer message), with the
 * time left; once the window closed, why free-form messages cannot go, and on the Cloud API the template button.
 */
export function ServiceWindowNotice({
  ticket,
  state,
  onTemplate,
}: {
  ticket: Ticket;
  state: ServiceWindowState;
  onTemplate: () => void;
}) {
  const { t } = useTranslation();
  if (!state.applies) return null;
  return (
    <div
      className={classNames('composer__window', { 'composer__window--closed': !state.open })}
      role="status"
      data-testid="service-window"
    >
      <i className={state.open ? 'pi pi-clock' : 'pi pi-ban'} aria-hidden="true" />
      <div className="composer__window-text">
        {state.open ? (
          <>
            <span>{t('tickets.serviceWindow.notice')}</span>
            <strong data-testid="service-window-left">
              {t('tickets.serviceWindow.timeLeft', { time: formatTimeLeft(state.msLeft) })}
            </strong>
          </>
        ) : (
          <>
            <span>{state.neverWrote ? t('tickets.serviceWindow.neverWrote') : t('tickets.serviceWindow.closed')}</span>
            {traitsOf(ticket.channel).templates ? <span>{t('tickets.serviceWindow.closedTemplates')}</span> : null}
          </>
        )}
      </div>
      {traitsOf(ticket.channel).templates ? (
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-file-edit"
          label={t('tickets.serviceWindow.sendTemplate')}
          onClick={onTemplate}
          data-testid="template-button"
        />
      ) : null}
    </div>
  );
}
