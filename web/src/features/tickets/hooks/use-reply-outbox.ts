import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useOnline } from '../../../lib/network-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { messagesQueryKey } from '../api/get-messages.ts';
import { indexedDbOutboxStore } from '../api/reply-outbox-store.ts';
import { sendMessage } from '../api/send-message.ts';
import { addSentMessage, type MessagePages } from '../utils/message-pages.ts';
import { ReplyOutbox, type OutboxReply } from '../utils/reply-outbox.ts';

/** One outbox per signed-in user and page: every view of the inbox shares it, and its sends run once. */
let current: { owner: string; outbox: ReplyOutbox } | undefined;

const outboxOf = (owner: string, queryClient: QueryClient): ReplyOutbox => {
  if (current?.owner === owner) return current.outbox;
  current?.outbox.close();
  const outbox = new ReplyOutbox({
    store: indexedDbOutboxStore(),
    owner,
    send: (reply) => sendMessage({ ticketId: reply.ticketId, message: reply.message, idempotencyKey: reply.key }),
    onSent: (_reply, message) =>
      queryClient.setQueryData<MessagePages>(messagesQueryKey(message.ticketId), (data) =>
        data ? addSentMessage(data, message) : data,
      ),
    canTry: () => navigator.onLine,
  });
  current = { owner, outbox };
  return outbox;
};

/** The signed-in user's outbox of replies; it tries its waiting replies again as soon as the network is back. */
export const useReplyOutbox = (): ReplyOutbox => {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const outbox = useMemo(() => outboxOf(`${user.companyId}:${user.id}`, queryClient), [user.companyId, user.id, queryClient]);
  const online = useOnline();
  useEffect(() => {
    if (online) outbox.wake();
  }, [online, outbox]);
  return outbox;
};

/** A ticket's replies still in the outbox (waiting or failed), in typing order. */
export const useOutboxReplies = (outbox: ReplyOutbox, ticketId: number): readonly OutboxReply[] =>
  useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.repliesOf(ticketId),
  );
