/**
 * The contacts' table reads: a contact by id (one or many), the contact an identity marker points to, the company's
 * contact count, and pages of the name index, the search index items and a tag's memberships (keys in
 * contact.entity.ts). The writes that keep these items in step are in contacts.repository.ts.
 */
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import {
  contactByNamePk,
  contactCountKey,
  contactKey,
  identityMarkerKey,
  searchPk,
  tagMembersPk,
  type ContactItem,
  type ContactRecord,
  type IdentityMarkerItem,
  type Key,
  type SearchIndexItem,
} from './contact.entity.ts';
import { type Identity } from './contacts.repository.ts';
import { strip } from '../../platform/table/strip.ts';
import { queryKeyPage, queryPages } from '../../platform/table/paging.ts';

const BATCH_GET_SIZE = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A position in an index, as DynamoDB's LastEvaluatedKey: opaque to callers, carried in cursors. */
export type Position = Record<string, string>;

export const getContact = async (companyId: number, id: number): Promise<ContactRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: contactKey(companyId, id), ConsistentRead: true }),
  );
  return out.Item ? strip(out.Item as ContactItem) : undefined;
};

/**
 * The items of `keys`, one BatchGet per 100 keys; the keys DynamoDB leaves unprocessed are asked again with backoff.
 * Missing items are simply absent, in no particular order.
 */
const batchGet = async (keys: Key[], consistent: boolean): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + BATCH_GET_SIZE);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      const out: BatchGetCommandOutput = await table().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } } }),
      );
      items.push(...(out.Responses?.[tableName()] ?? []));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys;
      if (pending && pending.length > 0) {
        if (attempt >= 5) throw new Error('BatchGet left keys unprocessed');
        await sleep(25 * 2 ** attempt);
      }
    }
  }
  return items;
};

/** The contacts of `ids` that exist, by id. */
export const getContacts = async (companyId: number, ids: number[]): Promise<Map<number, ContactRecord>> => {
  const found = new Map<number, ContactRecord>();
  const items = await batchGet(
    [...new Set(ids)].map((id) => contactKey(companyId, id)),
    false,
  );
  for (const item of items) {
    const record = strip(item as ContactItem);
    if (record.companyId === companyId) found.set(record.id, record);
  }
  return found;
};

/**
 * The contact of the first of `candidates` that has one, read in one consistent BatchGet (BatchGet answers in no
 * order, so the candidates' order is applied to what it found).
 */
export const getFirstIdentityContactId = async (companyId: number, candidates: Identity[]): Promise<number | undefined> => {
  const keys = candidates.map((who) => identityMarkerKey(companyId, who.channel, who.identity));
  const unique = [...new Map(keys.map((k) => [`${k.pk}\n${k.sk}`, k])).values()];
  const found = new Map(
    (await batchGet(unique, true)).map((item) => [`${String(item.pk)}\n${String(item.sk)}`, Number(item.contactId)]),
  );
  return keys.map((k) => found.get(`${k.pk}\n${k.sk}`)).find((id) => id !== undefined);
};

export const getIdentityContactId = async (companyId: number, who: Identity): Promise<number | undefined> => {
  const out = await table().send(
    new GetCommand({
      TableName: tableName(),
      Key: identityMarkerKey(companyId, who.channel, who.identity),
      ConsistentRead: true,
    }),
  );
  return (out.Item as IdentityMarkerItem | undefined)?.contactId;
};

export const getContactCount = async (companyId: number): Promise<number> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: contactCountKey(companyId) }));
  return Math.max(0, Number(out.Item?.total ?? 0));
};

export interface IndexPage<T> {
  entries: { value: T; position: Position }[];
  /** where the next read starts; undefined at the end */
  next?: Position;
}

/** Contacts in name order (gsi1), `limit` of them from `start`. */
export const queryContactsByName = async (
  companyId: number,
  start: Position | undefined,
  limit: number,
  /** only names beginning with it (one-character searches) */
  prefix?: string,
): Promise<IndexPage<ContactRecord>> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': contactByNamePk(companyId), ...(prefix ? { ':prefix': prefix } : {}) },
    },
    { start, limit },
  );
  return {
    entries: out.items.map((item) => ({
      value: strip(item as ContactItem),
      position: { pk: item.pk, sk: item.sk, gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk } as Position,
    })),
    next: out.next as Position | undefined,
  };
};

/** Id and name in name order (pickers): the same index, reading only the two attributes. */
export const queryContactNames = async (
  companyId: number,
  start: Position | undefined,
  limit: number,
): Promise<IndexPage<{ id: number; name: string }>> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': contactByNamePk(companyId) },
      ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk, id, #name',
      ExpressionAttributeNames: { '#name': 'name' },
    },
    { start, limit },
  );
  return {
    entries: out.items.map((item) => ({
      value: { id: Number(item.id), name: String(item.name) },
      position: { pk: item.pk, sk: item.sk, gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk } as Position,
    })),
    next: out.next as Position | undefined,
  };
};

/**
 * Search index items whose token begins with `prefix` and whose name has a word beginning with each of
 * `others`; `limit` items are evaluated (DynamoDB applies the filter after the limit).
 */
export const querySearchIndex = async (
  companyId: number,
  prefix: string,
  others: string[],
  start: Position | undefined,
  limit: number,
): Promise<IndexPage<SearchIndexItem>> => {
  const filter = others.map((_, i) => `contains(words, :w${i})`).join(' AND ');
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(filter ? { FilterExpression: filter } : {}),
      ExpressionAttributeValues: {
        ':pk': searchPk(companyId, prefix),
        ':prefix': prefix,
        ...Object.fromEntries(others.map((t, i) => [`:w${i}`, ` ${t}`])),
      },
    },
    { start, limit },
  );
  return {
    entries: out.items.map((item) => ({
      value: item as SearchIndexItem,
      position: { pk: item.pk, sk: item.sk } as Position,
    })),
    next: out.next as Position | undefined,
  };
};

/** Contact ids of a tag in id order. */
export const queryTagMembers = async (
  companyId: number,
  tagId: number,
  start: Position | undefined,
  limit: number,
): Promise<IndexPage<number>> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :contact)',
      ExpressionAttributeValues: { ':pk': tagMembersPk(companyId, tagId), ':contact': 'CONTACT#' },
    },
    { start, limit },
  );
  return {
    entries: out.items.map((item) => ({
      value: Number(item.contactId),
      position: { pk: item.pk, sk: item.sk } as Position,
    })),
    next: out.next as Position | undefined,
  };
};

/**
 * How many contacts carry the tag, counted from its membership items page by page: for the one-off backfill of tag
 * counts only (a request reads the tag's contactCount instead).
 */
export const countTagMembers = async (companyId: number, tagId: number): Promise<number> => {
  let count = 0;
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :contact)',
    ExpressionAttributeValues: { ':pk': tagMembersPk(companyId, tagId), ':contact': 'CONTACT#' },
    Select: 'COUNT',
    ConsistentRead: true,
  }))
    count += page.count;
  return count;
};
