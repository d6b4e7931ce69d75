/** All table access of file lists (access patterns in file-list.entity.ts). */
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteAtRev, replaceAtRev } from '../../platform/table/guarded-writes.ts';
import { byIndexPrefix, queryPage } from '../../platform/table/paging.ts';
import {
  fileListByNamePk,
  fileListKey,
  nameKeyOf,
  toFileListItem,
  type FileListItem,
  type FileListRecord,
} from './file-list.entity.ts';
import { strip } from '../../platform/table/strip.ts';

export const getFileList = async (companyId: number, id: number): Promise<FileListRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: fileListKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item as FileListItem | undefined;
  return item && item.companyId === companyId ? strip(item) : undefined;
};

export const getFileLists = async (companyId: number, ids: number[]): Promise<FileListRecord[]> => {
  const unique = [...new Set(ids)];
  const found: FileListRecord[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    const out = await table().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: unique.slice(i, i + 100).map((id) => fileListKey(companyId, id)) } },
      }),
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
): Promise<{ records: FileListRecord[]; hasMore: boolean }> =>
  queryPage(byIndexPrefix(fileListByNamePk(companyId), nameKeyOf(options.prefix ?? '')), options, (i: FileListItem) => {
    const record = strip(i);
    return record.companyId === companyId ? record : undefined;
  });

export const insertFileList = async (record: FileListRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: toFileListItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/** Replaces the list read at `before.rev`; 'stale' when someone wrote it meanwhile. */
export const replaceFileList = (before: FileListRecord, after: FileListRecord): Promise<'ok' | 'stale'> =>
  replaceAtRev(toFileListItem(after), before.rev);

export const deleteFileListRecord = (record: FileListRecord): Promise<'ok' | 'stale'> =>
  deleteAtRev(fileListKey(record.companyId, record.id), record.rev);
