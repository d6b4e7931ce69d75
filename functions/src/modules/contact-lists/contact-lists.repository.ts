/** All table access of contact lists and their items (keys in contact-list.entity.ts). */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ContactListImport } from '@switchboard/shared/contracts/contact-lists';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld, okUnlessStale, updateUnlessConditionFails } from '../../platform/table/guarded-writes.ts';
import { byIndexPrefix, queryKeyPage, queryPage, type PageQuery } from '../../platform/table/paging.ts';
import {
  contactListKey,
  contactListsByNamePk,
  countersOf,
  importKey,
  itemKey,
  itemPointerItem,
  itemPointerKey,
  itemsByNamePk,
  itemsByNumberPk,
  listPartition,
  nameKeyOf,
  numberMarkerItem,
  numberMarkerKey,
  pendingItemsPk,
  toContactListItem,
  toImportItem,
  toItemItem,
  type ContactListItemRecord,
  type ContactListRecord,
  type ImportRecord,
} from './contact-list.entity.ts';
import { padId } from '../../platform/table/keys.ts';
import { strip } from '../../platform/table/strip.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
type Row = Record<string, unknown>;

const recordOf = <T>(item: Row): T => strip(item) as T;

// ----- lists -----

export const getContactList = async (companyId: number, id: number): Promise<ContactListRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: contactListKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item;
  return item && item.companyId === companyId ? recordOf<ContactListRecord>(item) : undefined;
};

/**
 * Lists in name order whose name starts with `prefix`, skipping `skip` and answering at most `take` (one Query on
 * the name index; it reads what it skips and returns, never the rest of the company).
 */
export const queryContactLists = async (
  companyId: number,
  options: { prefix?: string; skip: number; take: number },
): Promise<{ records: ContactListRecord[]; hasMore: boolean }> => {
  return skipTake<ContactListRecord>(
    companyId,
    byIndexPrefix(contactListsByNamePk(companyId), nameKeyOf(options.prefix ?? '')),
    options,
  );
};

/** A page of the query's records of this company. */
const skipTake = <T extends { companyId: number }>(companyId: number, query: PageQuery, page: { skip: number; take: number }) =>
  queryPage(query, page, (i: Row) => {
    const record = recordOf<T>(i);
    return record.companyId === companyId ? record : undefined;
  });

export const insertContactList = async (record: ContactListRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: toContactListItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/** Renames a list; its counters (moved by item writes meanwhile) are left as they are. undefined when it is gone. */
export const renameContactList = async (
  companyId: number,
  id: number,
  name: string,
  at: string,
): Promise<ContactListRecord | undefined> => {
  const attributes = await updateUnlessConditionFails({
    Key: contactListKey(companyId, id),
    UpdateExpression: 'SET #name = :name, gsi1sk = :sk, updatedAt = :at ADD rev :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':name': name, ':sk': `${nameKeyOf(name)}#${padId(id)}`, ':at': at, ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  return attributes && recordOf<ContactListRecord>(attributes);
};

/** Records the latest import's summary on the list; undefined when the list is gone. */
export const setLastImport = async (
  companyId: number,
  id: number,
  summary: ContactListImport,
  at: string,
): Promise<ContactListRecord | undefined> => {
  const attributes = await updateUnlessConditionFails({
    Key: contactListKey(companyId, id),
    UpdateExpression: 'SET lastImport = :summary, updatedAt = :at ADD rev :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':summary': summary, ':at': at, ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  return attributes && recordOf<ContactListRecord>(attributes);
};

/** Deletes the list item (its partition is purged apart); false when it was not there. */
export const deleteContactListRecord = async (companyId: number, id: number): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: contactListKey(companyId, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
};

/**
 * Deletes up to `size` records of a deleted list's partition (items with their pointers, number markers, imports);
 * answers whether more remain. Each call costs what it deletes.
 */
export const purgeListPartition = async (companyId: number, listId: number, size = 25): Promise<boolean> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': listPartition(companyId, listId) },
      ProjectionExpression: 'pk, sk, id, #type',
      ExpressionAttributeNames: { '#type': 'type' },
      Limit: Math.max(1, Math.floor(size / 2)),
    }),
  );
  const items = out.Items ?? [];
  if (items.length === 0) return false;
  const keys = items.flatMap((i) => [
    { pk: i.pk as string, sk: i.sk as string },
    ...(i.type === 'contactListItem' ? [itemPointerKey(companyId, Number(i.id))] : []),
  ]);
  for (let i = 0; i < keys.length; i += 25) {
    let pending: Row[] = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    while (pending.length) {
      const res = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (res.UnprocessedItems?.[tableName()] ?? []) as Row[];
    }
  }
  return out.LastEvaluatedKey !== undefined;
};

// ----- items -----

export const getItem = async (companyId: number, listId: number, id: number): Promise<ContactListItemRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(companyId, listId, id), ConsistentRead: true }),
  );
  const item = out.Item;
  return item && item.companyId === companyId ? recordOf<ContactListItemRecord>(item) : undefined;
};

