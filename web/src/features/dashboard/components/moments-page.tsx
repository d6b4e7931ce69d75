import { MOMENTS_TICKET_LIMIT, type MomentTicket } from '@switchboard/shared/contracts/dashboard';
import { can } from '@switchboard/shared/permissions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useUsersMoments } from '../api/get-users-moments.ts';
import { useMomentsLiveUpdates } from '../hooks/use-moments-live-updates.ts';
import { mayOpenTicket, panelColumns, panelMessage, panelName } from '../utils/panel-text.ts';
import './dashboard.css';

/** /moments (spec document 2 "Live attendance panel"): admins and users with allowRealTime. */
export function MomentsPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'moments:view')) return <ForbiddenPage />;
  return <Moments />;
}

function Moments() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.moments.title'));
  const user = useCurrentUser();
  useMomentsLiveUpdates(user.companyId);
  const moments = useUsersMoments();
  const columns = useMemo(
    () => (moments.data ? panelColumns(moments.data.tickets, moments.data.attendants, t('dashboard.moments.pending')) : []),
    [moments.data, t],
  );
  const viewer = { id: user.id, profile: user.profile };
  // the reference's frontEndErrors.getUsers text
  const failure = moments.isError ? t('dashboard.moments.loadFailed') : null;

  const ticketRow = (tk: MomentTicket) => (
    <li key={tk.id} className="moments-ticket" data-testid={`moments-ticket-${tk.id}`}>
      <div>
        <p className="moments-ticket__contact">{panelName(tk.contact.name)}</p>
        <p className="moments-ticket__message">{panelMessage(tk.lastMessage)}</p>
        <p className="moments-ticket__meta">
          {tk.whatsapp.name} ·{' '}
          <span className="moments-ticket__queue">
            <span
              className="moments-ticket__swatch"
              style={{ backgroundColor: tk.queue?.color ?? '#7c7c7c' }}
              aria-hidden="true"
            />
            {tk.queue?.name ?? t('dashboard.moments.noQueue')}
          </span>
        </p>
      </div>
      <div className="moments-ticket__side">
        <time dateTime={tk.updatedAt} className="moments-ticket__meta">
          {formatTime(tk.updatedAt)}
        </time>
        {tk.unreadMessages > 0 ? (
          <span className="moments-ticket__unread">{t('dashboard.moments.unread', { count: tk.unreadMessages })}</span>
        ) : null}
        {mayOpenTicket(viewer, tk) ? (
          <Link
            to={`/tickets/${tk.uuid}`}
            className="p-button p-button-text p-button-rounded p-button-icon-only"
            aria-label={`${t('dashboard.moments.open')}: ${tk.contact.name}`}
            data-testid={`moments-open-${tk.id}`}
          >
            <i className="pi pi-external-link" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
    </li>
  );

  return (
    <ListPage name="moments" title={t('dashboard.moments.title')} subtitle={t('dashboard.moments.subtitle')}>
      {failure ? (
        <p className="moments-note" role="alert">
          {failure}
        </p>
      ) : !moments.data ? (
        <i className="pi pi-spin pi-spinner dashboard-loading moments-note" aria-hidden="true" />
      ) : columns.length === 0 ? (
        <p className="moments-note">{t('dashboard.moments.noTickets')}</p>
      ) : (
        <div className="moments-board" data-testid="moments-board">
          {columns.map((c) => (
            <section
              key={c.userId ?? 'waiting'}
              className="moments-column"
              aria-labelledby={`moments-column-${c.userId ?? 'waiting'}`}
              data-testid={`moments-column-${c.userId ?? 'waiting'}`}
            >
              <header className="moments-column__header">
                <h2 className="moments-column__name" id={`moments-column-${c.userId ?? 'waiting'}`}>
                  {panelName(c.name)}
                </h2>
                <span className="moments-column__meta">
                  {c.userId !== null ? `${c.online ? t('dashboard.moments.online') : t('dashboard.moments.offline')} · ` : ''}
                  {t('dashboard.moments.count', { count: c.tickets.length })}
                </span>
              </header>
              <ul className="moments-tickets">{c.tickets.map(ticketRow)}</ul>
            </section>
          ))}
        </div>
      )}
      {moments.data?.truncated ? (
        <p className="moments-note">{t('dashboard.moments.truncated', { count: MOMENTS_TICKET_LIMIT })}</p>
      ) : null}
    </ListPage>
  );
}
