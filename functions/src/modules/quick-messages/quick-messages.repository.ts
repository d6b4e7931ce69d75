/** All table access of quick replies. */
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  quickMessageByShortcodePk,
  quickMessageKey,
  shortcodeMarkerItem,
  shortcodeMarkerKey,
  shortcodeOf,
  toQuickMessageItem,
  type QuickMessageItem,
  type QuickMessageRecord,
} from './quick-message.entity.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const strip = (item: QuickMessageItem): QuickMessageRecord => {
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g, gsi1sk: _s, ...record } = item;
  return record;
};

export const getQuickMessage = async (companyId: number, id: number): Promise<QuickMessageRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: quickMessageKey(companyId, id), ConsistentRead: true }),
  );
  const item = out.Item as QuickMessageItem | undefined;
  return item && item.companyId === companyId ? strip(item) : undefined;
};

export const shortcodeTaken = async (companyId: number, shortcode: string): Promise<boolean> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: shortcodeMarkerKey(companyId, shortcode) }));
  return out.Item !== undefined;
};

/**
 * Replies in shortcode order whose shortcode starts with `prefix`, skipping `skip` of them and answering at most
 * `take` (one Query on the shortcode index; it reads what it skips and returns, never the rest of the company).
 * `visibleTo` keeps only the caller's own replies and the shared active ones (the picker).
 */
export const queryQuickMessages = async (
  companyId: number,
  options: { prefix?: string; skip: number; take: number; visibleTo?: number },
): Promise<{ records: QuickMessageRecord[]; hasMore: boolean }> => {
  const wanted = options.skip + options.take + 1;
  const found: QuickMessageRecord[] = [];
  let start: Record<string, unknown> | undefined;
  const prefix = shortcodeOf(options.prefix ?? '');
  do {
    const out: QueryCommandOutput = await table().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
        ...(options.visibleTo !== undefined ? { FilterExpression: 'userId = :me OR (geral = :yes AND visao = :yes)' } : {}),
        ExpressionAttributeValues: {
          ':pk': quickMessageByShortcodePk(companyId),
          ...(prefix ? { ':prefix': prefix } : {}),
          ...(options.visibleTo !== undefined ? { ':me': options.visibleTo, ':yes': true } : {}),
        },
        Limit: wanted - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => strip(i as QuickMessageItem)).filter((r) => r.companyId === companyId));
    start = out.LastEvaluatedKey;
  } while (start && found.length < wanted);
  return { records: found.slice(options.skip, options.skip + options.take), hasMore: found.length > options.skip + options.take };
};

/** Writes the reply with its shortcode marker; 'duplicate' (nothing written) when the company has the shortcode. */
export const insertQuickMessage = async (record: QuickMessageRecord): Promise<'created' | 'duplicate'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: shortcodeMarkerItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: toQuickMessageItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 0) return 'duplicate';
    throw error;
  }
};

/**
 * Replaces the reply read at `before.rev`, moving its shortcode marker when the shortcode changed.
 * 'duplicate' when the new shortcode belongs to another reply, 'stale' when someone wrote it meanwhile.
 */
export const replaceQuickMessage = async (
  before: QuickMessageRecord,
  after: QuickMessageRecord,
): Promise<'ok' | 'duplicate' | 'stale'> => {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: toQuickMessageItem(after),
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': before.rev },
      },
    },
  ];
  const moved = shortcodeOf(before.shortcode) !== shortcodeOf(after.shortcode);
  if (moved) {
    items.push({
      Put: { TableName: tableName(), Item: shortcodeMarkerItem(after), ConditionExpression: 'attribute_not_exists(pk)' },
    });
    items.push({ Delete: { TableName: tableName(), Key: shortcodeMarkerKey(before.companyId, before.shortcode) } });
  }
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return moved && failedTransactionItem(error) === 1 ? 'duplicate' : 'stale';
  }
};

/** Deletes the reply read at `record.rev` with its shortcode marker; 'stale' when it changed meanwhile. */
export const deleteQuickMessage = async (record: QuickMessageRecord): Promise<'ok' | 'stale'> => {
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: quickMessageKey(record.companyId, record.id),
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': record.rev },
            },
          },
          { Delete: { TableName: tableName(), Key: shortcodeMarkerKey(record.companyId, record.shortcode) } },
        ],
      }),
    );
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};
