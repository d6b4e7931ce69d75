/** All table access of internal chats. */
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  deleteExisting,
  deleteItem,
  transactUnlessStaleOrCollided,
  updateUnlessConditionFails,
} from '../../platform/table/guarded-writes.ts';
import {
  chatKey,
  chatPk,
  chatUuidKey,
  memberKey,
  messageKey,
  toChatItem,
  toMemberItem,
  toMessageItem,
  toUuidMarkerItem,
  unreadTotalKey,
  userChatsPk,
  userChatsSk,
  type ChatMemberRecord,
  type ChatMessageRecord,
  type ChatRecord,
} from './chat.entity.ts';
import { strip, stripWith } from '../../platform/table/strip.ts';
import { queryAll, queryPage, queryPages } from '../../platform/table/paging.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
type Item = Record<string, unknown>;

// lastMessageAt orders the chat list and stays on the item
const stripChat = (item: Item): ChatRecord => stripWith('lastMessageAt')(item) as unknown as ChatRecord;
const stripMember = (item: Item): ChatMemberRecord => ({
  companyId: item.companyId as number,
  chatId: item.chatId as number,
  userId: item.userId as number,
  unreads: Number(item.unreads ?? 0),
});
const stripMessage = (item: Item): ChatMessageRecord => strip(item) as unknown as ChatMessageRecord;

export const getChat = async (companyId: number, chatId: number): Promise<ChatRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: chatKey(companyId, chatId), ConsistentRead: true }),
  );
  return out.Item && out.Item.companyId === companyId ? stripChat(out.Item) : undefined;
};

export const chatIdOfUuid = async (companyId: number, uuid: string): Promise<number | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: chatUuidKey(companyId, uuid) }));
  return out.Item && out.Item.companyId === companyId ? (out.Item.chatId as number) : undefined;
};

/** The chat, its uuid marker and its members, written together. */
export const insertChat = async (chat: ChatRecord, members: ChatMemberRecord[]): Promise<void> => {
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: toChatItem(chat), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: toUuidMarkerItem(chat), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...members.map((m): TransactItem => ({
          Put: { TableName: tableName(), Item: toMemberItem(m, chat), ConditionExpression: 'attribute_not_exists(pk)' },
        })),
      ],
    }),
  );
};

export const getMember = async (companyId: number, chatId: number, userId: number): Promise<ChatMemberRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: memberKey(companyId, chatId, userId), ConsistentRead: true }),
  );
  return out.Item && out.Item.companyId === companyId ? stripMember(out.Item) : undefined;
};

/** Every member of a chat with their unread counter (a chat has at most CHAT_MEMBERS_MAX). */
export const getMembers = async (companyId: number, chatId: number): Promise<ChatMemberRecord[]> => {
  const items = await queryAll<Item>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
    ExpressionAttributeValues: { ':pk': chatPk(companyId, chatId), ':member': 'MEMBER#' },
    ConsistentRead: true,
  });
  return items.filter((i) => i.companyId === companyId).map(stripMember);
};

const batchGet = async (keys: Record<string, string>[]): Promise<Item[]> => {
  const items: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    while (pending && pending.length) {
      const out: BatchGetCommandOutput = await table().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...(out.Responses?.[tableName()] ?? []));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return items;
};

/** The chats and all their members' counters, in two batch reads whatever the number of chats on the page. */
export const getChatsWithMembers = async (
  companyId: number,
  chatIds: number[],
): Promise<{ chats: ChatRecord[]; members: ChatMemberRecord[] }> => {
  if (chatIds.length === 0) return { chats: [], members: [] };
  const chats = (await batchGet(chatIds.map((id) => chatKey(companyId, id))))
    .filter((i) => i.companyId === companyId)
    .map(stripChat);
  const memberKeys = chats.flatMap((c) => c.members.map((m) => memberKey(companyId, c.id, m.id)));
  const members = (await batchGet(memberKeys)).filter((i) => i.companyId === companyId).map(stripMember);
  return { chats, members };
};

