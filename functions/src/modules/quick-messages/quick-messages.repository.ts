/** All table access of quick replies. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import {
  deleteItem,
  putItem,
  putNewMarker,
  transactClaimingMarker,
  transactUnlessStale,
} from '../../platform/table/guarded-writes.ts';
import { byIndexPrefix, queryPage } from '../../platform/table/paging.ts';
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
import { strip } from '../../platform/table/strip.ts';

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
  const all = byIndexPrefix(quickMessageByShortcodePk(companyId), shortcodeOf(options.prefix ?? ''));
  const query =
    options.visibleTo === undefined
      ? all
      : {
          ...all,
          FilterExpression: 'userId = :me OR (geral = :yes AND visao = :yes)',
          ExpressionAttributeValues: { ...all.ExpressionAttributeValues, ':me': options.visibleTo, ':yes': true },
        };
  return queryPage(query, options, (i: QuickMessageItem) => {
    const record = strip(i);
    return record.companyId === companyId ? record : undefined;
  });
};

/** Writes the reply with its shortcode marker; 'duplicate' (nothing written) when the company has the shortcode. */
export const insertQuickMessage = async (record: QuickMessageRecord): Promise<'created' | 'duplicate'> => {
  const written = await transactClaimingMarker(
    [putNewMarker(shortcodeMarkerItem(record)), putNewMarker(toQuickMessageItem(record))],
    0,
  );
  if (written === 'stale') throw new Error(`Quick reply ${record.id} of company ${record.companyId} exists already`);
  return written === 'ok' ? 'created' : 'duplicate';
};

/**
 * Replaces the reply read at `before.rev`, moving its shortcode marker when the shortcode changed.
 * 'duplicate' when the new shortcode belongs to another reply, 'stale' when someone wrote it meanwhile.
 */
export const replaceQuickMessage = async (
  before: QuickMessageRecord,
  after: QuickMessageRecord,
): Promise<'ok' | 'duplicate' | 'stale'> => {
  const moved = shortcodeOf(before.shortcode) !== shortcodeOf(after.shortcode);
  const items = [putItem(toQuickMessageItem(after), before.rev)];
  if (moved)
    items.push(putNewMarker(shortcodeMarkerItem(after)), deleteItem(shortcodeMarkerKey(before.companyId, before.shortcode)));
  return transactClaimingMarker(items, moved ? 1 : undefined);
};

/** Deletes the reply read at `record.rev` with its shortcode marker; 'stale' when it changed meanwhile. */
export const deleteQuickMessage = (record: QuickMessageRecord): Promise<'ok' | 'stale'> =>
  transactUnlessStale([
    deleteItem(quickMessageKey(record.companyId, record.id), record.rev),
    deleteItem(shortcodeMarkerKey(record.companyId, record.shortcode)),
  ]);
