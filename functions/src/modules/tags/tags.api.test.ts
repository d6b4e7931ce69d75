import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { signedIn, signupOwner } from '../../../../test/inbox.ts';
import { findOrCreateContactByIdentity } from '../contacts/contact-identity.service.ts';
import { getContact } from '../contacts/contacts.service.ts';

let runtime: Runtime;
let companyId: number;
let admin: ApiClient;
let seq = 0;

const signup = (email: string) => signupOwner(runtime, 'Tags Co', email);
const login = (email: string) => signedIn(runtime, email);

const newTag = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.post('/tags', { name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // contacts carry the tag's summary, without its lane fields
  const { id, name: saved, color, kanban } = res.body as { id: number; name: string; color: string; kanban: number };
  return { id, name: saved, color, kanban };
};

const newContact = async (name: string) => {
  const res = await admin.post('/contacts', { name, number: `5541${String(900000000 + seq++)}` });
  expect(res.status).toBe(201);
  return res.body as { id: number };
};

const tagIdsOf = async (contactId: number) =>
  ((await admin.get(`/contactTags/${contactId}`)).body.tags as { id: number }[]).map((t) => t.id);
const membersOf = async (tagId: number) =>
  ((await admin.get(`/contacts?contactTag=${tagId}&rowsPerPage=50`)).body.contacts as { id: number }[]).map((c) => c.id).sort();

beforeAll(async () => {
  runtime = await startApi();
  companyId = (await signup('owner@tags.example.com')).companyId;
  admin = await login('owner@tags.example.com');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('create', () => {
  it('creates a tag (201) with a random colour when none is given and kanban 0 by default', async () => {
    const tag = await newTag('Cliente VIP');
    expect(tag).toMatchObject({ name: 'Cliente VIP', kanban: 0 });
    expect(tag.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await newTag('Lane one', { color: '#AABBCC', kanban: 1 })).toMatchObject({ color: '#aabbcc', kanban: 1 });
  });

  it('rejects a name under 3 characters with "Etiqueta muy corta." and a missing one with "Requerido"', async () => {
    const short = await admin.post('/tags', { name: 'ab' });
    expect(short).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(short.body)).toEqual({ 'body.name': 'Etiqueta muy corta.' });
    expect(fieldsOf((await admin.post('/tags', { name: '  ab  ' })).body)).toEqual({ 'body.name': 'Etiqueta muy corta.' });
    expect(fieldsOf((await admin.post('/tags', {})).body)).toEqual({ 'body.name': 'Requerido' });
    expect((await admin.post('/tags', { name: 'Colour', color: 'red' })).status).toBe(400);
    expect((await admin.post('/tags', { name: 'Kanban', kanban: 2 })).status).toBe(400);
  });

  it('refuses a name the company already has, in any letter case, with ERR_DUPLICATED_TAG', async () => {
    await newTag('Urgente');
    expect(await admin.post('/tags', { name: 'urgente' })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_TAG' } });
    // another company may use the name
    await signup('second@tags.example.com');
    const other = await login('second@tags.example.com');
    expect((await other.post('/tags', { name: 'Urgente' })).status).toBe(201);
  });

  it('pushes company<id>-tag to the company', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    try {
      const tag = await newTag('Pushed tag');
      const frame = await socket.waitFor((f) => f.event === `company${companyId}-tag`);
      expect(frame.data).toMatchObject({ action: 'create', tag });
    } finally {
      await socket.close();
    }
  });
});

describe('list', () => {
  it('answers all the company’s tags by name, filtered by kanban when asked', async () => {
    const all = (await admin.get('/tags/list')).body as { name: string; kanban: number }[];
    const names = all.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Cliente VIP', 'Lane one', 'Urgente']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('urgente');
    const lanes = (await admin.get('/tags/list?kanban=1')).body as { name: string }[];
    expect(lanes.map((t) => t.name)).toEqual(['Lane one']);
    const plain = (await admin.get('/tags/list?kanban=0')).body as { kanban: number }[];
    expect(plain.every((t) => t.kanban === 0)).toBe(true);
  });
});

describe('sync and remove', () => {
  it('sets exactly the tags given, adding and removing memberships', async () => {
    const [a, b, c] = [await newTag('Sync A'), await newTag('Sync B'), await newTag('Sync C')];
    const contact = await newContact('Synced contact');

    const first = await admin.post('/tags/sync', { contactId: contact.id, tags: [{ id: a.id }, { id: b.id }] });
    expect(first.status).toBe(200);
    expect(first.body.tags).toEqual([a, b]);
    expect(await membersOf(a.id)).toEqual([contact.id]);

    const second = await admin.post('/tags/sync', { contactId: contact.id, tags: [{ id: b.id }, { id: c.id }] });
    expect(second.body.tags).toEqual([b, c]);
    expect(await tagIdsOf(contact.id)).toEqual([b.id, c.id]);
    expect(await membersOf(a.id)).toEqual([]);
    expect(await membersOf(b.id)).toEqual([contact.id]);
    expect(await membersOf(c.id)).toEqual([contact.id]);

    const cleared = await admin.post('/tags/sync', { contactId: contact.id, tags: [] });
    expect(cleared.body.tags).toEqual([]);
    expect(await membersOf(b.id)).toEqual([]);
  });

  it('swaps 50 tags for 50 others at once', async () => {
    const tags = [];
    for (let i = 0; i < 100; i++) tags.push(await newTag(`Bulk ${i}`));
    const contact = await newContact('Bulk contact');
    const firstHalf = tags.slice(0, 50).map((t) => ({ id: t.id }));
    const secondHalf = tags.slice(50).map((t) => ({ id: t.id }));
    expect((await admin.post('/tags/sync', { contactId: contact.id, tags: firstHalf })).status).toBe(200);
    const swapped = await admin.post('/tags/sync', { contactId: contact.id, tags: secondHalf });
    expect(swapped.status).toBe(200);
    expect(await tagIdsOf(contact.id)).toEqual(secondHalf.map((t) => t.id));
    expect(await membersOf(tags[0]!.id)).toEqual([]);
    expect(await membersOf(tags[99]!.id)).toEqual([contact.id]);
  });

  it('answers 404 for an unknown tag or another company’s contact and changes nothing', async () => {
    const tag = await newTag('Guarded');
    const contact = await newContact('Guarded contact');
    await admin.post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] });
    expect(await admin.post('/tags/sync', { contactId: contact.id, tags: [{ id: 999999 }] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
    expect(await tagIdsOf(contact.id)).toEqual([tag.id]);

    // ids are numbered per company: the stranger's contact gets an id this company has not used
    const stranger = (await signup('stranger@tags.example.com')).companyId;
    let foreign = (
      await findOrCreateContactByIdentity(stranger, {
        channel: 'whatsapp',
        identity: `5541${900000000 + seq++}`,
        name: 'Foreign',
      })
    ).contact;
    while (foreign.id <= contact.id) {
      foreign = (
        await findOrCreateContactByIdentity(stranger, {
          channel: 'whatsapp',
          identity: `5541${900000000 + seq++}`,
          name: 'Foreign',
        })
      ).contact;
    }
    expect(await admin.post('/tags/sync', { contactId: foreign.id, tags: [{ id: tag.id }] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect(await admin.delete(`/tags-contacts/${tag.id}/${foreign.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect(await membersOf(tag.id)).toEqual([contact.id]);
    expect((await getContact(stranger, foreign.id))?.tags).toEqual([]);
  });

  it('takes one tag off a contact', async () => {
    const [keep, drop] = [await newTag('Keep me'), await newTag('Drop me')];
    const contact = await newContact('Untagged contact');
    await admin.post('/tags/sync', { contactId: contact.id, tags: [{ id: keep.id }, { id: drop.id }] });
    expect(await admin.delete(`/tags-contacts/${drop.id}/${contact.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await tagIdsOf(contact.id)).toEqual([keep.id]);
    expect(await membersOf(drop.id)).toEqual([]);
    expect(await membersOf(keep.id)).toEqual([contact.id]);
    // again: nothing left to remove
    expect((await admin.delete(`/tags-contacts/${drop.id}/${contact.id}`)).status).toBe(200);
    expect(await admin.delete(`/tags-contacts/999999/${contact.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
  });
});
