/**
 * Web chat visitors stored before the search index covered the phone they gave: the data migration indexes it once,
 * so an installed product finds them by it too.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { runBackfill } from '../../platform/table/backfill.repository.ts';
import { numberTokens, searchKey } from './contact.entity.ts';
import { phoneSearchBackfill } from './phone-search-backfill.repository.ts';
import { findOrCreateContactByIdentity } from './contact-identity.service.ts';
import { findContactsPage } from './contact-search.service.ts';

beforeAll(async () => {
  await useTestTable();
});

const names = async (companyId: number, searchParam: string) =>
  (await findContactsPage(companyId, { searchParam, rowsPerPage: 50 })).contacts.map((c) => c.name).sort();

/** A visitor as an earlier version stored them: the phone in the extra info, no search item for it. */
const earlierVisitor = async (companyId: number, visitorId: string, name: string, phone: string) => {
  const { contact } = await findOrCreateContactByIdentity(companyId, {
    channel: 'webchat',
    identity: visitorId,
    name,
    phone,
    connectionId: 1,
  });
  for (const token of numberTokens(phone))
    await table().send(new DeleteCommand({ TableName: tableName(), Key: searchKey(companyId, token, contact.id) }));
  return contact;
};

describe('the phone search backfill', () => {
  it('indexes the phone of visitors stored before, and leaves other contacts alone', async () => {
    await earlierVisitor(801, '01HZX3K4M5N6P7Q8R9S0T1V2A1', 'Visitante Antiga', '+55 41 98888-1234');
    await findOrCreateContactByIdentity(801, {
      channel: 'whatsapp',
      identity: '5541977770000',
      name: 'Cliente WhatsApp',
      connectionId: 1,
    });
    expect(await names(801, '41988881234')).toEqual([]);
    const first = await runBackfill(phoneSearchBackfill);
    expect(first.changed).toBeGreaterThanOrEqual(1);
    expect(await names(801, '41988881234')).toEqual(['Visitante Antiga']);
    expect(await names(801, '5541988881234')).toEqual(['Visitante Antiga']);
    expect(await names(801, '41977770000')).toEqual(['Cliente WhatsApp']);
  });
});
