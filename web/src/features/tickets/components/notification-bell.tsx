import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from 'primereact/avatar';
import { Badge } from 'primereact/badge';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSettingEnabled } from '../../../lib/company-setting.ts';
import { unreadTicketsQueryKey, useUnreadTickets } from '../api/get-unread-tickets.ts';
import { previewText } from '../../../lib/message-format.ts';
import { applyToUnreadList, shouldNotify, type NotifiedUser } from '../utils/notification-rule.ts';
import { initialsOf } from '../utils/ticket-row.ts';
import { LAST_MESSAGE_MAX, truncate } from '../utils/truncate.ts';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { setUnreadCount } from '../../../lib/unread-count.ts';
import { useOnReconnect } from '../hooks/use-on-reconnect.ts';
import { setFaviconBadge } from '../../../layout/favicon-badge.ts';
import { playNotificationSound } from '../../../layout/notification-sound.ts';
import { TopBarButton } from '../../../components/top-bar-button.tsx';
import './notification-bell.css';

/**
 * The top bar's bell: tickets with unread messages that the notification rule lets through (spec document 1,
 * section 4), a chime at the chosen volume for each new one, the count in the tab title and a badge on the icon.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const panel = useRef<OverlayPanel>(null);
  const showPending = useSettingEnabled('showNotificationPending');
  const notified: NotifiedUser = { id: user.id, queueIds: user.queueIds, allTicket: user.allTicket };
  const key = unreadTicketsQueryKey(user.id);
  const unread = useUnreadTickets(user.id, { pending: showPending, group: user.allowGroup });
  const tickets = unread.data ?? [];
  const count = tickets.length;

  useEffect(() => {
    setUnreadCount(count);
    void setFaviconBadge(count > 0);
  }, [count]);
  useEffect(
    () => () => {
      setUnreadCount(0);
      void setFaviconBadge(false);
    },
    [],
  );

  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: key }));

  const update = (change: (list: Ticket[]) => Ticket[]) =>
    queryClient.setQueryData<Ticket[]>(key, (list) => (list ? change(list) : list));
  const viewing = (ticket: Ticket) =>
    location.pathname === `/tickets/${ticket.uuid}` && document.visibilityState === 'visible' && document.hasFocus();

  useRealtimeEvent(channelOf('appMessage', user.companyId), (frame) => {
    if (frame.action !== 'create' || !frame.ticket) return;
    update((list) => applyToUnreadList(list, frame.ticket, notified, showPending));
    if (shouldNotify(frame.message, frame.ticket, notified, showPending) && !viewing(frame.ticket)) playNotificationSound();
  });

  useRealtimeEvent(channelOf('ticket', user.companyId), (frame) => {
    if (frame.action === 'update') update((list) => applyToUnreadList(list, frame.ticket, notified, showPending));
    else update((list) => (list.some((x) => x.id === frame.ticketId) ? list.filter((x) => x.id !== frame.ticketId) : list));
  });

  const label = count ? t('tickets.notifications.labelCount', { count }) : t('tickets.notifications.label');

  return (
    <>
      <TopBarButton
        icon="pi pi-bell"
        aria-label={label}
        aria-haspopup="dialog"
        className="notification-bell p-overlay-badge"
        onClick={(e) => panel.current?.toggle(e)}
        data-testid="notification-bell"
      >
        {count ? (
          <Badge
            value={count > 99 ? '99+' : count}
            severity="danger"
            className="notification-bell__badge"
            data-testid="notification-count"
          />
        ) : null}
      </TopBarButton>
      <OverlayPanel ref={panel} className="notification-panel" aria-label={t('tickets.notifications.label')}>
        <div className="notification-panel__header">{t('tickets.notifications.title')}</div>
        {count === 0 ? (
          <p className="notification-panel__empty">{t('tickets.notifications.empty')}</p>
        ) : (
          <ul className="notification-panel__list" data-testid="notification-list">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  className="notification-item"
                  onClick={() => {
                    panel.current?.hide();
                    navigate(`/tickets/${ticket.uuid}`);
                  }}
                  data-testid="notification-item"
                >
                  <Avatar
                    image={ticket.contact.urlPicture ?? undefined}
                    label={ticket.contact.urlPicture ? undefined : initialsOf(ticket.contact.name)}
                    shape="circle"
                  />
                  <span className="notification-item__body">
                    <span className="notification-item__name">{ticket.contact.name}</span>
                    <span className="notification-item__text">
                      {truncate(previewText(ticket.lastMessage).text, LAST_MESSAGE_MAX)}
                    </span>
                  </span>
                  <Badge value={ticket.unreadMessages} severity="success" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </OverlayPanel>
    </>
  );
}
