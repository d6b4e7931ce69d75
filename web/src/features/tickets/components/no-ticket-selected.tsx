import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The conversation pane before a ticket is chosen; on narrow screens it leads to the list ('Seleccionar Ticket').
 * `welcome` is what the app shows there beside it (a new company's set-up checklist).
 */
export function NoTicketSelected({ narrow, onSelect, welcome }: { narrow: boolean; onSelect: () => void; welcome?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="no-ticket" data-testid="no-ticket-selected">
      {welcome}
      <span className="no-ticket__icon" aria-hidden="true">
        <i className="pi pi-comments" />
      </span>
      <h2 className="no-ticket__title">{t('tickets.noTicket.title')}</h2>
      <p className="no-ticket__message">{t('tickets.noTicket.message')}</p>
      {narrow ? (
        <Button
          type="button"
          label={t('tickets.mobile.select')}
          icon="pi pi-list"
          onClick={onSelect}
          data-testid="select-ticket"
        />
      ) : null}
    </div>
  );
}
