/**
 * The contact search index spread over partitions by the tokens' first characters: searches of any length find
 * the same contacts as before, one-character searches read the names beginning with it, and items of the
 * earlier single-partition layout are moved once so that an installed product still finds them.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { legacySearchPk, searchKey, searchPk, type SearchIndexItem } from './contact.entity.ts';
import { moveLegacySearchItems, searchSpreadBackfill } from './search-migration.repository.ts';
import { findOrCreateContactByIdentity } from './contact-identity.service.ts';
import { findContactsPage } from './contact-search.service.ts';

beforeAll(async () => {
  await useTestTable();
});

const names = async (companyId: number, searchParam: string) =>
  (await findContactsPage(companyId, { searchParam, rowsPerPage: 50 })).contacts.map((c) => c.name).sort();

const add = (companyId: number, name: string, number: string) =>
  findOrCreateContactByIdentity(companyId, { channel: 'whatsapp', identity: number, name, connectionId: 1 });

describe('the spread search index', () => {
  it('writes each token in the partition of its first two characters', async () => {
    const { contact } = await add(701, 'Anabela Souza', '5511987650001');
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': searchPk(701, 'an') },
      }),
    );
    expect(out.Items?.map((i) => i.sk)).toEqual([expect.stringMatching(/^anabela#0*/)]);
    expect(out.Items?.[0]?.contactId).toBe(contact.id);
  });

  it('finds contacts by words and numbers of any length, and by a single initial', async () => {
    await add(702, 'Ana Silva', '5511900000001');
    await add(702, 'Anabela Costa', '5511900000002');
    await add(702, 'Bruno Ana', '5521900000003');
    await add(702, 'Carla Dias', '5531900000004');
    expect(await names(702, 'ana')).toEqual(['Ana Silva', 'Anabela Costa', 'Bruno Ana']);
    expect(await names(702, 'ana s')).toEqual(['Ana Silva']);
    expect(await names(702, '21900000003')).toEqual(['Bruno Ana']);
    expect(await names(702, 'a')).toEqual(['Ana Silva', 'Anabela Costa']);
    expect(await names(702, 'c d')).toEqual(['Carla Dias']);
    expect(await names(703, 'ana')).toEqual([]);
  });

  it('finds a contact by its e-mail or any beginning of it, also for viewers who see masked numbers', async () => {
    await findOrCreateContactByIdentity(706, {
      channel: 'webchat',
      identity: '01HZX3K4M5N6P7Q8R9S0T1V2W3',
      name: 'Ana Prado',
      email: 'Ana.Prado@Loja.com',
      connectionId: 1,
    });
    await add(706, 'Ana Lima', '5511900000009');
    expect(await names(706, 'ana.prado@loja.com')).toEqual(['Ana Prado']);
    expect(await names(706, 'ANA.PRADO@')).toEqual(['Ana Prado']);
    expect(await names(706, 'ana.prado@lo')).toEqual(['Ana Prado']);
    expect(await names(706, 'ana.prado@outra.com')).toEqual([]);
    const masked = await findContactsPage(706, { searchParam: 'ana.prado@loja', rowsPerPage: 10 }, true);
    expect(masked.contacts.map((c) => c.name)).toEqual(['Ana Prado']);
  });

  it('pages a search through its partition without gaps or repeats', async () => {
    for (let i = 0; i < 7; i += 1) await add(704, `Marta ${String.fromCharCode(97 + i)}ntunes`, `55119100000${i}0`);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await findContactsPage(704, { searchParam: 'mar', rowsPerPage: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.contacts.map((c) => c.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('moves items of the single-partition layout once, after which the contact is found', async () => {
    const { contact } = await add(705, 'Zuleica Prado', '5511977770000');
    // put the contact's index back the way an earlier version wrote it
    for (const token of ['zuleica', 'prado', '5511977770000', '11977770000', '977770000']) {
      const key = searchKey(705, token, contact.id);
      const current = await table().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk = :sk',
          ExpressionAttributeValues: { ':pk': key.pk, ':sk': key.sk },
        }),
      );
      const item = current.Items?.[0];
      if (!item) continue;
      await table().send(new DeleteCommand({ TableName: tableName(), Key: key }));
      await table().send(new PutCommand({ TableName: tableName(), Item: { ...item, pk: legacySearchPk(705) } }));
    }
    expect(await names(705, 'zuleica')).toEqual([]);
    expect(await moveLegacySearchItems()).toBeGreaterThanOrEqual(2);
    expect(await names(705, 'zuleica')).toEqual(['Zuleica Prado']);
    expect(await names(705, 'prad')).toEqual(['Zuleica Prado']);
    // the move is recorded: a later start does not scan again
    expect(await moveLegacySearchItems()).toBe(0);
  });

  it('moves an item only while it is still in the old layout, so a repeated page does not bring back a removed token', async () => {
    const { contact } = await add(706, 'Teodora Lins', '5511966660000');
    const key = searchKey(706, 'teodora', contact.id);
    const current = (await table().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
    const legacy = { ...current, pk: legacySearchPk(706) } as SearchIndexItem;
    await table().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    await table().send(new PutCommand({ TableName: tableName(), Item: legacy }));

    expect(await searchSpreadBackfill.migrate(legacy)).toBe(true);
    expect(await names(706, 'teodora')).toEqual(['Teodora Lins']);
    // the token is removed after the move (a rename would do this); the same page migrated again changes nothing
    await table().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    expect(await searchSpreadBackfill.migrate(legacy)).toBe(false);
    expect((await table().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item).toBeUndefined();
  });
});
