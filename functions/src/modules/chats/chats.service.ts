/**
 * Internal chat: chats between a company's users with their messages (spec document 3 "Internal chat", sections
 * 4 to 9; server reference 11). Only members see a chat (anyone else gets 404, as for another company's record);
 * only its owner changes or deletes it. Every post counts as unread for each other member, atomically.
 */
import {
  CHAT_LIST_PAGE_SIZE,
  CHAT_MEMBERS_MAX,
  CHAT_MESSAGES_PAGE_SIZE,
  type Chat,
  type ChatBody,
  type ChatMessage,
  type SendChatMessageBody,
} from '@switchboard/shared/contracts/chats';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import {
  chatMediaPrefix,
  chatMessageIdOf,
  chatPk,
  parseChatMessageId,
  type ChatMemberRecord,
  type ChatMemberRef,
  type ChatMessageRecord,
  type ChatRecord,
} from './chat.entity.ts';
import {
  addUnreadTotal,
  chatIdOfUuid,
  countPost,
  deleteChatItems,
  deleteMessage as deleteMessageItem,
  getChat,
  getChatsWithMembers,
  getMembers,
  getMessage,
  getUnreadTotal,
  insertChat,
  markMemberRead,
  purgeChatPartition,
  putMessage,
  queryMessages,
  queryUserChatIds,
  replaceChat,
  touchChat,
  updateMessageText,
} from './chats.repository.ts';
import { storedFileName } from '../../platform/ports/media-keys.ts';

const now = () => clock().now().toISOString();
/** A write that lost to a concurrent one is tried again on fresh data this many times. */
const STALE_RETRIES = 5;

const present = (chat: ChatRecord, members: ChatMemberRecord[]): Chat => {
  const unreads = new Map(members.filter((m) => m.chatId === chat.id).map((m) => [m.userId, m.unreads]));
  return {
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.ownerId,
    lastMessage: chat.lastMessage,
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt,
    users: chat.members
      .filter((m) => unreads.has(m.id))
      .map((m) => ({ userId: m.id, unreads: Math.max(0, unreads.get(m.id)!), user: { id: m.id, name: m.name } })),
  };
};