/** The list an item id belongs to (its pointer), undefined when the company has no such item. */
export const listIdOfItem = async (companyId: number, id: number): Promise<number | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: itemPointerKey(companyId, id), ConsistentRead: true }),
  );
  return out.Item && out.Item.companyId === companyId ? Number(out.Item.contactListId) : undefined;
};

export const findItemByNumber = async (
  companyId: number,
  listId: number,
  number: string,
): Promise<ContactListItemRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: numberMarkerKey(companyId, listId, number), ConsistentRead: true }),
  );
  return out.Item ? getItem(companyId, listId, Number(out.Item.itemId)) : undefined;
};

/**
 * A list's items for the page: searched by number prefix when the search is digits (formatting ignored), else by
 * name prefix; in id order without a search. One Query on the list's partition or its search index.
 */
export const queryItems = async (
  companyId: number,
  listId: number,
  options: { search?: string; skip: number; take: number },
): Promise<{ records: ContactListItemRecord[]; hasMore: boolean }> => {
  const search = (options.search ?? '').trim();
  const digits = search.replace(/[\s()+\-.]/g, '');
  if (!search)
    return skipTake<ContactListItemRecord>(
      companyId,
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :i)',
        ExpressionAttributeValues: { ':pk': listPartition(companyId, listId), ':i': 'I#' },
      },
      options,
    );
  if (/^\d+$/.test(digits))
    return skipTake<ContactListItemRecord>(
      companyId,
      {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
        ExpressionAttributeValues: { ':pk': itemsByNumberPk(companyId, listId), ':prefix': digits },
      },
      options,
    );
  return skipTake<ContactListItemRecord>(companyId, byIndexPrefix(itemsByNamePk(companyId, listId), nameKeyOf(search)), options);
};

/** A page of a list's items in id order from where the page before stopped (one Query with a consistent read). */
export const pageItems = async (
  companyId: number,
  listId: number,
  start: Record<string, string> | undefined,
  limit: number,
): Promise<{ items: ContactListItemRecord[]; next?: Record<string, string> }> => {
  if (start && start.pk !== listPartition(companyId, listId)) return { items: [] };
  const page = await queryKeyPage<Row>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :i)',
      ExpressionAttributeValues: { ':pk': listPartition(companyId, listId), ':i': 'I#' },
      ConsistentRead: true,
    },
    { start, limit },
  );
  const items = page.items.map((i) => recordOf<ContactListItemRecord>(i));
  return { items, next: page.next as Record<string, string> | undefined };
};

/** Items of a list whose number is still to be checked (the sparse pending index), oldest first. */
export const pendingItems = async (companyId: number, listId: number, limit: number): Promise<ContactListItemRecord[]> => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': pendingItemsPk(companyId, listId) },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => recordOf<ContactListItemRecord>(i)).filter((r) => r.companyId === companyId);
};