/**
 * The chat ids of a user, most recently active first, skipping `skip` and answering at most `take` (one Query on
 * the user's chats, reading what it skips and returns); `search` keeps titles that contain it.
 */
export const queryUserChatIds = async (
  companyId: number,
  userId: number,
  options: { skip: number; take: number; search?: string },
): Promise<{ chatIds: number[]; hasMore: boolean }> => {
  const search = options.search?.trim().toLowerCase();
  const page = await queryPage(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(search ? { FilterExpression: 'contains(titleLower, :q)' } : {}),
      ExpressionAttributeValues: { ':pk': userChatsPk(companyId, userId), ...(search ? { ':q': search } : {}) },
      ScanIndexForward: false,
    },
    { skip: options.skip, take: options.take },
    (i: Item) => (i.companyId === companyId ? (i.chatId as number) : undefined),
  );
  return { chatIds: page.records, hasMore: page.hasMore };
};

/**
 * Rewrites the chat read at `before.rev` and its membership: added members start with nothing unread, removed
 * ones go (each only if their counter is still what was read, so their unread total can be corrected exactly),
 * kept ones get the new title for the search. 'stale' when anything changed meanwhile.
 */
export const replaceChat = async (
  before: ChatRecord,
  after: ChatRecord,
  change: { added: number[]; removed: ChatMemberRecord[]; kept: number[] },
): Promise<'ok' | 'stale'> => {
  const { companyId, id } = after;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: toChatItem(after),
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': before.rev },
      },
    },
    ...change.added.map((userId): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: toMemberItem({ companyId, chatId: id, userId, unreads: 0 }, after),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    ...change.removed.map((m): TransactItem => ({
      Delete: {
        TableName: tableName(),
        Key: memberKey(companyId, id, m.userId),
        ConditionExpression: 'unreads = :unreads',
        ExpressionAttributeValues: { ':unreads': m.unreads },
      },
    })),
    ...change.kept.map((userId): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: memberKey(companyId, id, userId),
        UpdateExpression: 'SET titleLower = :title',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':title': after.title.toLowerCase() },
      },
    })),
  ];
  return transactUnlessStaleOrCollided(items);
};

/** Deletes the chat, its marker and its members (each at the counter read); 'stale' when anything changed meanwhile. */
export const deleteChatItems = async (chat: ChatRecord, members: ChatMemberRecord[]): Promise<'ok' | 'stale'> => {
  return transactUnlessStaleOrCollided([
    deleteItem(chatKey(chat.companyId, chat.id), chat.rev),
    deleteItem(chatUuidKey(chat.companyId, chat.uuid)),
    ...members.map((m): TransactItem => ({
      Delete: {
        TableName: tableName(),
        Key: memberKey(chat.companyId, chat.id, m.userId),
        ConditionExpression: 'unreads = :unreads',
        ExpressionAttributeValues: { ':unreads': m.unreads },
      },
    })),
  ]);
};

/** Deletes what is left in a deleted chat's partition (its messages), page by page. */
export const purgeChatPartition = async (companyId: number, chatId: number): Promise<void> => {
  const pages = queryPages<Item>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': chatPk(companyId, chatId) },
      ProjectionExpression: 'pk, sk',
    },
    { limit: 25 },
  );
  for await (const page of pages) {
    let pending: Record<string, unknown>[] | undefined = page.items.map((k) => ({
      DeleteRequest: { Key: { pk: k.pk, sk: k.sk } },
    }));
    while (pending && pending.length) {
      const res = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
      pending = res.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
    }
  }
};