const presentMessage = async (m: ChatMessageRecord): Promise<ChatMessage> => ({
  id: chatMessageIdOf(m.chatId, m.ulid),
  chatId: m.chatId,
  senderId: m.senderId,
  sender: { id: m.senderId, name: m.senderName },
  message: m.message,
  mediaName: m.mediaName,
  mediaType: m.mediaType,
  mediaUrl: m.mediaKey ? await blobStore().downloadUrl(m.mediaKey) : null,
  edited: m.edited,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

const currentChat = async (companyId: number, chatId: number): Promise<Chat | undefined> => {
  const chat = await getChat(companyId, chatId);
  return chat ? present(chat, await getMembers(companyId, chatId)) : undefined;
};

const notFound = () => new AppError('ERR_NOT_FOUND');

/** The chat named by number or uuid, when the caller is one of its members; anything else is simply not found. */
const requireMembership = async (
  auth: AuthContext,
  ref: number | string,
): Promise<{ chat: ChatRecord; members: ChatMemberRecord[] }> => {
  const chatId = typeof ref === 'number' ? ref : await chatIdOfUuid(auth.companyId, ref);
  if (chatId === undefined) throw notFound();
  const [chat, members] = await Promise.all([getChat(auth.companyId, chatId), getMembers(auth.companyId, chatId)]);
  if (!chat || !members.some((m) => m.userId === auth.userId)) throw notFound();
  return { chat, members };
};

const requireOwnership = async (auth: AuthContext, ref: number | string) => {
  const found = await requireMembership(auth, ref);
  if (found.chat.ownerId !== auth.userId)
    throw new AppError('ERR_NO_PERMISSION', 'Only the owner of the chat may change or delete it');
  return found;
};

/** The chosen users as members: each must be a user of the company; the caller (the owner) is always one. */
const resolveMembers = async (
  auth: AuthContext,
  ownerId: number,
  ownerName: string,
  users: ChatBody['users'],
): Promise<ChatMemberRef[]> => {
  const wanted = [...new Set(users.map((u) => u.id))].filter((id) => id !== ownerId);
  const found = await Promise.all(wanted.map((id) => findUser(auth.companyId, id)));
  const unknown = wanted.flatMap((id, i) => (found[i] ? [] : [id]));
  if (unknown.length) {
    throw new AppError('ERR_VALIDATION', 'Unknown users', {
      fields: unknown.map((id) => ({ path: `body.users.${users.findIndex((u) => u.id === id)}.id`, message: 'Unknown user' })),
    });
  }
  const members = [{ id: ownerId, name: ownerName }, ...found.map((u) => ({ id: u!.id, name: u!.name }))];
  if (members.length > CHAT_MEMBERS_MAX) {
    throw new AppError('ERR_VALIDATION', 'Too many users', {
      fields: [{ path: 'body.users', message: `At most ${CHAT_MEMBERS_MAX - 1} users` }],
    });
  }
  return members;
};

/** GET /chats: the caller's chats, most recently active first, with their unread total over every chat. */
export const listChats = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryUserChatIds(auth.companyId, auth.userId, {
    skip: (query.pageNumber - 1) * CHAT_LIST_PAGE_SIZE,
    take: CHAT_LIST_PAGE_SIZE,
    search: query.searchParam,
  });
  const [{ chats, members }, unreadCount] = await Promise.all([
    getChatsWithMembers(auth.companyId, page.chatIds),
    getUnreadTotal(auth.companyId, auth.userId),
  ]);
  const byId = new Map(chats.map((c) => [c.id, c]));
  const records = page.chatIds.flatMap((id) => {
    const chat = byId.get(id);
    return chat ? [present(chat, members)] : [];
  });
  return { records, hasMore: page.hasMore, unreadCount };
};

export const showChat = async (auth: AuthContext, ref: number | string): Promise<Chat> => {
  const { chat, members } = await requireMembership(auth, ref);
  return present(chat, members);
};

export const createChat = async (auth: AuthContext, body: ChatBody): Promise<Chat> => {
  const members = await resolveMembers(auth, auth.userId, auth.user.name, body.users);
  const at = now();
  const chat: ChatRecord = {
    id: await nextId(companyPk(auth.companyId), 'chat'),
    companyId: auth.companyId,
    uuid: ids.uuid(),
    title: body.title,
    ownerId: auth.userId,
    lastMessage: '',
    members,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  const memberRecords = members.map((m) => ({ companyId: auth.companyId, chatId: chat.id, userId: m.id, unreads: 0 }));
  await insertChat(chat, memberRecords);
  const out = present(chat, memberRecords);
  await domainEvents.emit({ name: 'chat.created', companyId: auth.companyId, chat: out });
  return out;
};

/** PUT /chats/{id}: the owner renames the chat and changes who is in it (the owner stays). */
export const updateChat = async (auth: AuthContext, ref: number | string, body: ChatBody): Promise<Chat> => {
  for (let attempt = 0; ; attempt++) {
    const { chat: before, members } = await requireOwnership(auth, ref);
    const owner = before.members.find((m) => m.id === before.ownerId) ?? { id: before.ownerId, name: auth.user.name };
    const nextMembers = await resolveMembers(auth, before.ownerId, owner.name, body.users);
    const nextIds = new Set(nextMembers.map((m) => m.id));
    const currentIds = new Set(members.map((m) => m.userId));
    const change = {
      added: nextMembers.filter((m) => !currentIds.has(m.id)).map((m) => m.id),
      removed: members.filter((m) => !nextIds.has(m.userId)),
      kept: members.filter((m) => nextIds.has(m.userId)).map((m) => m.userId),
    };
    const after: ChatRecord = { ...before, title: body.title, members: nextMembers, updatedAt: now(), rev: before.rev + 1 };
    if ((await replaceChat(before, after, change)) === 'stale') {
      if (attempt < STALE_RETRIES) continue;
      throw new AppError('ERR_VALIDATION', 'The chat changed meanwhile; reload and try again');
    }
    // the removed members' unread messages of this chat no longer count for them
    await Promise.all(change.removed.map((m) => addUnreadTotal(auth.companyId, m.userId, -m.unreads)));
    const out = (await currentChat(auth.companyId, before.id)) ?? present(after, []);
    await domainEvents.emit({
      name: 'chat.updated',
      companyId: auth.companyId,
      chat: out,
      removedUserIds: change.removed.map((m) => m.userId),
    });
    return out;
  }
};

/** DELETE /chats/{id}: the owner deletes the chat with its messages; the action cannot be undone. */
export const deleteChat = async (auth: AuthContext, ref: number | string): Promise<{ ok: true }> => {
  for (let attempt = 0; ; attempt++) {
    const { chat, members } = await requireOwnership(auth, ref);
    if ((await deleteChatItems(chat, members)) === 'stale') {
      if (attempt < STALE_RETRIES) continue;
      throw new AppError('ERR_VALIDATION', 'The chat changed meanwhile; reload and try again');
    }
    await Promise.all(members.map((m) => addUnreadTotal(auth.companyId, m.userId, -m.unreads)));
    await purgeChatPartition(auth.companyId, chat.id);
    await domainEvents.emit({
      name: 'chat.deleted',
      companyId: auth.companyId,
      chatId: chat.id,
      memberIds: members.map((m) => m.userId),
    });
    return { ok: true };
  }
};

/** GET /chats/{id}/messages: newest first, by page number or after the cursor of the page before. */
export const listMessages = async (auth: AuthContext, ref: number | string, query: { pageNumber: number; cursor?: string }) => {
  const { chat } = await requireMembership(auth, ref);
  const scope = { list: 'chats.messages', companyId: auth.companyId, filters: { chatId: chat.id } };
  const startKey = await decodeCursor(query.cursor, scope, isKeyRecord);
  if (startKey && startKey.pk !== chatPk(auth.companyId, chat.id)) {
    throw new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });
  }
  const page = await queryMessages(auth.companyId, chat.id, {
    take: CHAT_MESSAGES_PAGE_SIZE,
    skip: startKey ? 0 : (query.pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE,
    startKey,
  });
  return {
    records: await Promise.all(page.records.map(presentMessage)),
    hasMore: page.hasMore,
    nextCursor: page.lastKey ? await encodeCursor(page.lastKey, scope) : null,
  };
};

/** POST /chats/{id}/messages: a member posts; the others' counters grow by one, the sender's drops to 0. */
export const sendMessage = async (auth: AuthContext, ref: number | string, body: SendChatMessageBody): Promise<ChatMessage> => {
  const { chat, members } = await requireMembership(auth, ref);
  if (body.media) {
    if (!body.media.key.startsWith(chatMediaPrefix(auth.companyId, chat.id))) {
      throw new AppError('ERR_VALIDATION', 'Unknown upload', { fields: [{ path: 'body.media.key', message: 'Unknown upload' }] });
    }
    if ((await blobStore().size(body.media.key)) === undefined) {
      throw new AppError('ERR_VALIDATION', 'The file was not uploaded', {
        fields: [{ path: 'body.media.key', message: 'Not uploaded' }],
      });
    }
  }
  const at = now();
  const text = body.message.trim();
  const record: ChatMessageRecord = {
    companyId: auth.companyId,
    chatId: chat.id,
    ulid: ids.ulid(),
    senderId: auth.userId,
    senderName: auth.user.name,
    message: text,
    mediaKey: body.media?.key ?? null,
    mediaName: body.media?.name ?? null,
    mediaType: body.media?.mimeType ?? null,
    edited: false,
    createdAt: at,
    updatedAt: at,
  };
  await putMessage(record);
  const lastMessage = `${auth.user.name}: ${text || record.mediaName}`;
  if (!(await touchChat(auth.companyId, chat.id, lastMessage, at))) {
    await deleteMessageItem(record);
    throw notFound();
  }
  await Promise.all(members.map((m) => countPost(auth.companyId, chat.id, m.userId, m.userId === auth.userId, at)));
  const newMessage = await presentMessage(record);
  const out = await currentChat(auth.companyId, chat.id);
  if (out) await domainEvents.emit({ name: 'chatMessage.created', companyId: auth.companyId, message: newMessage, chat: out });
  return newMessage;
};

/** POST /chats/{id}/read: the caller has read everything in the chat. */
export const readChat = async (auth: AuthContext, ref: number | string): Promise<Chat> => {
  const { chat } = await requireMembership(auth, ref);
  if (!(await markMemberRead(auth.companyId, chat.id, auth.userId))) throw notFound();
  const out = await currentChat(auth.companyId, chat.id);
  if (!out) throw notFound();
  await domainEvents.emit({ name: 'chat.read', companyId: auth.companyId, chat: out });
  return out;
};

/**
 * POST /chats/upload: where a member's attachment goes. The HTTP API carries JSON only, so the file travels to the
 * blob store through the signed address answered here, as ticket attachments do; the post names its key.
 */
export const uploadUrl = async (auth: AuthContext, file: { chatId: number; name: string; mimeType: string; size: number }) => {
  const { chat } = await requireMembership(auth, file.chatId);
  const key = `${chatMediaPrefix(auth.companyId, chat.id)}${storedFileName(file.name)}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  return { key, uploadUrl: target.url, headers: target.headers };
};

/** A message of a chat the caller is in, written by the caller; others' messages are read-only (403). */
const requireOwnMessage = async (auth: AuthContext, messageId: string) => {
  const ref = parseChatMessageId(messageId);
  if (!ref) throw notFound();
  const { chat } = await requireMembership(auth, ref.chatId);
  const message = await getMessage(auth.companyId, chat.id, ref.ulid);
  if (!message) throw notFound();
  if (message.senderId !== auth.userId) throw new AppError('ERR_NO_PERMISSION', 'Only the sender may change or delete a message');
  return message;
};

export const editMessage = async (auth: AuthContext, messageId: string, body: { message: string }): Promise<ChatMessage> => {
  const before = await requireOwnMessage(auth, messageId);
  const after = await updateMessageText(before, body.message, now());
  if (!after) throw notFound();
  const message = await presentMessage(after);
  const chat = await currentChat(auth.companyId, before.chatId);
  if (chat) await domainEvents.emit({ name: 'chatMessage.updated', companyId: auth.companyId, message, chat });
  return message;
};

export const deleteMessage = async (auth: AuthContext, messageId: string): Promise<{ ok: true }> => {
  const record = await requireOwnMessage(auth, messageId);
  if (!(await deleteMessageItem(record))) throw notFound();
  const chat = await currentChat(auth.companyId, record.chatId);
  if (chat)
    await domainEvents.emit({
      name: 'chatMessage.deleted',
      companyId: auth.companyId,
      message: await presentMessage(record),
      chat,
    });
  return { ok: true };
};
