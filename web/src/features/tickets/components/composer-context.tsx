import type { Message } from '@switchboard/shared/contracts/messages';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { QuotedMessage } from './message-bubble.tsx';

/** Above the composer: the message being answered (quoted) or edited, and a button to stop. */
export function ComposerContext({
  replyTo,
  editing,
  onCancel,
}: {
  replyTo: Message | undefined;
  editing: Message | undefined;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="composer__context">
      <i className={editing ? 'pi pi-pencil' : 'pi pi-reply'} aria-hidden="true" />
      <div className="composer__context-body">
        <span className="composer__context-title">{editing ? t('tickets.input.editing') : t('tickets.input.replyingTo')}</span>
        {replyTo && !editing ? (
          <QuotedMessage
            quoted={{
              id: replyTo.id,
              body: replyTo.body,
              fromMe: replyTo.fromMe,
              mediaType: replyTo.mediaType,
              isDeleted: replyTo.isDeleted,
            }}
          />
        ) : null}
      </div>
      <Button
        type="button"
        icon="pi pi-times"
        text
        rounded
        size="small"
        severity="secondary"
        aria-label={t('common.cancel')}
        onClick={onCancel}
      />
    </div>
  );
}
