/**
 * Internal chat changes as the live frames of server reference 11, each only to the chat's members (a frame of a
 * chat never reaches anyone outside it):
 * - `company-{id}-chat-user-{userId}` `{action: create|update, record}` to that member, when a chat is made or changed;
 * - `company-{id}-chat-{chatId}` and `company-{id}-chat` `{action: new-message, newMessage, chat}`, `edit-message`,
 *   `delete-message` and `{action: update, chat}` (changed, or read by a member);
 * - `company-{id}-chat` `{action: delete, id}` when the chat is deleted, and to a member taken out of it.
 * A failed push is logged and never fails the change.
 * Registered by the Lambda entry whose code records these events (`registerChatRealtimeListener()`).
 */
import type { Chat, ChatCompanyEvent, ChatRoomEvent, ChatUserEvent } from '@switchboard/shared/contracts/chats';
import { channels, type DomainEvent } from '@switchboard/shared/events';
import { domainEvents } from '../platform/events/domain-events.ts';
import { logger } from '../platform/logger.ts';
import type { ConnectionRecord as SocketConnection } from '../platform/realtime/connection.entity.ts';
import { publish } from '../platform/realtime/publisher.ts';

const userIn =
  (userIds: readonly number[]) =>
  (c: SocketConnection): boolean =>
    c.kind === 'agent' && userIds.includes(c.userId);

const membersOf = (chat: Chat) => chat.users.map((u) => u.userId);

const safely = async (companyId: number, what: string, push: () => Promise<unknown>): Promise<void> => {
  try {
    await push();
  } catch (error) {
    logger.warn('chat event not published', { companyId, what, error: error as Error });
  }
};

/** The same frame on the chat's own channel and on the company's chat channel, to its members. */
const toRoom = (companyId: number, chat: Chat, data: ChatRoomEvent) =>
  Promise.all([
    publish(companyId, { event: channels.chatRoom(companyId, chat.id), data }, userIn(membersOf(chat))),
    publish(companyId, { event: channels.chat(companyId), data }, userIn(membersOf(chat))),
  ]);

/** Each member hears of the chat on their own channel. */
const toEachMember = (companyId: number, chat: Chat, action: ChatUserEvent['action']) =>
  Promise.all(
    membersOf(chat).map((userId) =>
      publish(
        companyId,
        { event: channels.chatUser(companyId, userId), data: { action, record: chat } satisfies ChatUserEvent },
        userIn([userId]),
      ),
    ),
  );

const onCreated = (e: DomainEvent<'chat.created'>) =>
  safely(e.companyId, e.name, () => toEachMember(e.companyId, e.chat, 'create'));

const onUpdated = (e: DomainEvent<'chat.updated'>) =>
  safely(e.companyId, e.name, async () => {
    await Promise.all([
      toEachMember(e.companyId, e.chat, 'update'),
      toRoom(e.companyId, e.chat, { action: 'update', chat: e.chat }),
    ]);
    const removed = e.removedUserIds ?? [];
    if (removed.length) {
      const data: ChatCompanyEvent = { action: 'delete', id: e.chat.id };
      await publish(e.companyId, { event: channels.chat(e.companyId), data }, userIn(removed));
    }
  });

const onRead = (e: DomainEvent<'chat.read'>) =>
  safely(e.companyId, e.name, () => toRoom(e.companyId, e.chat, { action: 'update', chat: e.chat }));

const onDeleted = (e: DomainEvent<'chat.deleted'>) =>
  safely(e.companyId, e.name, () => {
    const data: ChatCompanyEvent = { action: 'delete', id: e.chatId };
    return publish(e.companyId, { event: channels.chat(e.companyId), data }, userIn(e.memberIds));
  });

const onMessage = (e: DomainEvent<'chatMessage.created' | 'chatMessage.updated' | 'chatMessage.deleted'>) =>
  safely(e.companyId, e.name, () => {
    const data: ChatRoomEvent =
      e.name === 'chatMessage.created'
        ? { action: 'new-message', newMessage: e.message, chat: e.chat }
        : { action: e.name === 'chatMessage.updated' ? 'edit-message' : 'delete-message', message: e.message, chat: e.chat };
    return toRoom(e.companyId, e.chat, data);
  });

const ID = 'chat-realtime';

/** Subscribes the chat frames to the chat events; calling it again changes nothing. */
export const registerChatRealtimeListener = (): void => {
  domainEvents.on('chat.created', ID, onCreated);
  domainEvents.on('chat.updated', ID, onUpdated);
  domainEvents.on('chat.read', ID, onRead);
  domainEvents.on('chat.deleted', ID, onDeleted);
  domainEvents.on(['chatMessage.created', 'chatMessage.updated', 'chatMessage.deleted'], ID, onMessage);
};
