/**
 * Each tag keeps how many contacts carry it (GET /tags/list `contactCount`), moved in the same transaction as the
 * contact's memberships: tagging, untagging, tagging again, deleting the contact or the tag, many changes at once,
 * and the one-off backfill of tags stored before the count was kept.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { getContact } from '../contacts/contact-reads.repository.ts';
import { replaceContact } from '../contacts/contacts.repository.ts';
import { tagKey } from '../tag-records/tag.entity.ts';
import { backfillTagContactCounts } from './tag-contact-count-backfill.repository.ts';

let runtime: Runtime;
let company: TestCompany;
let admin: ApiClient;
let seq = 0;

interface Tagged {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

const newTag = async (name: string): Promise<Tagged> => {
  const res = await admin.post('/tags', { name: `${name} ${++seq}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // the summary contacts carry
  const { id, name: saved, color, kanban } = res.body as Tagged;
  return { id, name: saved, color, kanban };
};

const newContact = async (name: string): Promise<number> => {
  const res = await admin.post('/contacts', { name, number: `5541${String(800000000 + ++seq)}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
};

const sync = async (contactId: number, tags: { id: number }[]) => {
  const res = await admin.post('/tags/sync', { contactId, tags: tags.map((t) => ({ id: t.id })) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** contactCount of each tag, as GET /tags/list answers it */
const counts = async (): Promise<Map<number, number>> => {
  const res = await admin.get('/tags/list');
  expect(res.status).toBe(200);
  return new Map((res.body as { id: number; contactCount: number }[]).map((t) => [t.id, t.contactCount]));
};
const countOf = async (tag: { id: number }) => (await counts()).get(tag.id);

