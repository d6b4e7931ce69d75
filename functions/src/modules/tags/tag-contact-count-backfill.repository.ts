/**
 * A one-off count of the contacts of each tag stored before tags kept their contactCount (tag-records/tag.entity.ts). It lives
 * apart from the repository because it Scans the table (through the backfill runner) and counts memberships Query page
 * by Query page (through the contacts module, which owns them): no request path may do either. Until a tag is
 * counted, its count holds only the taggings made since (read as at least zero).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { runBackfill, type Backfill } from '../../platform/table/backfill.repository.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { countTagMembers } from '../contacts/contact-reads.repository.ts';
import { tagKey, type TagItem } from '../tag-records/tag.entity.ts';

/** tries per tag: each retry means a contact was tagged or untagged with it while it was being counted */
const COUNT_ATTEMPTS = 10;

/**
 * Sets the tag's contactCount to the number of its memberships. Contacts may be tagged meanwhile (their transactions
 * ADD to the count and bump memberChanges): the count is written only if memberChanges still reads as it did before
 * counting, else counted again. false when the tag was counted already or is gone.
 */
export const countTagContacts = async (companyId: number, tagId: number): Promise<boolean> => {
  const key = tagKey(companyId, tagId);
  for (let attempt = 0; attempt < COUNT_ATTEMPTS; attempt++) {
    const seen = (await table().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item as
      TagItem | undefined;
    if (!seen || seen.contactsCounted) return false;
    const count = await countTagMembers(companyId, tagId);
    try {
      await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET contactCount = :count, contactsCounted = :true',
          ConditionExpression:
            seen.memberChanges === undefined
              ? 'attribute_exists(pk) AND attribute_not_exists(memberChanges)'
              : 'attribute_exists(pk) AND memberChanges = :seen',
          ExpressionAttributeValues: {
            ':count': count,
            ':true': true,
            ...(seen.memberChanges === undefined ? {} : { ':seen': seen.memberChanges }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  throw new Error(`tag ${tagId} of company ${companyId} kept changing while its contacts were counted`);
};

export const tagContactCountsBackfill: Backfill<Pick<TagItem, 'companyId' | 'id'>> = {
  id: 'tag-contact-counts',
  scan: {
    filter: '#type = :type AND attribute_not_exists(contactsCounted)',
    names: { '#type': 'type', '#companyId': 'companyId', '#id': 'id' },
    values: { ':type': 'tag' },
    projection: ['#companyId', '#id'],
  },
  migrate: (tag) => countTagContacts(tag.companyId, tag.id),
};

/** The whole backfill in one run; answers how many tags it counted (none once done). */
export const backfillTagContactCounts = async (): Promise<number> => (await runBackfill(tagContactCountsBackfill)).changed;
