/**
 * Pure rules of the internal chat screens: a member's unread count, how a live frame changes the cached list of
 * chats and the cached pages of messages, the dialog's validity, and the narrow screen's tabs.
 */
import type { Chat, ChatMessage } from '@switchboard/shared/contracts/chats';

export interface ChatPage {
  records: Chat[];
  hasMore: boolean;
  unreadCount: number;
}
export interface MessagePage {
  records: ChatMessage[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** What the member `userId` has not read in the chat. */
export const unreadOf = (chat: Chat, userId: number): number => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

export const isOwner = (chat: Chat, userId: number): boolean => chat.ownerId === userId;

/**
 * The pages of chats with `chat` as it is now: replaced where it is, or (`toTop`, a new message) moved to the front
 * of the first page. Answers undefined when the chat is not cached and cannot be placed (the list is read again).
 */
export const upsertChat = (pages: ChatPage[], chat: Chat, toTop: boolean): ChatPage[] | undefined => {
  const present = pages.some((p) => p.records.some((c) => c.id === chat.id));
  if (!present && !toTop) return undefined;
  if (!toTop) return pages.map((p) => ({ ...p, records: p.records.map((c) => (c.id === chat.id ? chat : c)) }));
  const without = pages.map((p) => ({ ...p, records: p.records.filter((c) => c.id !== chat.id) }));
  if (without.length === 0) return [{ records: [chat], hasMore: false, unreadCount: 0 }];
  return without.map((p, i) => (i === 0 ? { ...p, records: [chat, ...p.records] } : p));
};

export const removeChat = (pages: ChatPage[], chatId: number): ChatPage[] =>
  pages.map((p) => ({ ...p, records: p.records.filter((c) => c.id !== chatId) }));

/** Adds a new message to the newest page, once (a frame can arrive after the post's own answer). */
export const addMessage = (pages: MessagePage[], message: ChatMessage): MessagePage[] => {
  if (pages.some((p) => p.records.some((m) => m.id === message.id))) return pages;
  if (pages.length === 0) return [{ records: [message], hasMore: false, nextCursor: null }];
  return pages.map((p, i) => (i === 0 ? { ...p, records: [message, ...p.records] } : p));
};

export const replaceMessage = (pages: MessagePage[], message: ChatMessage): MessagePage[] =>
  pages.map((p) => ({ ...p, records: p.records.map((m) => (m.id === message.id ? message : m)) }));

export const dropMessage = (pages: MessagePage[], messageId: string): MessagePage[] =>
  pages.map((p) => ({ ...p, records: p.records.filter((m) => m.id !== messageId) }));

/** Pages come newest first; the conversation shows the oldest at the top. */
export const chronological = (pages: MessagePage[]): ChatMessage[] => pages.flatMap((p) => p.records).reverse();

/** Spec document 3 section 5: save is disabled unless a title and at least one user are chosen. */
export const canSaveChat = (title: string, userIds: readonly number[]): boolean => title.trim().length > 0 && userIds.length > 0;

/** Spec document 3 section 5: blank text is not sent. */
export const isSendable = (text: string): boolean => text.trim().length > 0;

/** Older messages load when the list is scrolled under this many pixels from its top (spec section 9). */
export const nearTop = (scrollTop: number, thresholdPx: number): boolean => scrollTop < thresholdPx;

/** The unread count as the top bar shows it: 99+ past 99. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
