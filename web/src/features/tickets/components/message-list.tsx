import type { Message } from '@switchboard/shared/contracts/messages';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useLayoutEffect, useMemo, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { systemClock } from '../../../lib/clock.ts';
import { dayLabel, groupMessages } from '../utils/message-grouping.ts';
import { OLDER_MESSAGES_THRESHOLD_PX } from '../utils/message-rules.ts';
import type { OutboxReply } from '../utils/reply-outbox.ts';
import { MessageBubble, type MessageHandlers } from './message-bubble.tsx';
import { OutboxBubble } from './outbox-bubble.tsx';

/** The replies of the conversation the server does not have yet, shown after its messages. */
export interface OutboxView {
  replies: readonly OutboxReply[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
}

/** How close to the bottom the agent must be for a new message to scroll the conversation down. */
const STICK_TO_BOTTOM_PX = 160;

const dayText = (day: string, t: (k: string) => string) => {
  const label = dayLabel(day, systemClock.now());
  if (label !== 'date') return t(`tickets.messages.${label}`);
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locales[currentLanguage()], { day: '2-digit', month: 'long', year: 'numeric' }).format(
    new Date(y!, m! - 1, d!),
  );
};

/**
 * The conversation, oldest at the top. Older pages load when the agent scrolls within 50 px of the top, keeping
 * the messages on screen where they were; new messages scroll into view when the agent is at the bottom or
 * wrote them.
 */
export function MessageList({
  messages,
  loading,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  userId,
  canAct,
  selecting,
  selectedIds,
  handlers,
  outbox,
}: {
  messages: Message[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  userId: number;
  canAct: boolean;
  selecting: boolean;
  selectedIds: ReadonlySet<string>;
  handlers: MessageHandlers;
  outbox?: OutboxView;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const items = useMemo(() => groupMessages(messages), [messages]);
  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];
  const previous = useRef<{ firstId?: string; lastId?: string; height: number; top: number; nearBottom: boolean }>({
    height: 0,
    top: 0,
    nearBottom: true,
  });

  // before the browser paints: keep the view still when older messages arrive, follow new ones at the bottom
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (before.lastId === undefined && last) el.scrollTop = el.scrollHeight;
    else if (firstId !== before.firstId && last?.id === before.lastId)
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    else if (last && last.id !== before.lastId && (before.nearBottom || last.fromMe))
      el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    previous.current = { firstId, lastId: last?.id, height: el.scrollHeight, top: el.scrollTop, nearBottom: before.nearBottom };
  }, [firstId, last]);

  // a reply typed (and kept waiting) goes into view as a sent one does
  const waitingCount = outbox?.replies.length ?? 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && waitingCount > 0) el.scrollTop = el.scrollHeight;
  }, [waitingCount]);

  // pictures and players that finish loading grow the conversation: an agent at the bottom stays there
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (previous.current.nearBottom) el.scrollTop = el.scrollHeight;
      previous.current.height = el.scrollHeight;
      previous.current.top = el.scrollTop;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [loading]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    previous.current.top = el.scrollTop;
    previous.current.height = el.scrollHeight;
    previous.current.nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
    if (el.scrollTop <= OLDER_MESSAGES_THRESHOLD_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div
      className="message-list"
      ref={scroller}
      onScroll={onScroll}
      data-testid="message-list"
      aria-busy={loading}
      role="log"
      aria-live="polite"
    >
      {loading ? (
        <div className="message-list__skeletons" aria-hidden="true">
          {[60, 40, 72, 30, 55].map((w, i) => (
            <div key={i} className={`message-row message-row--${i % 2 ? 'mine' : 'theirs'}`}>
              <Skeleton width={`${w}%`} height="2.75rem" borderRadius="12px" />
            </div>
          ))}
        </div>
      ) : (
        <div className="message-list__content" ref={content}>
          {loadingOlder ? (
            <div className="message-list__older">
              <ProgressSpinner style={{ width: '1.75rem', height: '1.75rem' }} strokeWidth="5" />
            </div>
          ) : null}
          {!hasOlder && messages.length > 0 ? <p className="message-list__start">{t('tickets.messages.start')}</p> : null}
          {messages.length === 0 && !waitingCount ? <p className="message-list__empty">{t('tickets.messages.empty')}</p> : null}
          {items.map((item) =>
            item.kind === 'ticket' ? (
              <div className="day-separator ticket-separator" key={item.key} role="separator" data-testid="ticket-separator">
                <span>{t('tickets.messages.ticketStart', { id: item.ticketId })}</span>
              </div>
            ) : item.kind === 'day' ? (
              <div className="day-separator" key={item.key} role="separator">
                <span>{dayText(item.day, t)}</span>
              </div>
            ) : (
              <MessageBubble
                key={item.key}
                message={item.message}
                userId={userId}
                startsRun={item.startsRun}
                endsRun={item.endsRun}
                selecting={selecting}
                selected={selectedIds.has(item.message.id)}
                canAct={canAct}
                handlers={handlers}
              />
            ),
          )}
          {outbox?.replies.map((reply) => (
            <OutboxBubble key={reply.key} reply={reply} onCancel={outbox.onCancel} onRetry={outbox.onRetry} />
          ))}
        </div>
      )}
    </div>
  );
}
