/**
 * Internal chat between a company's users (spec document 3: "Internal chat (/chats and /chats/{uuid})", entities
 * "Chat" and "Chat message", sections 4 to 9; server reference 11 for the live frames).
 */
import { z } from 'zod';
import { idParam } from './common.ts';
import { MESSAGE_MEDIA_MAX_BYTES, storedUploadKey, uploadBody } from './uploads.ts';

/** Chats per page of GET /chats (pageNumber counts from 1). */
export const CHAT_LIST_PAGE_SIZE = 20;
/** Messages per page of GET /chats/{id}/messages, newest first. */
export const CHAT_MESSAGES_PAGE_SIZE = 20;
/** Spec document 3 section 9: the message list loads older messages when scrolled under 600 px from the top. */
export const CHAT_LOAD_MORE_TOP_PX = 600;
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 4096;
/** Members of one chat, the owner included: every post updates each member's counter. */
export const CHAT_MEMBERS_MAX = 50;

export const chatMember = z.object({
  userId: z.number().int(),
  /** messages of the chat this member has not read */
  unreads: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
});
export type ChatMember = z.infer<typeof chatMember>;

export const chat = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().int(),
  /** "<sender>: <text or file name>" of the newest message, empty before the first */
  lastMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  users: z.array(chatMember),
});
export type Chat = z.infer<typeof chat>;

export const chatMessage = z.object({
  /** `<chatId>-<ulid>`: sortable by time within its chat */
  id: z.string(),
  chatId: z.number().int(),
  senderId: z.number().int(),
  sender: z.object({ id: z.number().int(), name: z.string() }),
  message: z.string(),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** a signed address to read the attached file */
  mediaUrl: z.string().nullable(),
  edited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const title = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(CHAT_TITLE_MAX, `At most ${CHAT_TITLE_MAX} characters`);

/** The members chosen in the dialog (the caller joins as owner); spec section 5: at least one user. */
const users = z
  .array(z.object({ id: z.number().int().positive() }), { error: 'Required' })
  .min(1, 'Choose at least one user')
  .max(CHAT_MEMBERS_MAX - 1, `At most ${CHAT_MEMBERS_MAX - 1} users`);

export const chatBody = z.object({ title, users });
export type ChatBody = z.infer<typeof chatBody>;

/** A chat is named by its number or by its uuid (the address /chats/{uuid} of the web app). */
export const chatRefParams = z.object({ id: z.union([idParam, z.uuid()]) });
export const chatIdParams = z.object({ id: idParam });

export const chatListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const chatListResponse = z.object({
  records: z.array(chat),
  hasMore: z.boolean(),
  /** the caller's unread messages over all their chats (the top bar's count, the menu's dot) */
  unreadCount: z.number().int(),
});

export const chatMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
  /** continues after the last page read (`nextCursor`), costing one page whatever the depth */
  cursor: z.string().max(1024).optional(),
});
export const chatMessagesResponse = z.object({
  records: z.array(chatMessage),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

/** A file uploaded through POST /chats/upload, named by the key it answered. */
const media = uploadBody({ style: 'attachment', use: 'message', extra: { key: storedUploadKey } });

export const sendChatMessageBody = z
  .object({ message: z.string().max(CHAT_MESSAGE_MAX).default(''), media: media.optional() })
  .refine((v) => v.message.trim().length > 0 || v.media !== undefined, { message: 'Empty message', path: ['message'] });
export type SendChatMessageBody = z.infer<typeof sendChatMessageBody>;

export const chatUploadBody = uploadBody({
  style: 'attachment',
  use: 'message',
  maxBytes: MESSAGE_MEDIA_MAX_BYTES,
  extra: { chatId: z.number().int().positive() },
});
export const chatUploadResponse = z.object({ key: z.string(), uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });

export const chatMessageIdParams = z.object({
  messageId: z.string().regex(/^\d{1,10}-[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown message'),
});
export const editChatMessageBody = z.object({ message: z.string().trim().min(1, 'Required').max(CHAT_MESSAGE_MAX) });

/**
 * The live frames (server reference 11), each sent only to the chat's members:
 * - `company-{id}-chat-user-{userId}`: the chat as that member now sees it, created or changed;
 * - `company-{id}-chat-{chatId}` and `company-{id}-chat`: a new, edited or deleted message, or the chat changed;
 * - `company-{id}-chat`: the chat was deleted (also told to a member who was removed from it).
 */
export type ChatUserEvent = { action: 'create' | 'update'; record: Chat };
export type ChatRoomEvent =
  | { action: 'new-message'; newMessage: ChatMessage; chat: Chat }
  | { action: 'edit-message'; message: ChatMessage; chat: Chat }
  | { action: 'delete-message'; message: ChatMessage; chat: Chat }
  | { action: 'update'; chat: Chat };
export type ChatCompanyEvent = ChatRoomEvent | { action: 'delete'; id: number };
