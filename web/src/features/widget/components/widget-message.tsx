import type { VisitorMessage } from '@switchboard/shared/contracts/webchat';
import { useTranslation } from 'react-i18next';
import type { FailureKind, LocalMessage, VisitorMenu } from '../utils/conversation.ts';
import { VISITOR_FILE_MAX_MB } from '../utils/visitor-file.ts';
import { mediaKindOf } from '../utils/conversation.ts';
import { MessageText } from '../../../components/message-text.tsx';

const timeOf = (iso: string, locale: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
};

/**
 * One bubble from the server: the visitor's on the right in the company colour, the company's on the left; under a
 * bot menu still open, its options as buttons.
 */
export function WidgetServerMessage({
  message,
  choice,
  menu,
  onChoose,
}: {
  message: VisitorMessage;
  /** the title of the menu option this visitor's message picked */
  choice?: string;
  menu?: VisitorMenu;
  onChoose?: (optionId: string, title: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const side = message.fromVisitor ? 'visitor' : 'company';
  const kind = mediaKindOf(message);
  const caption = message.body && message.body !== message.mediaType ? message.body : '';
  return (
    <li className={`widget-row widget-row--${side}`} data-testid={`widget-message-${side}`}>
      <div className={`widget-bubble widget-bubble--${side}${message.isDeleted ? ' widget-bubble--deleted' : ''}`}>
        {message.isDeleted ? (
          <span className="widget-bubble__deleted">
            <i className="pi pi-ban" aria-hidden="true" /> {t('widget.deleted')}
          </span>
        ) : (
          <>
            {kind === 'image' ? (
              <a href={message.mediaUrl!} target="_blank" rel="noopener noreferrer" className="widget-bubble__image-link">
                <img src={message.mediaUrl!} alt={caption || t('widget.image')} className="widget-bubble__image" loading="lazy" />
              </a>
            ) : null}
            {kind === 'link' ? (
              <a href={message.mediaUrl!} target="_blank" rel="noopener noreferrer" className="widget-bubble__file">
                <i className="pi pi-paperclip" aria-hidden="true" /> {t('widget.attachment')}
              </a>
            ) : null}
            {kind === 'text' || caption ? (
              <span className="widget-bubble__text">
                <MessageText text={kind === 'text' ? (choice ?? message.body) : caption} links />
              </span>
            ) : null}
          </>
        )}
        <time className="widget-bubble__time" dateTime={message.createdAt}>
          {timeOf(message.createdAt, i18n.language)}
        </time>
      </div>
      {menu && onChoose ? (
        <div className="widget-menu" role="group" aria-label={t('widget.menuOptions')} data-testid="widget-menu">
          {menu.options.map((option) => (
            <button
              key={option.id}
              type="button"
              className="widget-menu__option"
              onClick={() => onChoose(option.id, option.title)}
            >
              {option.title}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

const fileProblems: readonly FailureKind[] = ['fileType', 'fileName', 'fileSize'];

/** The visitor's message on its way: sending, sent, or failed with its reason (and a retry where one may pass). */
export function WidgetLocalMessage({
  message,
  choice,
  onRetry,
}: {
  message: LocalMessage;
  choice?: string;
  onRetry: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { attachment } = message;
  const fileRefused = message.failure !== undefined && fileProblems.includes(message.failure);
  return (
    <li className="widget-row widget-row--visitor" data-testid="widget-message-visitor">
      <div className={`widget-bubble widget-bubble--visitor${message.status === 'failed' ? ' widget-bubble--failed' : ''}`}>
        {attachment?.previewUrl ? (
          <img src={attachment.previewUrl} alt={attachment.file.name} className="widget-bubble__image" />
        ) : attachment ? (
          <span className="widget-bubble__file">
            <i className="pi pi-paperclip" aria-hidden="true" /> {attachment.file.name}
          </span>
        ) : null}
        {message.body ? (
          <span className="widget-bubble__text">
            <MessageText text={choice ?? message.body} />
          </span>
        ) : null}
        <span className="widget-bubble__time">
          {message.status === 'sending' ? (
            <i className="pi pi-clock" role="img" aria-label={t('widget.sending')} />
          ) : message.status === 'sent' ? (
            <>
              {timeOf(message.serverCreatedAt ?? message.createdAt, i18n.language)}{' '}
              <i className="pi pi-check" role="img" aria-label={t('widget.sent')} />
            </>
          ) : null}
        </span>
      </div>
      {message.status === 'failed' ? (
        <p className="widget-row__failure" role="alert">
          {message.failure === 'throttled'
            ? t('widget.slowDown')
            : message.failure === 'network'
              ? t('widget.offline')
              : fileRefused
                ? t(`widget.file.${message.failure as 'fileType'}`, { max: VISITOR_FILE_MAX_MB })
                : t('widget.notSent')}{' '}
          {fileRefused ? null : (
            <button type="button" className="widget-link-button" onClick={() => onRetry(message.clientMessageId)}>
              {t('widget.retry')}
            </button>
          )}
        </p>
      ) : null}
    </li>
  );
}
