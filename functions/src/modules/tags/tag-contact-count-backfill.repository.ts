/**
 * A one-off count of the contacts of each tag stored before tags kept their contactCount (tag.entity.ts). It lives
 * apart from the repository because it Scans the table and counts memberships Query page by Query page (through the
 * contacts module, which owns them): no request path may do either. Once done, a marker item keeps later runs from
 * scanning again.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { countTagContactsForBackfill } from '../contacts/contacts.service.ts';
import { tagKey, type TagItem } from './tag.entity.ts';

const TAG_COUNTS_DONE = { pk: 'MIGRATION', sk: 'tag-contact-counts' };
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
    const seen = (await table().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item as TagItem | undefined;
    if (!seen || seen.contactsCounted) return false;
    const count = await countTagContactsForBackfill(companyId, tagId);
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
          ExpressionAttributeValues: { ':count': count, ':true': true, ...(seen.memberChanges === undefined ? {} : { ':seen': seen.memberChanges }) },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  throw new Error(`tag ${tagId} of company ${companyId} kept changing while its contacts were counted`);
};

/** Answers how many tags it counted (none on every later run). */
export const backfillTagContactCounts = async (): Promise<number> => {
  const done = await table().send(new GetCommand({ TableName: tableName(), Key: TAG_COUNTS_DONE, ConsistentRead: true }));
  if (done.Item) return 0;
  let counted = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type AND attribute_not_exists(contactsCounted)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'tag' },
        ProjectionExpression: 'companyId, id',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const tag of (out.Items ?? []) as Pick<TagItem, 'companyId' | 'id'>[]) {
      if (await countTagContacts(tag.companyId, tag.id)) counted++;
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  await table().send(new PutCommand({ TableName: tableName(), Item: { ...TAG_COUNTS_DONE, type: 'migration', counted, at: new Date().toISOString() } }));
  return counted;
};
