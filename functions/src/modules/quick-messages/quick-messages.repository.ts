/** All table access of quick replies. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { markedRecordWrites } from '../../platform/table/guarded-writes.ts';
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

const quickMessageWrites = markedRecordWrites<QuickMessageRecord>({
  describe: (r) => `Quick reply ${r.id} of company ${r.companyId}`,
  item: toQuickMessageItem,
  key: (r) => quickMessageKey(r.companyId, r.id),
  marker: shortcodeMarkerItem,
  markerKey: (r) => shortcodeMarkerKey(r.companyId, r.shortcode),
  mark: (r) => shortcodeOf(r.shortcode),
});

/** Writes the reply with its shortcode marker; 'duplicate' (nothing written) when the company has the shortcode. */
export const insertQuickMessage = (record: QuickMessageRecord): Promise<'created' | 'duplicate'> =>
  quickMessageWrites.insert(record);

/**
 * Replaces the reply read at `before.rev`, moving its shortcode marker when the shortcode changed.
 * 'duplicate' when the new shortcode belongs to another reply, 'stale' when someone wrote it meanwhile.
 */
export const replaceQuickMessage = quickMessageWrites.replace;

/** Deletes the reply read at `record.rev` with its shortcode marker; 'stale' when it changed meanwhile. */
export const deleteQuickMessage = (record: QuickMessageRecord): Promise<'ok' | 'stale'> => quickMessageWrites.remove(record);
