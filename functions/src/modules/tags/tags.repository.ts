/** All table access of tags. */
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { TAG_SK_PREFIX, tagKey, tagNameMarkerKey, type TagItem, type TagNameMarkerItem, type TagRecord } from './tag.entity.ts';

const BATCH_GET_SIZE = 100;

const strip = (item: TagItem): TagRecord => {
  const { pk: _pk, sk: _sk, type: _t, ...record } = item;
  return record;
};

export const getTag = async (companyId: number, id: number): Promise<TagRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: tagKey(companyId, id) }));
  return out.Item ? strip(out.Item as TagItem) : undefined;
};

export const getTags = async (companyId: number, ids: number[]): Promise<Map<number, TagRecord>> => {
  const found = new Map<number, TagRecord>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + BATCH_GET_SIZE).map((id) => tagKey(companyId, id));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGet left keys unprocessed');
      const out: BatchGetCommandOutput = await table().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
      for (const item of out.Responses?.[tableName()] ?? []) {
        const record = strip(item as TagItem);
        if (record.companyId === companyId) found.set(record.id, record);
      }
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
};

/** Every tag of the company in id order (a company has few; one Query page after another). */
export const listTags = async (companyId: number): Promise<TagRecord[]> => {
  const found: TagRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': TAG_SK_PREFIX },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => strip(i as TagItem)));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
};

/** Writes the tag with its name marker; 'duplicate' (nothing written) when the company has that name already. */
export const insertTag = async (record: TagRecord): Promise<'created' | 'duplicate'> => {
  const item: TagItem = { ...tagKey(record.companyId, record.id), type: 'tag', ...record };
  const marker: TagNameMarkerItem = {
    ...tagNameMarkerKey(record.companyId, record.name),
    type: 'tagName',
    companyId: record.companyId,
    tagId: record.id,
  };
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) return 'duplicate';
    throw error;
  }
};

export const tagNameTaken = async (companyId: number, name: string): Promise<boolean> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: tagNameMarkerKey(companyId, name) }));
  return out.Item !== undefined;
};