/** how many memberships the tag really has (its contacts page by page) */
const membersOf = async (tag: { id: number }): Promise<number> => {
  let total = 0;
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { contacts: unknown[]; hasMore: boolean; nextCursor: string | null } } = await admin.get(
      `/tags/${tag.id}/contacts?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    total += res.body.contacts.length;
    cursor = res.body.hasMore ? res.body.nextCursor : null;
  } while (cursor);
  return total;
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Counting Co');
  admin = company.admin;
});
afterAll(async () => {
  await runtime?.stop();
});

describe('the contact count of a tag', () => {
  it('starts at 0 and counts a contact once through tagging, tagging again, renaming the tag and untagging', async () => {
    const [a, b] = [await newTag('Count A'), await newTag('Count B')];
    const [c1, c2] = [await newContact('First counted'), await newContact('Second counted')];
    expect(await countOf(a)).toBe(0);

    await sync(c1, [a]);
    expect(await countOf(a)).toBe(1);
    // the same tag again: nothing changes
    await sync(c1, [a]);
    expect(await countOf(a)).toBe(1);
    await sync(c1, [a, b]);
    await sync(c2, [a]);
    expect([await countOf(a), await countOf(b)]).toEqual([2, 1]);

    // a save of the tag itself keeps the count
    expect((await admin.put(`/tags/${a.id}`, { name: `Renamed A ${++seq}`, color: '#112233' })).status).toBe(200);
    expect(await countOf(a)).toBe(2);

    expect((await admin.delete(`/tags-contacts/${a.id}/${c1}`)).status).toBe(200);
    expect((await admin.delete(`/tags-contacts/${a.id}/${c1}`)).status).toBe(200);
    expect([await countOf(a), await countOf(b)]).toEqual([1, 1]);
    await sync(c1, []);
    expect([await countOf(a), await countOf(b)]).toEqual([1, 0]);
    expect(await membersOf(a)).toBe(1);
  });

  it('takes a deleted contact off the counts of every tag it carried', async () => {
    const [a, b] = [await newTag('Deleted A'), await newTag('Deleted B')];
    const [gone, stays] = [await newContact('Gone contact'), await newContact('Staying contact')];
    await sync(gone, [a, b]);
    await sync(stays, [a]);
    expect([await countOf(a), await countOf(b)]).toEqual([2, 1]);

    expect((await admin.delete(`/contacts/${gone}`)).status).toBe(200);
    expect([await countOf(a), await countOf(b)]).toEqual([1, 0]);
  });

  it('leaves the counts alone on an import, new number or known one', async () => {
    const tag = await newTag('Imported');
    const number = `5541${String(800000000 + ++seq)}`;
    const first = await admin.post('/contactsImport', { name: 'Imported one', number });
    expect(first.status).toBe(201);
    expect(await countOf(tag)).toBe(0);
    await sync(first.body.contact.id as number, [tag]);
    const again = await admin.post('/contactsImport', { name: 'Imported again', number });
    expect(again).toMatchObject({ status: 200, body: { created: false } });
    expect(await countOf(tag)).toBe(1);
  });

  it('stays exact when a contact takes 50 tags at once and is then deleted (several transactions each)', async () => {
    const tags: Tagged[] = [];
    for (let i = 0; i < 50; i++) tags.push(await newTag('Bulk count'));
    const contact = await newContact('Bulk counted');
    const other = await newContact('Bulk other');
    await sync(contact, tags);
    await sync(other, tags.slice(0, 10));
    let now = await counts();
    expect(tags.map((t) => now.get(t.id))).toEqual(tags.map((_, i) => (i < 10 ? 2 : 1)));

    expect((await admin.delete(`/contacts/${contact}`)).status).toBe(200);
    now = await counts();
    expect(tags.map((t) => now.get(t.id))).toEqual(tags.map((_, i) => (i < 10 ? 1 : 0)));
    expect(await membersOf(tags[0]!)).toBe(1);
    expect(await membersOf(tags[49]!)).toBe(0);
  });

  it('ends with the exact count after many tag and untag calls at once', async () => {
    const tag = await newTag('Busy');
    const other = await newTag('Busy other');
    const contacts: number[] = [];
    for (let i = 0; i < 12; i++) contacts.push(await newContact(`Busy ${i}`));

    // every contact tagged at once, each twice in parallel (the second finds nothing to change or retries on rev)
    await Promise.all(contacts.flatMap((c) => [sync(c, [tag]), sync(c, [tag])]));
    expect(await countOf(tag)).toBe(12);

    // at once: half untagged (one of them twice), the others get a second tag (keeping the first)
    const [untag, keep] = [contacts.slice(0, 6), contacts.slice(6)];
    await Promise.all([
      ...untag.map(async (c) => expect((await admin.delete(`/tags-contacts/${tag.id}/${c}`)).status).toBe(200)),
      (async () => expect((await admin.delete(`/tags-contacts/${tag.id}/${untag[0]}`)).status).toBe(200))(),
      ...keep.map((c) => sync(c, [tag, other])),
    ]);
    expect(await countOf(tag)).toBe(6);
    expect(await countOf(other)).toBe(6);
    expect(await membersOf(tag)).toBe(6);
  });

  it('never brings back a deleted tag: its contacts lose it and no bare counter is left', async () => {
    const tag = await newTag('Deleted tag');
    const contact = await newContact('Carrier');
    await sync(contact, [tag]);
    expect((await admin.delete(`/tags/${tag.id}`)).status).toBe(200);
    await runtime.drainQueues();
    expect(((await admin.get(`/contactTags/${contact}`)).body.tags as unknown[]).length).toBe(0);
    expect((await counts()).has(tag.id)).toBe(false);
    expect(
      (await table().send(new GetCommand({ TableName: tableName(), Key: tagKey(company.companyId, tag.id) }))).Item,
    ).toBeUndefined();
  });

  it('writes the contact without the counter of a tag deleted while the contact was being tagged', async () => {
    const [kept, deleted] = [await newTag('Kept meanwhile'), await newTag('Deleted meanwhile')];
    const contactId = await newContact('Raced');
    const before = (await getContact(company.companyId, contactId))!;
    expect((await admin.delete(`/tags/${deleted.id}`)).status).toBe(200);
    // the request read both tags before the deletion; its transaction comes after it
    const after = { ...before, tags: [kept, deleted], rev: before.rev + 1 };
    expect(await replaceContact(before, after)).toBe('ok');
    expect((await getContact(company.companyId, contactId))!.tags.map((t) => t.id)).toEqual([kept.id, deleted.id]);
    expect(await countOf(kept)).toBe(1);
    expect(
      (await table().send(new GetCommand({ TableName: tableName(), Key: tagKey(company.companyId, deleted.id) }))).Item,
    ).toBeUndefined();
    await runtime.drainQueues();
  });
});

describe('the contact count backfill', () => {
  it('counts the contacts of tags stored before counts were kept, once', async () => {
    const [older, partial] = [await newTag('Older tag'), await newTag('Partly counted')];
    const contacts = [await newContact('Old 1'), await newContact('Old 2'), await newContact('Old 3')];
    for (const c of contacts) await sync(c, [older, partial]);
    // as an earlier version stored them: no count at all, or only what was tagged since the new version came
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tagKey(company.companyId, older.id),
        UpdateExpression: 'REMOVE contactCount, memberChanges, contactsCounted',
      }),
    );
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tagKey(company.companyId, partial.id),
        UpdateExpression: 'SET contactCount = :one, memberChanges = :one REMOVE contactsCounted',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    await table().send(new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: 'tag-contact-counts' } }));
    expect([await countOf(older), await countOf(partial)]).toEqual([0, 1]);

    expect(await backfillTagContactCounts()).toBeGreaterThanOrEqual(2);
    expect([await countOf(older), await countOf(partial)]).toEqual([3, 3]);
    // counted from then on by the contacts' transactions
    await sync(contacts[0]!, []);
    expect([await countOf(older), await countOf(partial)]).toEqual([2, 2]);

    // done: a later run reads its marker and counts nothing
    await table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tagKey(company.companyId, older.id),
        UpdateExpression: 'REMOVE contactsCounted',
      }),
    );
    expect(await backfillTagContactCounts()).toBe(0);
    expect(await countOf(older)).toBe(2);
  });
});
