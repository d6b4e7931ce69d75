/** All table access of file lists (access patterns in file-list.entity.ts). */
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { fileListByNamePk, fileListKey, nameKeyOf, toFileListItem, type FileListItem, type FileListRecord } from './file-list.entity.ts';

const strip = (item: FileListItem): FileListRecord => {
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g, gsi1sk: _s, ...record } = item;
  return record;
};

export const getFileList = async (companyId: number, id: number): Promise<FileListRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: fileListKey(companyId, id), ConsistentRead: true }));
  const item = out.Item as FileListItem | undefined;
  return item && item.companyId === companyId ? strip(item) : undefined;
};

export const getFileLists = async (companyId: number, ids: number[]): Promise<FileListRecord[]> => {
  const unique = [...new Set(ids)];
  const found: FileListRecord[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    const out = await table().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: unique.slice(i, i + 100).map((id) => fileListKey(companyId, id)) } } }),
    );
    found.push(...((out.Responses?.[tableName()] ?? []) as FileListItem[]).filter((i) => i.companyId === companyId).map(strip));
  }
  return found;
};

/**
 * Lists in name order whose name starts with `prefix`, skipping `skip` and answering at most `take` (one Query on the
 * name index; it reads what it skips and returns, never the rest of the company).
 */
export const queryFileLists = async (
  companyId: number,
  options: { prefix?: string; skip: number; take: number },
): Promise<{ records: FileListRecord[]; hasMore: boolean }> => {
  const wanted = options.skip + options.take + 1;
  const found: FileListRecord[] = [];
  const prefix = nameKeyOf(options.prefix ?? '');
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await table().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': fileListByNamePk(companyId), ...(prefix ? { ':prefix': prefix } : {}) },
        Limit: wanted - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => strip(i as FileListItem)).filter((r) => r.companyId === companyId));
    start = out.LastEvaluatedKey;
  } while (start && found.length < wanted);
  return { records: found.slice(options.skip, options.skip + options.take), hasMore: found.length > options.skip + options.take };
};

export const insertFileList = async (record: FileListRecord): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: toFileListItem(record), ConditionExpression: 'attribute_not_exists(pk)' }));
};

/** Replaces the list read at `before.rev`; 'stale' when someone wrote it meanwhile. */
export const replaceFileList = async (before: FileListRecord, after: FileListRecord): Promise<'ok' | 'stale'> => {
  try {
    await table().send(
      new PutCommand({ TableName: tableName(), Item: toFileListItem(after), ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': before.rev } }),
    );
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};

export const deleteFileListRecord = async (record: FileListRecord): Promise<'ok' | 'stale'> => {
  try {
    await table().send(
      new DeleteCommand({ TableName: tableName(), Key: fileListKey(record.companyId, record.id), ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': record.rev } }),
    );
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};
