import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { markMessagesRead, messagesQueryKey } from '../api/get-messages.ts';
import { noteRemovedLive } from '../api/delete-ticket.ts';
import { getTicket, ticketQueryKey } from '../api/get-ticket.ts';
import { useOnReconnect } from './use-on-reconnect.ts';
import { appendMessage, removeMessage, replaceMessage, type MessagePages } from '../utils/message-pages.ts';

/** A message read while the agent looks at the conversation is marked read this long after it arrived. */
const READ_DELAY_MS = 500;

/**
 * The open conversation in step with live events: new, edited, acknowledged and deleted messages, changes to the
 * ticket, and its deletion (which sends the agent back to /tickets).
 */
export const useConversationSync = (ticket: Ticket | undefined): void => {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ticketId = ticket?.id;

  useEffect(() => () => clearTimeout(readTimer.current), []);

  useOnReconnect(() => {
    if (ticketId !== undefined) void queryClient.invalidateQueries({ queryKey: messagesQueryKey(ticketId) });
  });

  const setMessages = (change: (data: MessagePages) => MessagePages) => {
    if (ticketId === undefined) return;
    queryClient.setQueryData<MessagePages>(messagesQueryKey(ticketId), (data) => (data ? change(data) : data));
  };

  const markReadSoon = (t: Ticket) => {
    const working = t.status === 'open' || t.status === 'group';
    if (!working || (t.userId !== user.id && user.profile !== 'admin') || document.visibilityState !== 'visible') return;
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => void markMessagesRead(t.id).catch(() => undefined), READ_DELAY_MS);
  };

  useRealtimeEvent(channelOf('appMessage', user.companyId), (frame) => {
    if (ticketId === undefined || frame.message?.ticketId !== ticketId) return;
    if (frame.action === 'create') {
      setMessages((data) => appendMessage(data, frame.message));
      if (frame.ticket) {
        queryClient.setQueryData(ticketQueryKey(frame.ticket.uuid), frame.ticket);
        if (!frame.message.fromMe) markReadSoon(frame.ticket);
      }
    } else if (frame.action === 'update') setMessages((data) => replaceMessage(data, frame.message));
    else
      setMessages((data) =>
        frame.message.isPrivate
          ? removeMessage(data, frame.message.id)
          : replaceMessage(data, { ...frame.message, isDeleted: true }),
      );
  });

  useRealtimeEvent(channelOf('ticket', user.companyId), (frame) => {
    if (!ticket) return;
    if (frame.action === 'update' && frame.ticket.id === ticket.id)
      queryClient.setQueryData(ticketQueryKey(ticket.uuid), frame.ticket);
    else if (frame.action === 'updateUnread' && frame.ticketId === ticket.id) {
      queryClient.setQueryData<Ticket>(ticketQueryKey(ticket.uuid), (t) => (t ? { ...t, unreadMessages: 0 } : t));
    } else if (frame.action === 'delete' && frame.ticketId === ticket.id) {
      // a delete also precedes a re-filing update (status, user or queue changed): the ticket is read again, and
      // when it is gone (or no longer visible) the conversation's load error sends the agent back to /tickets
      const uuid = ticket.uuid;
      noteRemovedLive(uuid);
      void queryClient
        .fetchQuery({ queryKey: ticketQueryKey(uuid), queryFn: () => getTicket(uuid), staleTime: 0 })
        .catch(() => undefined);
    }
  });
};
