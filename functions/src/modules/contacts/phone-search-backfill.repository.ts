/**
 * A one-off indexing of the phone web chat visitors gave (givenPhone, shared/src/contracts/contacts.ts) for contacts stored before
 * the search index covered it. It lives apart from the repository because it Scans the table (through the backfill
 * runner): no request path needs that. Until a contact is indexed, it is found by its name and e-mail only.
 */
import type { Backfill } from '../../platform/table/backfill.repository.ts';
import { tableName } from '../../platform/table/client.ts';
import { atRev, putItem, transactUnlessStale } from '../../platform/table/guarded-writes.ts';
import { givenPhone } from '@switchboard/shared/contracts/contacts';
import { contactKey, numberTokens, searchKey, type ContactItem } from './contact.entity.ts';
import { searchItems } from './contacts.repository.ts';
import { strip } from '../../platform/table/strip.ts';

/**
 * Writes the phone's search items of a contact, conditioned on the contact's version read: a contact changed since
 * (or deleted) had its index rewritten by that change, which covers the phone already.
 */
const indexPhone = async (item: ContactItem): Promise<boolean> => {
  const record = strip(item);
  const phone = givenPhone(record);
  if (!phone) return false;
  const phoneKeys = new Set(numberTokens(phone).map((token) => searchKey(record.companyId, token, record.id).sk));
  const items = searchItems(record).filter((i) => phoneKeys.has(i.sk));
  if (items.length === 0) return false;
  const written = await transactUnlessStale([
    { ConditionCheck: { TableName: tableName(), Key: contactKey(record.companyId, record.id), ...atRev(record.rev) } },
    ...items.map((i) => putItem(i)),
  ]);
  return written === 'ok';
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
