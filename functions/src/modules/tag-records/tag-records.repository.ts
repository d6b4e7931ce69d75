/** The table access of the tag item that the modules below the tags module need: its read by id and its contact count. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../platform/table/client.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { stripWith } from '../../platform/table/strip.ts';
import { tagKey, type TagItem, type TagRecord } from './tag.entity.ts';

// the contact count's bookkeeping stays on the item
export const stripTag = stripWith('memberChanges', 'contactsCounted');

/**
 * The transaction item that moves a tag's contactCount by `delta` (with a membership change in the same transaction).
 * Conditioned on the tag existing, so that a tag deleted meanwhile is never brought back as a bare counter: the
 * caller drops the item of a tag whose condition failed and tries again (tag.entity.ts). The contacts repository
 * joins it to every transaction that writes or deletes a membership, so the count moves atomically with it.
 */
export const tagContactCountUpdate = (companyId: number, tagId: number, delta: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: tagKey(companyId, tagId),
    UpdateExpression: 'ADD contactCount :delta, memberChanges :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':delta': delta, ':one': 1 },
  },
});

export const getTag = async (companyId: number, id: number): Promise<TagRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: tagKey(companyId, id) }));
  return out.Item ? stripTag(out.Item as TagItem) : undefined;
};