const counterUpdate = (companyId: number, listId: number, delta: ReturnType<typeof countersOf>): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: contactListKey(companyId, listId),
    UpdateExpression: 'ADD contactsCount :c, validCount :v, pendingCount :p',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':c': delta.contactsCount, ':v': delta.validCount, ':p': delta.pendingCount },
  },
});

const deltaOf = (before: ContactListItemRecord | undefined, after: ContactListItemRecord | undefined) => {
  const a = countersOf(after);
  const b = countersOf(before);
  return {
    contactsCount: a.contactsCount - b.contactsCount,
    validCount: a.validCount - b.validCount,
    pendingCount: a.pendingCount - b.pendingCount,
  };
};
const moves = (d: ReturnType<typeof deltaOf>) => d.contactsCount !== 0 || d.validCount !== 0 || d.pendingCount !== 0;

/**
 * Writes an item with its number marker and pointer and counts it on its list. 'duplicate' when the list has the
 * number, 'no-list' when the list is gone; nothing is written then.
 */
export const insertItem = async (record: ContactListItemRecord): Promise<'created' | 'duplicate' | 'no-list'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: numberMarkerItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: toItemItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: itemPointerItem(record) } },
          counterUpdate(record.companyId, record.contactListId, deltaOf(undefined, record)),
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return failedTransactionItem(error) === 3 ? 'no-list' : 'duplicate';
  }
};

/**
 * Replaces the item read at `before.rev`, moving its number marker when the number changed and its list's counters
 * when its check state changed. 'duplicate' when the new number is another item's, 'stale' when it changed meanwhile.
 */
export const replaceItem = async (
  before: ContactListItemRecord,
  after: ContactListItemRecord,
): Promise<'ok' | 'duplicate' | 'stale'> => {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: toItemItem(after),
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': before.rev },
      },
    },
  ];
  const moved = before.number !== after.number;
  if (moved) {
    items.push({
      Put: { TableName: tableName(), Item: numberMarkerItem(after), ConditionExpression: 'attribute_not_exists(pk)' },
    });
    items.push({
      Delete: { TableName: tableName(), Key: numberMarkerKey(before.companyId, before.contactListId, before.number) },
    });
  }
  const delta = deltaOf(before, after);
  if (moves(delta)) items.push(counterUpdate(after.companyId, after.contactListId, delta));
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return moved && failedTransactionItem(error) === 1 ? 'duplicate' : 'stale';
  }
};

/** Deletes the item read at `record.rev` with its marker and pointer, uncounting it; 'stale' when it changed meanwhile. */
export const deleteItem = async (record: ContactListItemRecord): Promise<'ok' | 'stale'> => {
  return okUnlessStale(() =>
    table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: itemKey(record.companyId, record.contactListId, record.id),
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': record.rev },
            },
          },
          { Delete: { TableName: tableName(), Key: numberMarkerKey(record.companyId, record.contactListId, record.number) } },
          { Delete: { TableName: tableName(), Key: itemPointerKey(record.companyId, record.id) } },
          counterUpdate(record.companyId, record.contactListId, deltaOf(record, undefined)),
        ],
      }),
    ),
  );
};

// ----- imports -----

export const putImport = async (record: ImportRecord): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: toImportItem(record) }));
};

export const getImport = async (companyId: number, listId: number, id: string): Promise<ImportRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: importKey(companyId, listId, id), ConsistentRead: true }),
  );
  return out.Item && out.Item.companyId === companyId ? recordOf<ImportRecord>(out.Item) : undefined;
};

/** Moves an import from `from` to `to` status; false when it was not in `from` (another request or run took it). */
export const claimImport = async (record: ImportRecord, from: string, next: ImportRecord): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new PutCommand({
        TableName: tableName(),
        Item: toImportItem(next),
        ConditionExpression: 'attribute_exists(pk) AND summary.#status = :from AND nextRow = :row',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':from': from, ':row': record.nextRow },
      }),
    ),
  );
};
