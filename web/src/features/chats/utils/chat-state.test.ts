import type { Chat, ChatMessage } from '@switchboard/shared/contracts/chats';
import { describe, expect, it } from 'vitest';
import {
  addMessage,
  badgeText,
  canSaveChat,
  chronological,
  dropMessage,
  isSendable,
  nearTop,
  removeChat,
  replaceMessage,
  unreadOf,
  upsertChat,
  type MessagePage,
} from './chat-state.ts';

const chat = (id: number, extra: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  lastMessage: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  users: [
    { userId: 1, unreads: 0, user: { id: 1, name: 'Ana' } },
    { userId: 2, unreads: 3, user: { id: 2, name: 'Bruno' } },
  ],
  ...extra,
});
const message = (id: string, text = id): ChatMessage => ({
  id,
  chatId: 1,
  senderId: 1,
  sender: { id: 1, name: 'Ana' },
  message: text,
  mediaName: null,
  mediaType: null,
  mediaUrl: null,
  edited: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('chat state', () => {
  it("reads a member's unread count, 0 for someone who is not a member", () => {
    expect(unreadOf(chat(1), 2)).toBe(3);
    expect(unreadOf(chat(1), 1)).toBe(0);
    expect(unreadOf(chat(1), 9)).toBe(0);
  });

  it('moves a chat with a new message to the top of the first page, and replaces it in place otherwise', () => {
    const pages = [
      { records: [chat(3), chat(2)], hasMore: true, unreadCount: 3 },
      { records: [chat(1)], hasMore: false, unreadCount: 3 },
    ];
    const moved = upsertChat(pages, chat(1, { lastMessage: 'Ana: hi' }), true)!;
    expect(moved.map((p) => p.records.map((c) => c.id))).toEqual([[1, 3, 2], []]);
    expect(moved[0]!.records[0]!.lastMessage).toBe('Ana: hi');
    const renamed = upsertChat(pages, chat(2, { title: 'Renamed' }), false)!;
    expect(renamed.map((p) => p.records.map((c) => c.title))).toEqual([['Chat 3', 'Renamed'], ['Chat 1']]);
    // a change of a chat the list does not hold cannot be placed: the list is read again
    expect(upsertChat(pages, chat(7), false)).toBeUndefined();
    expect(upsertChat([], chat(7), true)).toEqual([{ records: [chat(7)], hasMore: false, unreadCount: 0 }]);
  });

  it('removes a deleted chat from every page', () => {
    const pages = [{ records: [chat(3), chat(2)], hasMore: false, unreadCount: 0 }];
    expect(removeChat(pages, 3)[0]!.records.map((c) => c.id)).toEqual([2]);
  });

  it('adds a new message once, to the newest page, and shows the pages oldest first', () => {
    const pages: MessagePage[] = [
      { records: [message('c'), message('b')], hasMore: true, nextCursor: 'x' },
      { records: [message('a')], hasMore: false, nextCursor: null },
    ];
    const added = addMessage(pages, message('d'));
    expect(chronological(added).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(addMessage(added, message('d'))).toBe(added);
    expect(chronological(replaceMessage(added, message('b', 'edited'))).map((m) => m.message)).toEqual(['a', 'edited', 'c', 'd']);
    expect(chronological(dropMessage(added, 'c')).map((m) => m.id)).toEqual(['a', 'b', 'd']);
  });

  it('allows saving a chat only with a title and at least one user, and sending only non-blank text', () => {
    expect(canSaveChat('Team', [2])).toBe(true);
    expect(canSaveChat('  ', [2])).toBe(false);
    expect(canSaveChat('Team', [])).toBe(false);
    expect(isSendable('  hi ')).toBe(true);
    expect(isSendable(' \n ')).toBe(false);
  });

  it('loads older messages under 600 px from the top, and caps the badge at 99+', () => {
    expect(nearTop(599, 600)).toBe(true);
    expect(nearTop(600, 600)).toBe(false);
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
