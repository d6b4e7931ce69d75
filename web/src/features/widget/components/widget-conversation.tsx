import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorConversation } from '../hooks/use-visitor-conversation.ts';
import { openMenu, showsOfflineNote, timeline } from '../utils/conversation.ts';
import { VISITOR_FILE_ACCEPT, VISITOR_FILE_MAX_MB, visitorFileProblem, type FileProblem } from '../utils/visitor-file.ts';
import { WidgetLocalMessage, WidgetServerMessage } from './widget-message.tsx';

const MAX_BODY = 2000;

/** The conversation: greeting, bubbles, the offline note until someone answers, and the message box. */
export function WidgetConversation({
  chatToken,
  visitorToken,
  visitorName,
  greeting,
  onExpired,
  onLive,
}: {
  chatToken: string;
  visitorToken: string;
  visitorName: string;
  greeting: string;
  onExpired: () => void;
  onLive: (live: boolean | undefined) => void;
}) {
  const { t } = useTranslation();
  const conversation = useVisitorConversation({ chatToken, visitorToken, onExpired });
  const { state } = conversation;
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileProblem, setFileProblem] = useState<FileProblem | undefined>(undefined);
  const items = timeline(state);
  const menu = openMenu(state);

  useEffect(() => onLive(conversation.live), [conversation.live, onLive]);

  // the newest message stays in view
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [items.length, state.loaded]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim() === '') return;
    conversation.send(text);
    setText('');
  };

  // a tapped option is sent as its label, with its id for the bot; its buttons go away, so the focus moves on to the message box
  const choose = (optionId: string, title: string) => {
    conversation.send(title, optionId);
    inputRef.current?.focus();
  };

  // a file the rules refuse is not uploaded at all: the reason shows above the message box
  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = visitorFileProblem(file);
    setFileProblem(problem);
    if (!problem) conversation.sendFile(file);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="widget-conversation">
      <ol
        className="widget-messages"
        ref={listRef}
        aria-live="polite"
        aria-label={t('widget.conversation')}
        data-testid="widget-messages"
      >
        <li className="widget-row widget-row--system">
          <span className="widget-system">{t('widget.welcome', { name: visitorName })}</span>
        </li>
        {greeting.trim() ? (
          <li className="widget-row widget-row--company">
            <div className="widget-bubble widget-bubble--company" data-testid="widget-greeting">
              {greeting}
            </div>
          </li>
        ) : null}
        {!state.loaded && !conversation.loadFailed ? (
          <li className="widget-row widget-row--system">
            <span className="widget-system">
              <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('widget.loading')}
            </span>
          </li>
        ) : null}
        {items.map((item) =>
          item.kind === 'server' ? (
            <WidgetServerMessage
              key={item.message.id}
              message={item.message}
              choice={item.choice}
              menu={menu?.messageId === item.message.id ? menu.menu : undefined}
              onChoose={choose}
            />
          ) : (
            <WidgetLocalMessage
              key={item.message.clientMessageId}
              message={item.message}
              choice={item.choice}
              onRetry={conversation.retry}
            />
          ),
        )}
        {showsOfflineNote(state) ? (
          <li className="widget-row widget-row--system">
            <p className="widget-offline" data-testid="widget-offline-note">
              <i className="pi pi-clock" aria-hidden="true" /> {t('widget.offlineNote')}
            </p>
          </li>
        ) : null}
      </ol>
      {conversation.loadFailed ? (
        <div className="widget-banner" role="alert">
          {t('widget.loadFailed')}{' '}
          <button type="button" className="widget-link-button" onClick={() => void conversation.reload()}>
            {t('widget.retry')}
          </button>
        </div>
      ) : null}
      {conversation.throttled ? (
        <div className="widget-banner widget-banner--warn" role="status" data-testid="widget-slow-down">
          {t('widget.slowDown')}
        </div>
      ) : null}
      {fileProblem ? (
        <div className="widget-banner widget-banner--warn" role="alert" data-testid="widget-file-problem">
          {t(`widget.file.${fileProblem}`, { max: VISITOR_FILE_MAX_MB })}
        </div>
      ) : null}
      <form className="widget-composer" onSubmit={submit}>
        <input
          ref={fileRef}
          type="file"
          accept={VISITOR_FILE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={attach}
          data-testid="widget-file"
        />
        <Button
          type="button"
          icon="pi pi-paperclip"
          rounded
          text
          aria-label={t('widget.attach')}
          className="widget-composer__attach"
          onClick={() => fileRef.current?.click()}
          data-testid="widget-attach"
        />
        <label htmlFor="widget-text" className="sr-only">
          {t('widget.placeholder')}
        </label>
        <InputTextarea
          id="widget-text"
          ref={inputRef}
          value={text}
          rows={1}
          autoResize
          maxLength={MAX_BODY}
          placeholder={t('widget.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="widget-composer__input"
          data-testid="widget-input"
        />
        <Button
          type="submit"
          icon="pi pi-send"
          rounded
          aria-label={t('widget.send')}
          disabled={text.trim() === ''}
          className="widget-button widget-composer__send"
          data-testid="widget-send"
        />
      </form>
    </div>
  );
}
