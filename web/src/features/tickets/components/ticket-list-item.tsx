import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Avatar } from 'primereact/avatar';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { classNames } from 'primereact/utils';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { locales, currentLanguage } from '../../../lib/i18n.ts';
import { systemClock } from '../../../lib/clock.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useMinuteTick } from '../hooks/use-minute-tick.ts';
import { previewText } from '../../../lib/message-format.ts';
import { CONTACT_NAME_MAX, LAST_MESSAGE_MAX, truncate } from '../utils/truncate.ts';
import { channelIcon } from '../../../lib/channel-icon.ts';
import { firstResponseLeft, initialsOf, rowTags, rowTime, splitTags, stripColor } from '../utils/ticket-row.ts';
import { useInbox } from './inbox-context.tsx';
import { TagChip } from './tag-chip.tsx';

/**
 * A ticket in the list: queue colour strip, contact, last message, tags (two and '+N'), the assigned agent for
 * admins, unread count and, for waiting tickets, the accept button.
 */
export function TicketListItem({
  ticket,
  selected,
  accepting,
  onAccept,
}: {
  ticket: Ticket;
  selected: boolean;
  accepting: boolean;
  onAccept: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useInboxViewer();
  const inbox = useInbox();
  const { visible, hidden } = splitTags(rowTags(ticket));
  const waiting = ticket.status === 'pending' || ticket.status === 'lgpd';
  const name = ticket.contact.name || ticket.contact.number;
  const preview = previewText(ticket.lastMessage);
  const lastMessage = preview.text;
  const counting = firstResponseLeft(ticket, systemClock.now()) !== undefined;
  const now = useMinuteTick(counting);
  const responseLeft = counting ? firstResponseLeft(ticket, now) : undefined;

  const open = () => {
    inbox.requestFocus('heading');
    inbox.setMobilePane('ticket');
    navigate(`/tickets/${ticket.uuid}`);
  };

  // The whole row opens the ticket with a pointer; for keyboards and screen readers the contact's name is the
  // button that opens it, so the row's Accept button is not nested inside another control.
  return (
    <div
      className={classNames('ticket-row', { 'ticket-row--selected': selected, 'ticket-row--unread': ticket.unreadMessages > 0 })}
      style={{ '--ticket-strip': stripColor(ticket) } as CSSProperties}
      onClick={open}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
    >
      <span className="ticket-row__strip" aria-hidden="true" />
      <div className="ticket-row__avatar">
        <Avatar
          image={ticket.contact.urlPicture ?? undefined}
          label={ticket.contact.urlPicture ? undefined : initialsOf(name)}
          shape="circle"
          size="large"
        />
        <span className="ticket-row__channel" title={ticket.whatsapp.name}>
          <i className={channelIcon(ticket.channel)} aria-hidden="true" />
        </span>
      </div>
      <div className="ticket-row__body">
        <div className="ticket-row__line">
          <button
            type="button"
            className="ticket-row__name ticket-row__open"
            title={name}
            aria-current={selected ? 'true' : undefined}
            aria-describedby={`ticket-row-last-${ticket.id}`}
            data-testid="ticket-row-open"
          >
            {ticket.isGroup ? (
              <i className="pi pi-users ticket-row__group" role="img" aria-label={t('tickets.row.group')} />
            ) : null}
            {truncate(name, CONTACT_NAME_MAX)}
          </button>
          <time className="ticket-row__time" dateTime={ticket.updatedAt}>
            {rowTime(ticket.updatedAt, systemClock.now(), locales[currentLanguage()])}
          </time>
        </div>
        <div className="ticket-row__line">
          <span className="ticket-row__last" title={lastMessage} id={`ticket-row-last-${ticket.id}`}>
            {ticket.fromMe && lastMessage ? (
              <i className="pi pi-reply ticket-row__mine" role="img" aria-label={t('tickets.row.you')} />
            ) : null}
            {preview.contactCard ? (
              <i className="pi pi-id-card ticket-row__mine" role="img" aria-label={t('tickets.messages.contactCard')} />
            ) : null}
            {lastMessage ? truncate(lastMessage, LAST_MESSAGE_MAX) : <em>{t('tickets.row.noMessages')}</em>}
          </span>
          {ticket.unreadMessages > 0 ? (
            <Badge
              value={ticket.unreadMessages}
              severity="success"
              className="ticket-row__unread"
              aria-label={t('tickets.row.unread', { count: ticket.unreadMessages })}
              data-testid="unread-badge"
            />
          ) : null}
        </div>
        <div className="ticket-row__chips">
          {ticket.queue ? (
            <TagChip name={ticket.queue.name} color={ticket.queue.color} icon="pi pi-sitemap" />
          ) : (
            <TagChip name={t('tickets.row.noQueue')} color="#7C7C7C" icon="pi pi-sitemap" />
          )}
          {viewer.isAdmin && ticket.user ? (
            <TagChip name={ticket.user.name} icon="pi pi-user" outlined testId="row-user" />
          ) : null}
          {responseLeft !== undefined ? (
            <span
              className={classNames('tag-chip ticket-row__sla', { 'ticket-row__sla--late': responseLeft <= 0 })}
              data-testid="first-response"
              title={t('tickets.row.firstResponseTitle')}
            >
              <i className="pi pi-stopwatch" aria-hidden="true" />{' '}
              {responseLeft <= 0
                ? t('tickets.row.firstResponseLate', { count: -responseLeft })
                : t('tickets.row.firstResponseLeft', { count: responseLeft })}
            </span>
          ) : null}
          {visible.map((tag) => (
            <TagChip key={tag.id} name={tag.name} color={tag.color} icon="pi pi-tag" />
          ))}
          {hidden > 0 ? (
            <span
              className="tag-chip tag-chip--more"
              title={rowTags(ticket)
                .slice(2)
                .map((tg) => tg.name)
                .join(', ')}
            >
              +{hidden}
            </span>
          ) : null}
        </div>
      </div>
      {waiting ? (
        <Button
          type="button"
          label={t('tickets.actions.accept')}
          icon="pi pi-check"
          size="small"
          className="ticket-row__accept"
          loading={accepting}
          onClick={(e) => {
            e.stopPropagation();
            onAccept(ticket);
          }}
          data-testid="accept-ticket"
        />
      ) : null}
    </div>
  );
}
