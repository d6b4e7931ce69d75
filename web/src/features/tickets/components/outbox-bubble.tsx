import { Button } from 'primereact/button';
import { classNames } from 'primereact/utils';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { MessageText } from '../../../components/message-text.tsx';
import type { OutboxReply } from '../utils/reply-outbox.ts';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(locales[currentLanguage()], { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * A reply the server does not have yet: waiting (a clock) until its send goes through, or failed with the server's
 * reason and a button to try again. Either can be cancelled. The stored message takes its place once it arrives.
 */
export function OutboxBubble({
  reply,
  onCancel,
  onRetry,
}: {
  reply: OutboxReply;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const failed = reply.state === 'failed';
  const side = reply.message.isPrivate ? 'note' : 'mine';
  const reason =
    failed && reply.error
      ? errorMessage(new ApiError(reply.error.status, reply.error.body), {
          t: (k, options) => t(k, options ?? {}),
          exists: (k) => i18n.exists(k),
        })
      : undefined;
  const state = failed ? t('tickets.outbox.failed') : t('tickets.outbox.waiting');
  return (
    <div
      className={`message-row message-row--${side} message-row--outbox`}
      data-testid="outbox-reply"
      data-outbox-state={reply.state}
      data-outbox-key={reply.key}
    >
      <div className={classNames('bubble', `bubble--${side}`, 'bubble--tail', 'bubble--outbox', { 'bubble--failed': failed })}>
        {reply.message.isPrivate ? (
          <span className="bubble__note-label">
            <i className="pi pi-lock" aria-hidden="true" /> {t('tickets.messages.privateNote')}
          </span>
        ) : null}
        <div className="bubble__text">
          <MessageText text={reply.message.body} />
        </div>
        {reason ? (
          <span className="bubble__outbox-error" role="alert" data-testid="outbox-error">
            {reason}
          </span>
        ) : null}
        <span className="bubble__meta">
          <time dateTime={reply.createdAt}>{timeOf(reply.createdAt)}</time>
          <i
            className={failed ? 'pi pi-exclamation-circle bubble__outbox-failed' : 'pi pi-clock'}
            role="img"
            aria-label={state}
            title={state}
            data-testid="outbox-state"
          />
          {failed ? (
            <Button
              type="button"
              icon="pi pi-refresh"
              rounded
              text
              size="small"
              className="bubble__outbox-action"
              label={t('tickets.outbox.retry')}
              onClick={() => onRetry(reply.key)}
              data-testid="outbox-retry"
            />
          ) : null}
          <Button
            type="button"
            icon="pi pi-times"
            rounded
            text
            size="small"
            severity="secondary"
            className="bubble__outbox-action"
            aria-label={t('tickets.outbox.cancel')}
            tooltip={t('tickets.outbox.cancel')}
            tooltipOptions={{ position: 'top' }}
            onClick={() => onCancel(reply.key)}
            data-testid="outbox-cancel"
          />
        </span>
      </div>
    </div>
  );
}