/** Records a post on the chat (last message, activity, rev); false when the chat is gone. */
export const touchChat = async (companyId: number, chatId: number, lastMessage: string, at: string): Promise<boolean> => {
  try {
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chatKey(companyId, chatId),
        // concurrent posts: the newest one's text stays (a post that lost the race leaves lastMessage alone)
        UpdateExpression: 'SET lastMessage = :lm, lastMessageAt = :at, updatedAt = :at ADD rev :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastMessageAt) OR lastMessageAt <= :at)',
        ExpressionAttributeValues: { ':lm': lastMessage, ':at': at, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return (await getChat(companyId, chatId)) !== undefined;
  }
};

/**
 * One post as a member's counter sees it: the sender's drops to 0 and the others' grow by one, atomically on each
 * member item (concurrent posts never lose a count); the user's unread total moves by the same amount.
 * A member removed meanwhile is left alone.
 */
export const countPost = async (
  companyId: number,
  chatId: number,
  userId: number,
  isSender: boolean,
  at: string,
): Promise<void> => {
  let delta: number;
  try {
    const out = await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(companyId, chatId, userId),
        UpdateExpression: isSender ? 'SET unreads = :zero, gsi1sk = :sk' : 'SET gsi1sk = :sk ADD unreads :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':sk': userChatsSk(at, chatId), ...(isSender ? { ':zero': 0 } : { ':one': 1 }) },
        ReturnValues: isSender ? 'UPDATED_OLD' : 'NONE',
      }),
    );
    delta = isSender ? -Number(out.Attributes?.unreads ?? 0) : 1;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return;
    throw error;
  }
  await addUnreadTotal(companyId, userId, delta);
};

/** Sets a member's counter to 0 and takes what it held off their total; false when they are not a member. */
export const markMemberRead = async (companyId: number, chatId: number, userId: number): Promise<boolean> => {
  try {
    const out = await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(companyId, chatId, userId),
        UpdateExpression: 'SET unreads = :zero',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    await addUnreadTotal(companyId, userId, -Number(out.Attributes?.unreads ?? 0));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

export const addUnreadTotal = async (companyId: number, userId: number, delta: number): Promise<void> => {
  if (delta === 0) return;
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: unreadTotalKey(companyId, userId),
      UpdateExpression: 'ADD #count :delta SET #type = :type, companyId = :cid',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':delta': delta, ':type': 'chatUnreadTotal', ':cid': companyId },
    }),
  );
};

export const getUnreadTotal = async (companyId: number, userId: number): Promise<number> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: unreadTotalKey(companyId, userId), ConsistentRead: true }),
  );
  return Math.max(0, Number(out.Item?.count ?? 0));
};

export const putMessage = async (record: ChatMessageRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: toMessageItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

export const getMessage = async (companyId: number, chatId: number, ulid: string): Promise<ChatMessageRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: messageKey(companyId, chatId, ulid), ConsistentRead: true }),
  );
  return out.Item && out.Item.companyId === companyId ? stripMessage(out.Item) : undefined;
};

/** Rewrites a message's text; false when it is gone. */
export const updateMessageText = async (
  record: ChatMessageRecord,
  message: string,
  at: string,
): Promise<ChatMessageRecord | undefined> => {
  const attributes = await updateUnlessConditionFails({
    Key: messageKey(record.companyId, record.chatId, record.ulid),
    UpdateExpression: 'SET message = :m, edited = :yes, updatedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':m': message, ':yes': true, ':at': at },
    ReturnValues: 'ALL_NEW',
  });
  return attributes && stripMessage(attributes);
};

export const deleteMessage = (record: ChatMessageRecord): Promise<boolean> =>
  deleteExisting(messageKey(record.companyId, record.chatId, record.ulid));

/**
 * A page of a chat's messages, newest first: after `startKey` when given (one page read), else skipping the
 * `skip` newest (the spec's pageNumber). One Query either way.
 */
export const queryMessages = async (
  companyId: number,
  chatId: number,
  options: { take: number; skip: number; startKey?: Record<string, string> },
): Promise<{ records: ChatMessageRecord[]; hasMore: boolean; lastKey: Record<string, string> | undefined }> => {
  const { records, hasMore } = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :msg)',
      ExpressionAttributeValues: { ':pk': chatPk(companyId, chatId), ':msg': 'MSG#' },
      ScanIndexForward: false,
    },
    { skip: options.skip, take: options.take, start: options.startKey },
    (i: Item) => (i.companyId === companyId ? stripMessage(i) : undefined),
  );
  const last = records.at(-1);
  return { records, hasMore, lastKey: hasMore && last ? messageKey(companyId, chatId, last.ulid) : undefined };
};
