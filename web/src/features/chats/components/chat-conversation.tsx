import { CHAT_LOAD_MORE_TOP_PX, CHAT_MESSAGE_MAX, type Chat, type ChatMessage } from '@switchboard/shared/contracts/chats';
import { acceptAttribute, isInlineMedia, mediaProblem } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressSpinner } from 'primereact/progressspinner';
import { classNames } from 'primereact/utils';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, currentLanguage } from '../../../lib/i18n.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useChatMessages } from '../api/get-chat-messages.ts';
import { useSendChatMessage } from '../api/send-chat-message.ts';
import { chronological, isSendable, nearTop } from '../utils/chat-state.ts';

const ACCEPT = acceptAttribute('message');

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(locales[currentLanguage()], {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

function MessageBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const image = message.mediaUrl && message.mediaType?.startsWith('image/') && isInlineMedia(message.mediaType);
  return (
    <li className={classNames('chat-bubble', { 'chat-bubble--mine': mine })} data-testid="chat-message">
      {mine ? null : <span className="chat-bubble__sender">{message.sender.name}</span>}
      {message.mediaUrl ? (
        image ? (
          <a href={message.mediaUrl} target="_blank" rel="noreferrer noopener">
            <img className="chat-bubble__image" src={message.mediaUrl} alt={message.mediaName ?? ''} />
          </a>
        ) : (
          <a
            className="chat-bubble__file"
            href={message.mediaUrl}
            download={message.mediaName ?? undefined}
            rel="noreferrer noopener"
          >
            <i className="pi pi-file" aria-hidden="true" /> {message.mediaName}
          </a>
        )
      ) : null}
      {message.message ? <p className="chat-bubble__text">{message.message}</p> : null}
      <span className="chat-bubble__meta">
        {message.edited ? `${t('chats.edited')} · ` : ''}
        <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
      </span>
    </li>
  );
}

/**
 * One chat's messages, oldest at the top: it opens at the newest, loads older pages when scrolled under 600 px from
 * the top (keeping what is on screen in place), follows new messages while at the bottom, and sends with Enter.
 */
export function ChatConversation({ chat, meId }: { chat: Chat; meId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const messages = useChatMessages(chat.id);
  const send = useSendChatMessage();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const listRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // distance from the bottom to keep while older messages are put above
  const keepFromBottom = useRef<number | null>(null);
  const atBottom = useRef(true);

  const pages = messages.data?.pages ?? [];
  const shown = chronological(pages);
  const lastId = shown.at(-1)?.id;
  const lastMine = shown.at(-1)?.senderId === meId;

  const loadOlder = () => {
    const el = listRef.current;
    if (!el || !messages.hasNextPage || messages.isFetchingNextPage) return;
    if (!nearTop(el.scrollTop, CHAT_LOAD_MORE_TOP_PX)) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void messages.fetchNextPage();
  };

  // older messages arrived above: the ones on screen stay where they were; then there may be room for more
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
    loadOlder();
  }, [pages.length, messages.isFetchingNextPage]); // runs when a page arrives

  // the newest message: shown when the reader is at the bottom (or wrote it)
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || lastId === undefined) return;
    if (atBottom.current || lastMine) el.scrollTop = el.scrollHeight;
  }, [lastId, lastMine]);

  const submit = () => {
    if ((!isSendable(text) && !file) || send.isPending) return;
    send.mutate(
      { chatId: chat.id, message: text.trim(), file },
      {
        onSuccess: () => {
          setText('');
          setFile(undefined);
        },
        // spec document 3 section 8: chat failures are silent; the text stays for another try
        onError: (error) => console.warn('chat message not sent', error),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <div
        ref={listRef}
        className="chat-conversation__list"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          loadOlder();
        }}
        data-testid="chat-messages"
      >
        {messages.isFetchingNextPage ? (
          <p className="chat-conversation__older" role="status">
            {t('chats.loadingOlder')}
          </p>
        ) : null}
        {messages.isLoading ? (
          <ProgressSpinner className="chat-conversation__spinner" />
        ) : shown.length === 0 ? (
          <p className="chat-conversation__empty">{t('chats.noMessages')}</p>
        ) : (
          <ul className="chat-conversation__messages stack-list">
            {shown.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.senderId === meId} />
            ))}
          </ul>
        )}
      </div>
      {file ? (
        <div className="chat-conversation__file" data-testid="chat-attachment">
          <i className="pi pi-paperclip" aria-hidden="true" />
          <span>{file.name}</span>
          <Button
            type="button"
            text
            rounded
            size="small"
            icon="pi pi-times"
            aria-label={t('chats.removeAttachment')}
            onClick={() => setFile(undefined)}
          />
        </div>
      ) : null}
      <div className="chat-conversation__input">
        <Button
          type="button"
          text
          rounded
          icon="pi pi-paperclip"
          aria-label={t('chats.attach')}
          tooltip={t('chats.attach')}
          tooltipOptions={{ position: 'top' }}
          onClick={() => fileInput.current?.click()}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={ACCEPT}
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = '';
            if (!picked) return;
            if (mediaProblem('message', { name: picked.name, mimeType: picked.type })) {
              toast.errorText(t('chats.fileRefused'));
              return;
            }
            setFile(picked);
          }}
        />
        <InputTextarea
          className="chat-conversation__text"
          rows={1}
          autoResize
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          placeholder={t('chats.messagePlaceholder')}
          aria-label={t('chats.messagePlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <Button
          type="button"
          rounded
          icon="pi pi-send"
          aria-label={t('chats.send')}
          loading={send.isPending}
          disabled={!isSendable(text) && !file}
          onClick={submit}
          data-testid="chat-send"
        />
      </div>
    </div>
  );
}
