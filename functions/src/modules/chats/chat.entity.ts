/**
 * Internal chats of a company (spec document 3, entities "Chat" and "Chat message").
 *
 * Items and access patterns (cid = company id, one partition per chat: `C#<cid>#CHAT#<padId>`):
 * - chat: sk CHAT, type 'chat': id, uuid, title, ownerId, lastMessage, members (ids and names), timestamps, rev.
 *   - get one by id.
 * - uuid marker: pk C#<cid>, sk CHATUUID#<uuid>, { chatId }: written with the chat, so /chats/{uuid} costs two reads.
 * - member: sk MEMBER#<padUserId>, type 'chatMember': unreads, an atomic counter (ADD on every post by
 *   someone else, 0 when read), never rewritten whole.
 *   - all members of a chat: Query begins_with MEMBER#.
 *   - a user's chats, most recently active first: gsi1pk C#<cid>#CHATS#U#<userId>, gsi1sk <updatedAt>#<padChatId>
 *     (Query backwards on gsi1; the member item carries the lowercased title for the search).
 * - message: sk MSG#<ulid>, type 'chatMessage': newest first is one Query backwards on begins_with MSG#.
 * - a user's unread total over all chats: pk C#<cid>, sk CHATUNREAD#<padUserId>, `count` changed with ADD by the
 *   same amounts as the member counters (the top bar's count without reading every chat).
 * - ids: counter item from nextId(C#<cid>, 'chat'); message ids `<chatId>-<ulid>`.
 * - attachments: blob store keys c<cid>/chat<chatId>/<ulid>-<name>.
 */
import { companyPk, padId } from '../../platform/table/keys.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';

export interface ChatMemberRef {
  id: number;
  name: string;
}

export interface ChatRecord {
  id: number;
  companyId: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string;
  /** the owner first, then the chosen users */
  members: ChatMemberRef[];
  createdAt: string;
  updatedAt: string;
  /** bumped on every rewrite of the chat item; a rewrite conditioned on it loses to a concurrent one */
  rev: number;
}

export interface ChatMemberRecord {
  companyId: number;
  chatId: number;
  userId: number;
  unreads: number;
}

export interface ChatMessageRecord {
  companyId: number;
  chatId: number;
  ulid: string;
  senderId: number;
  senderName: string;
  message: string;
  mediaKey: string | null;
  mediaName: string | null;
  mediaType: string | null;
  edited: boolean;
  createdAt: string;
  updatedAt: string;
}

export const chatPk = (companyId: number, chatId: number): string => `${companyPk(companyId)}#CHAT#${padId(chatId)}`;
export const chatKey = (companyId: number, chatId: number) => ({ pk: chatPk(companyId, chatId), sk: 'CHAT' });
export const chatUuidKey = (companyId: number, uuid: string) => ({
  pk: companyPk(companyId),
  sk: `CHATUUID#${uuid.toLowerCase()}`,
});
export const memberKey = (companyId: number, chatId: number, userId: number) => ({
  pk: chatPk(companyId, chatId),
  sk: `MEMBER#${padId(userId)}`,
});
export const messageKey = (companyId: number, chatId: number, ulid: string) => ({
  pk: chatPk(companyId, chatId),
  sk: `MSG#${ulid}`,
});
export const unreadTotalKey = (companyId: number, userId: number) => ({
  pk: companyPk(companyId),
  sk: `CHATUNREAD#${padId(userId)}`,
});
export const userChatsPk = (companyId: number, userId: number): string => `${companyPk(companyId)}#CHATS#U#${userId}`;
export const userChatsSk = (updatedAt: string, chatId: number): string => `${updatedAt}#${padId(chatId)}`;

export const chatMessageIdOf = (chatId: number, ulid: string): string => `${chatId}-${ulid}`;
export const parseChatMessageId = (id: string): { chatId: number; ulid: string } | undefined => {
  const m = /^(\d{1,10})-([0-9A-HJKMNP-TV-Z]{26})$/.exec(id);
  return m ? { chatId: Number(m[1]), ulid: m[2]! } : undefined;
};

export const chatMediaPrefix = (companyId: number, chatId: number): string => `${companyMediaPrefix(companyId)}chat${chatId}/`;

export const toChatItem = (r: ChatRecord) => ({ ...chatKey(r.companyId, r.id), type: 'chat' as const, ...r });

export const toMemberItem = (r: ChatMemberRecord, chat: Pick<ChatRecord, 'title' | 'updatedAt'>) => ({
  ...memberKey(r.companyId, r.chatId, r.userId),
  type: 'chatMember' as const,
  ...r,
  titleLower: chat.title.toLowerCase(),
  gsi1pk: userChatsPk(r.companyId, r.userId),
  gsi1sk: userChatsSk(chat.updatedAt, r.chatId),
});

export const toMessageItem = (r: ChatMessageRecord) => ({
  ...messageKey(r.companyId, r.chatId, r.ulid),
  type: 'chatMessage' as const,
  ...r,
});

export const toUuidMarkerItem = (r: Pick<ChatRecord, 'companyId' | 'uuid' | 'id'>) => ({
  ...chatUuidKey(r.companyId, r.uuid),
  type: 'chatUuid' as const,
  companyId: r.companyId,
  chatId: r.id,
});
