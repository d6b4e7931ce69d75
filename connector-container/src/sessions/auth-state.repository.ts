/** All table access of a session's auth state: credentials and signal keys, one item each (session.entity.ts). */
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../../functions/src/platform/table/client.ts';
import { queryPages } from '../../../functions/src/platform/table/paging.ts';
import { credsKey, KEY_PREFIX, sessionPk, signalKeyKey, type AuthValueItem } from './session.entity.ts';

const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;

const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** DynamoDB may leave part of a batch unprocessed under load: it is sent again after a short pause. */
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 1000)));

export const readCreds = async (companyId: number, connectionId: number): Promise<string | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: credsKey(companyId, connectionId), ConsistentRead: true }),
  );
  return (out.Item as AuthValueItem | undefined)?.value;
};

export const writeCreds = async (companyId: number, connectionId: number, value: string): Promise<void> => {
  const item: AuthValueItem = { ...credsKey(companyId, connectionId), type: 'waAuth', value };
  await table().send(new PutCommand({ TableName: tableName(), Item: item }));
};

/** The stored values of the given keys of one type, by id (missing ones absent). */
export const readKeys = async (
  companyId: number,
  connectionId: number,
  type: string,
  ids: string[],
): Promise<Map<string, string>> => {
  const found = new Map<string, string>();
  const prefix = `${KEY_PREFIX}${type}#`;
  for (const part of chunks([...new Set(ids)], BATCH_GET_MAX)) {
    let keys: Record<string, unknown>[] | undefined = part.map((id) => signalKeyKey(companyId, connectionId, type, id));
    for (let attempt = 0; keys?.length; attempt++) {
      if (attempt) await pause(attempt);
      const out = await table().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of (out.Responses?.[tableName()] ?? []) as AuthValueItem[])
        found.set(item.sk.slice(prefix.length), item.value);
      keys = out.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
};

export interface KeyWrite {
  type: string;
  id: string;
  /** undefined deletes the key */
  value?: string;
}

/** Writes and deletes keys in batches; the last write of one key in `writes` wins. */
export const writeKeys = async (companyId: number, connectionId: number, writes: KeyWrite[]): Promise<void> => {
  const last = new Map<string, KeyWrite>();
  for (const w of writes) last.set(`${w.type}#${w.id}`, w);
  const requests = [...last.values()].map((w) => {
    const key = signalKeyKey(companyId, connectionId, w.type, w.id);
    return w.value === undefined
      ? { DeleteRequest: { Key: key } }
      : { PutRequest: { Item: { ...key, type: 'waAuth', value: w.value } satisfies AuthValueItem } };
  });
  await batchWrite(requests);
};

type WriteRequest = { DeleteRequest: { Key: Record<string, unknown> } } | { PutRequest: { Item: Record<string, unknown> } };

const batchWrite = async (requests: WriteRequest[]): Promise<void> => {
  for (const part of chunks(requests, BATCH_WRITE_MAX)) {
    let pending: WriteRequest[] | undefined = part;
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt) await pause(attempt);
      const out = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = out.UnprocessedItems?.[tableName()] as WriteRequest[] | undefined;
    }
  }
};

/** Forgets a session's pairing: its credentials and every signal key. */
export const clearAuth = async (companyId: number, connectionId: number): Promise<void> => {
  const keys = {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': sessionPk(companyId, connectionId), ':prefix': KEY_PREFIX },
    ProjectionExpression: 'pk, sk',
  };
  for await (const page of queryPages<{ pk: string; sk: string }>(keys))
    await batchWrite(page.items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })));
  await table().send(new DeleteCommand({ TableName: tableName(), Key: credsKey(companyId, connectionId) }));
};
