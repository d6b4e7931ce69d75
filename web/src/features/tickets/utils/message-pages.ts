import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';

/**
 * GET /messages/{ticketId} pages as react-query keeps them: the first page holds the newest messages and each
 * next page older ones; within a page messages are oldest first.
 */
export interface MessagePage {
  messages: Message[];
  ticket: Ticket;
  hasMore: boolean;
  nextCursor: string | null;
}
export interface MessagePages {
  pages: MessagePage[];
  pageParams: unknown[];
}

/** The whole loaded conversation, oldest first, each message once. */
export const flattenMessages = (data: MessagePages | undefined): Message[] => {
  const seen = new Set<string>();
  return [...(data?.pages ?? [])]
    .reverse()
    .flatMap((p) => p.messages)
    .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
};

const has = (data: MessagePages, id: string) => data.pages.some((p) => p.messages.some((m) => m.id === id));

/** A new message joins the newest page; one already there is replaced (the sender's own echo). */
export const appendMessage = (data: MessagePages, message: Message): MessagePages => {
  if (has(data, message.id)) return replaceMessage(data, message);
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
};

/**
 * The answer to a send joins the conversation only when the live events have not brought the message yet: the
 * send's outcome (ack, failure) may arrive live before this answer, which still says ack 0.
 */
export const addSentMessage = (data: MessagePages, message: Message): MessagePages =>
  has(data, message.id) ? data : appendMessage(data, message);

/** An edited, acknowledged or deleted message takes the place of the one on screen. */
export const replaceMessage = (data: MessagePages, message: Message): MessagePages =>
  has(data, message.id)
    ? { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.id === message.id ? message : m)) })) }
    : data;

/** A private note that was deleted leaves the conversation. */
export const removeMessage = (data: MessagePages, id: string): MessagePages =>
  has(data, id) ? { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== id) })) } : data;
