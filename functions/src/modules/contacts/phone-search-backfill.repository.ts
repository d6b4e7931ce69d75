/**
 * A one-off indexing of the phone web chat visitors gave (givenPhone, shared/src/contracts/inbox.ts) for contacts stored before
 * the search index covered it. It lives apart from the repository because it Scans the table (through the backfill
 * runner): no request path needs that. Until a contact is indexed, it is found by its name and e-mail only.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import type { Backfill } from '../../platform/table/backfill.repository.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { givenPhone } from '@switchboard/shared/contracts/inbox';
import { contactKey, numberTokens, searchKey, type ContactItem } from './contact.entity.ts';
import { searchItems } from './contacts.repository.ts';

/**
 * Writes the phone's search items of a contact, conditioned on the contact's version read: a contact changed since
 * (or deleted) had its index rewritten by that change, which covers the phone already.
 */
const indexPhone = async (item: ContactItem): Promise<boolean> => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _g1, gsi1sk: _g1s, ...record } = item;
  const phone = givenPhone(record);
  if (!phone) return false;
  const phoneKeys = new Set(numberTokens(phone).map((token) => searchKey(record.companyId, token, record.id).sk));
  const items = searchItems(record).filter((i) => phoneKeys.has(i.sk));
  if (items.length === 0) return false;
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: contactKey(record.companyId, record.id),
              ConditionExpression: 'rev = :rev',
              ExpressionAttributeValues: { ':rev': record.rev },
            },
          },
          ...items.map((i) => ({ Put: { TableName: tableName(), Item: i } })),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

export const phoneSearchBackfill: Backfill<ContactItem> = {
  id: 'contact-search-phone',
  scan: {
    // contacts whose identity is not a phone number and that have extra info (the widget keeps the phone there)
    filter: '#type = :type AND NOT (#channel IN (:wa, :waapi)) AND size(#extraInfo) > :zero',
    names: { '#type': 'type', '#channel': 'channel', '#extraInfo': 'extraInfo' },
    values: { ':type': 'contact', ':wa': 'whatsapp', ':waapi': 'whatsappapi', ':zero': 0 },
  },
  migrate: indexPhone,
};
