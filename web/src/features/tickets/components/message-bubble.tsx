import type { Message } from '@switchboard/shared/contracts/messages';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { classNames } from 'primereact/utils';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { systemClock } from '../../../lib/clock.ts';
import { canDeleteMessage, canEditMessage, deletedNotice } from '../utils/message-rules.ts';
import { AckIcon } from './ack-icon.tsx';
import { bodyIsText, MessageMedia } from './message-media.tsx';
import { MessageText } from '../../../components/message-text.tsx';

export interface MessageHandlers {
  onReply(message: Message): void;
  onEdit(message: Message): void;
  onDelete(message: Message): void;
  onForward(message: Message): void;
  onToggleSelect(message: Message): void;
}

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(locales[currentLanguage()], { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** A quoted message above a reply: whose it was and its text (or what kind of media). */
export function QuotedMessage({ quoted }: { quoted: NonNullable<Message['quotedMsg']> }) {
  const { t } = useTranslation();
  const text = quoted.isDeleted
    ? t(deletedNotice(quoted) === 'own' ? 'tickets.messages.deletedOwn' : 'tickets.messages.deletedContact')
    : quoted.body || t(`tickets.messages.media.${quoted.mediaType}`, { defaultValue: t('tickets.messages.file') });
  return (
    <div className={classNames('quoted', { 'quoted--mine': quoted.fromMe })}>
      <span className="quoted__author">{quoted.fromMe ? t('tickets.messages.you') : t('tickets.messages.contact')}</span>
      <span className="quoted__text">{text}</span>
    </div>
  );
}

/** One message: its side, quote, media, text, time, edited and forwarded marks, delivery state and actions. */
export const MessageBubble = memo(function MessageBubble({
  message,
  userId,
  startsRun,
  endsRun,
  selecting,
  selected,
  canAct,
  handlers,
}: {
  message: Message;
  userId: number;
  startsRun: boolean;
  endsRun: boolean;
  selecting: boolean;
  selected: boolean;
  canAct: boolean;
  handlers: MessageHandlers;
}) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const side = message.isPrivate ? 'note' : message.fromMe ? 'mine' : 'theirs';
  const deleted = message.isDeleted;
  const selectable = !deleted && !message.isPrivate;

  const items: MenuItem[] = [
    ...(canAct && !deleted
      ? [{ label: t('tickets.messages.reply'), icon: 'pi pi-reply', command: () => handlers.onReply(message) }]
      : []),
    ...(selectable
      ? [{ label: t('tickets.messages.forward'), icon: 'pi pi-share-alt', command: () => handlers.onForward(message) }]
      : []),
    ...(canAct && canEditMessage(message, userId, systemClock.now())
      ? [{ label: t('tickets.messages.edit'), icon: 'pi pi-pencil', command: () => handlers.onEdit(message) }]
      : []),
    ...(canDeleteMessage(message, userId)
      ? [
          {
            label: t('tickets.messages.delete'),
            icon: 'pi pi-trash',
            className: 'menu-item--danger',
            command: () => handlers.onDelete(message),
          },
        ]
      : []),
  ];

  return (
    <div
      className={classNames('message-row', `message-row--${side}`, {
        'message-row--run-start': startsRun,
        'message-row--selected': selected,
      })}
      data-testid="message"
      data-message-id={message.id}
      onClick={selecting && selectable ? () => handlers.onToggleSelect(message) : undefined}
    >
      {selecting ? (
        <Checkbox
          className="message-row__check"
          checked={selected}
          disabled={!selectable}
          onChange={() => handlers.onToggleSelect(message)}
          aria-label={t('tickets.messages.select')}
        />
      ) : null}
      <div className={classNames('bubble', `bubble--${side}`, { 'bubble--tail': endsRun, 'bubble--deleted': deleted })}>
        {message.isPrivate ? (
          <span className="bubble__note-label">
            <i className="pi pi-lock" aria-hidden="true" /> {t('tickets.messages.privateNote')}
          </span>
        ) : null}
        {message.isForwarded && !deleted ? (
          <span className="bubble__forwarded">
            <i className="pi pi-share-alt" aria-hidden="true" /> {t('tickets.messages.forwarded')}
          </span>
        ) : null}
        {message.quotedMsg && !deleted ? <QuotedMessage quoted={message.quotedMsg} /> : null}
        {deleted ? (
          <span className="bubble__deleted" data-testid="deleted-message">
            <i className="pi pi-ban" aria-hidden="true" />{' '}
            {t(deletedNotice(message) === 'own' ? 'tickets.messages.deletedOwn' : 'tickets.messages.deletedContact')}
          </span>
        ) : (
          <>
            <MessageMedia message={message} />
            {bodyIsText(message) ? (
              <div className="bubble__text">
                <MessageText text={message.body} />
              </div>
            ) : null}
          </>
        )}
        <span className="bubble__meta">
          {message.isEdited && !deleted ? <span className="bubble__edited">{t('tickets.messages.edited')}</span> : null}
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
          {message.fromMe && !message.isPrivate && !deleted ? <AckIcon ack={message.ack} error={message.error} /> : null}
        </span>
        {!selecting && items.length ? (
          <>
            <Button
              type="button"
              icon="pi pi-angle-down"
              rounded
              text
              size="small"
              className="bubble__menu-button"
              aria-label={t('tickets.messages.options')}
              aria-haspopup="menu"
              onClick={(e) => menu.current?.toggle(e)}
              data-testid="message-menu"
            />
            <Menu ref={menu} model={items} popup />
          </>
        ) : null}
      </div>
    </div>
  );
});
