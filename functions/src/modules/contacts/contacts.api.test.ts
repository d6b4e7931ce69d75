import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi, type ApiResponse } from '../../../../test/api.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { signedIn, signupOwner } from '../../../../test/inbox.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { companySettingsKey } from '../tenancy/company.entity.ts';
import { createUser } from '../users/users.service.ts';
import { findOrCreateContactByIdentity } from './contact-identity.service.ts';
import { getContact } from './contacts.service.ts';

let runtime: Runtime;
let companyId: number;
let admin: ApiClient;
let agent: ApiClient;
let seq = 0;
/** a fresh valid phone number for each contact a test creates */
const phone = () => `5521${String(900000000 + seq++)}`;

const signup = (email: string) => signupOwner(runtime, 'Contacts Co', email);
const login = (email: string) => signedIn(runtime, email);

const createContact = async (name: string, number = phone(), extra: Record<string, unknown> = {}) => {
  const res = await admin.post('/contacts', { name, number, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; number: string };
};

/** Every item of a company, to show that a refused write changed nothing. */
const itemsOf = async (cid: number) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items
    .filter((i) => String(i.pk).startsWith(`C#${cid}#`) || i.pk === `C#${cid}` || i.companyId === cid)
    .filter((i) => i.type !== 'wsConnection' && i.type !== 'user')
    .sort((x, y) => `${x.pk}${x.sk}`.localeCompare(`${y.pk}${y.sk}`));
};

const setPrivacy = async (cid: number, on: boolean) => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: companySettingsKey(cid),
      UpdateExpression: 'SET settings.enableLGPD = :v, settings.lgpdHideNumber = :v',
      ExpressionAttributeValues: { ':v': on ? 'enabled' : 'disabled' },
    }),
  );
};

beforeAll(async () => {
  runtime = await startApi();
  const owner = await signup('owner@contacts.example.com');
  companyId = owner.companyId;
  await createUser(companyId, { name: 'Agent', email: 'agent@contacts.example.com', password: 'pass-12345' });
  admin = await login('owner@contacts.example.com');
  agent = await login('agent@contacts.example.com');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('create and edit', () => {
  it('creates a contact (201) with the defaults, storing a phone number as digits', async () => {
    const res = await admin.post('/contacts', {
      name: '  Jorge Amado ',
      number: '+55 (71) 98888-1234',
      email: 'Jorge@Example.com',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Jorge Amado',
      number: '5571988881234',
      email: 'jorge@example.com',
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      channel: 'whatsapp',
      isGroup: false,
      tags: [],
      urlPicture: null,
    });
    expect((await admin.get(`/contacts/${res.body.id}`)).body).toEqual(res.body);
  });

  it('answers every validation message of the contact form', async () => {
    const missing = await admin.post('/contacts', {});
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toMatchObject({ 'body.name': 'Required', 'body.number': 'Required' });

    const bad = await admin.post('/contacts', { name: 'J', number: '1234567', email: 'not-an-email' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(bad.body)).toEqual({ 'body.name': 'Too Short!', 'body.number': 'Too Short!', 'body.email': 'Invalid email' });

    const long = await admin.post('/contacts', { name: 'x'.repeat(251), number: '1'.repeat(51) });
    expect(fieldsOf(long.body)).toEqual({ 'body.name': 'Too Long!', 'body.number': 'Too Long!' });

    // eight characters but fewer than eight digits
    const formatted = await admin.post('/contacts', { name: 'Formatted', number: '(11) 1-23' });
    expect(formatted.status).toBe(400);
    expect(fieldsOf(formatted.body)).toEqual({ 'body.number': 'Too Short!' });

    const { id } = await createContact('Editable');
    const edit = await admin.put(`/contacts/${id}`, { name: 'E', number: '123', email: 'x@' });
    expect(edit.status).toBe(400);
    expect(fieldsOf(edit.body)).toEqual({
      'body.name': 'Too Short!',
      'body.number': 'Too Short!',
      'body.email': 'Invalid email',
    });
    const unknownField = await admin.put(`/contacts/${id}`, { companyId: 99 });
    expect(unknownField.status).toBe(400);
  });

  it('refuses a number the company already has with ERR_DUPLICATED_CONTACT and writes nothing', async () => {
    const number = phone();
    await createContact('First holder', number);
    const before = await itemsOf(companyId);
    const formatted = `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`;
    const res = await admin.post('/contacts', { name: 'Second holder', number: formatted });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect(await itemsOf(companyId)).toEqual(before);
  });

  it('edits name, number, e-mail and extra info, moving the number with its search entries', async () => {
    const { id, number: oldNumber } = await createContact('Clarice Lispector');
    const newNumber = phone();
    const res = await admin.put(`/contacts/${id}`, {
      name: 'Clarice L.',
      number: newNumber,
      email: 'clarice@example.com',
      extraInfo: [
        { name: 'cpf', value: '123' },
        { name: 'city', value: 'Recife' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Clarice L.',
      number: newNumber,
      email: 'clarice@example.com',
      extraInfo: [
        { id: 1, name: 'cpf', value: '123' },
        { id: 2, name: 'city', value: 'Recife' },
      ],
    });
    expect((await admin.get(`/contacts?searchParam=lispector`)).body.contacts).toEqual([]);
    expect((await admin.get(`/contacts?searchParam=clarice`)).body.contacts.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await admin.get(`/contacts?searchParam=${newNumber}`)).body.contacts.map((c: { id: number }) => c.id)).toEqual([id]);
    // the old number is free again, the new one taken
    expect((await admin.get(`/contacts/profile/${newNumber}`)).body.contactId).toBe(id);
    expect((await admin.get(`/contacts/profile/${oldNumber}`)).status).toBe(404);
    expect((await admin.post('/contacts', { name: 'Old number', number: oldNumber })).status).toBe(201);
    expect((await admin.post('/contacts', { name: 'Taken', number: newNumber })).status).toBe(409);
  });

  it('refuses to move a contact to another contact’s number and writes nothing', async () => {
    const a = await createContact('Holder A');
    const b = await createContact('Holder B');
    const before = await itemsOf(companyId);
    const res = await admin.put(`/contacts/${b.id}`, { name: 'Holder B2', number: a.number });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect(await itemsOf(companyId)).toEqual(before);
  });

  it('answers ERR_NO_CONTACT_FOUND for an unknown id and for another company’s contact', async () => {
    expect(await admin.get('/contacts/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    // ids are numbered per company: the other company's contact gets an id this company has not used
    const own = await createContact('Latest own');
    const other = await signup('other@contacts.example.com');
    let contact = (
      await findOrCreateContactByIdentity(other.companyId, { channel: 'whatsapp', identity: phone(), name: 'Not yours' })
    ).contact;
    while (contact.id <= own.id) {
      contact = (
        await findOrCreateContactByIdentity(other.companyId, { channel: 'whatsapp', identity: phone(), name: 'Not yours' })
      ).contact;
    }
    for (const res of [
      await admin.get(`/contacts/${contact.id}`),
      await admin.put(`/contacts/${contact.id}`, { name: 'Mine now' }),
      await admin.put(`/contacts/block/${contact.id}`, { active: false }),
      await admin.delete(`/contacts/${contact.id}`),
      await admin.get(`/contactTags/${contact.id}`),
      await admin.get(`/contacts/profile/${contact.number}`),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    }
    expect(await getContact(other.companyId, contact.id)).toEqual(contact);
  });
});

describe('search', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {};
    for (const [name, number] of [
      ['Maria Souza', '5511999887766'],
      ['Mariana Costa', phone()],
      ['João Souza Lima', phone()],
      ['Pedro Álvares', phone()],
      ['Ana-Clara Reis', phone()],
    ] as const) {
      ids[name] = (await createContact(name, number)).id;
    }
  });

  const search = async (text: string) => {
    const res = await admin.get(`/contacts?searchParam=${encodeURIComponent(text)}&rowsPerPage=50`);
    expect(res.status).toBe(200);
    return (res.body.contacts as { name: string }[]).map((c) => c.name).sort();
  };

  it('finds by the beginning of any word of the name, ignoring case and accents', async () => {
    expect(await search('mar')).toEqual(['Maria Souza', 'Mariana Costa']);
    expect(await search('souza')).toEqual(['João Souza Lima', 'Maria Souza']);
    expect(await search('joao')).toEqual(['João Souza Lima']);
    expect(await search('ALVA')).toEqual(['Pedro Álvares']);
    expect(await search('m')).toEqual(expect.arrayContaining(['Maria Souza', 'Mariana Costa']));
    expect(await search('?!')).toEqual([]);
  });

  it('finds by several words, each one matching', async () => {
    expect(await search('souza maria')).toEqual(['Maria Souza']);
    expect(await search('lima souza')).toEqual(['João Souza Lima']);
    // every word is the beginning of a word of the name, not any part of it
    expect(await search('maria costa')).toEqual(['Mariana Costa']);
    expect(await search('souza ima')).toEqual([]);
    expect(await search('maria lima')).toEqual([]);
    expect(await search('reis clara')).toEqual(['Ana-Clara Reis']);
  });

  it('finds by the digits of the number, with or without country and area code and formatting', async () => {
    expect(await search('5511999')).toEqual(['Maria Souza']);
    expect(await search('11 99988')).toEqual(['Maria Souza']);
    expect(await search('(11) 9998-8776')).toEqual(['Maria Souza']);
    expect(await search('999887766')).toEqual(['Maria Souza']);
    expect(await search('77777777777')).toEqual([]);
  });

  it('lists each contact once when several of its words match', async () => {
    const { id } = await createContact('Ana Anabela Anastácia');
    const names: number[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await admin.get(`/contacts?searchParam=ana&rowsPerPage=10${cursor ? `&cursor=${cursor}` : ''}`);
      names.push(...res.body.contacts.map((c: { id: number }) => c.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(names.filter((n) => n === id)).toHaveLength(1);
  });
});

describe('paging and filters', () => {
  let cid: number;
  let owner: ApiClient;
  const all: number[] = [];
  beforeAll(async () => {
    cid = (await signup('pager@contacts.example.com')).companyId;
    owner = await login('pager@contacts.example.com');
    for (let i = 0; i < 25; i++) {
      const res = await owner.post('/contacts', { name: `Paged ${String.fromCharCode(65 + (i % 26))}${i}`, number: phone() });
      all.push(res.body.id);
    }
    await findOrCreateContactByIdentity(cid, {
      channel: 'whatsapp',
      identity: '120363025246125486',
      name: 'Paged Group',
      isGroup: true,
    });
    await findOrCreateContactByIdentity(cid, { channel: 'instagram', identity: '1789000111', name: 'Paged Insta' });
  });

  const walk = async (query: string, rows: number) => {
    const pages: { id: number; name: string }[][] = [];
    const counts: number[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await owner.get(`/contacts?${query}&rowsPerPage=${rows}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body.contacts);
      counts.push(res.body.count);
      expect(res.body.hasMore).toBe(res.body.nextCursor !== null);
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 20);
    return { pages, counts, ids: pages.flat().map((c) => c.id) };
  };

  it('pages through every contact in name order with no duplicates and no gaps, counting the company’s total', async () => {
    const { pages, counts, ids } = await walk('x=1', 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 7]);
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual(expect.arrayContaining(all));
    expect(counts).toEqual([27, 27, 27]);
    const names = pages.flat().map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('filters by channel and group, with the count of matches answered so far', async () => {
    const groups = await walk('isGroup=true', 10);
    expect(groups.pages.flat().map((c) => c.name)).toEqual(['Paged Group']);
    expect(groups.counts.at(-1)).toBe(1);
    const insta = await walk('channel=instagram', 10);
    expect(insta.pages.flat().map((c) => c.name)).toEqual(['Paged Insta']);
    const people = await walk('isGroup=false&channel=whatsapp', 20);
    expect(new Set(people.ids).size).toBe(25);
    expect(people.counts.at(-1)).toBe(25);
  });

  it('pages a search with a cursor across pages', async () => {
    const { ids, pages } = await walk('searchParam=paged', 10);
    expect(pages.map((p) => p.length).slice(0, 2)).toEqual([10, 10]);
    expect(new Set(ids).size).toBe(27);
    expect(ids.length).toBe(27);
  });

  it('filters by tags: members of every tag given', async () => {
    const t1 = (await owner.post('/tags', { name: 'Paging tag one' })).body.id as number;
    const t2 = (await owner.post('/tags', { name: 'Paging tag two' })).body.id as number;
    for (const id of all.slice(0, 12))
      expect((await owner.post('/tags/sync', { contactId: id, tags: [{ id: t1 }] })).status).toBe(200);
    for (const id of all.slice(10, 15)) {
      const current = (await owner.get(`/contactTags/${id}`)).body.tags as { id: number }[];
      await owner.post('/tags/sync', { contactId: id, tags: [...current, { id: t2 }] });
    }
    const one = await walk(`contactTag=${encodeURIComponent(JSON.stringify([t1]))}`, 10);
    expect(one.ids.sort()).toEqual(all.slice(0, 12).sort());
    const both = await walk(`contactTag=${encodeURIComponent(JSON.stringify([t1, t2]))}`, 10);
    expect(both.ids.sort()).toEqual(all.slice(10, 12).sort());
    const searchAndTag = await walk(`contactTag=${t2}&searchParam=paged`, 10);
    expect(searchAndTag.ids.sort()).toEqual(all.slice(10, 15).sort());
  });

  it('answers 400 on query.cursor for a cursor that is not one, or belongs to another list or company', async () => {
    const bad = async (cursor: string, extra = '') => {
      const res = await owner.get(`/contacts?cursor=${encodeURIComponent(cursor)}${extra}`);
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(fieldsOf(res.body)).toEqual({ 'query.cursor': 'Invalid cursor' });
    };
    await bad('not-a-cursor');
    await bad(Buffer.from('{"s":"name"}').toString('base64url'));
    const first = (await owner.get('/contacts?rowsPerPage=10')).body.nextCursor as string;
    await bad(first, '&searchParam=paged');
    // the cursor is sealed: its position cannot be read, and a position written by the caller is no cursor
    expect(Buffer.from(first, 'base64url').toString('latin1')).not.toContain(`C#${cid}`);
    const foreign = {
      s: 'name',
      p: { pk: `C#${companyId}`, sk: 'CONTACT#0000000001', gsi1pk: `C#${companyId}#CONTACTS`, gsi1sk: 'a#0000000001' },
      n: 10,
    };
    await bad(Buffer.from(JSON.stringify(foreign)).toString('base64url'));
    expect((await owner.get(`/contacts/list?cursor=${first}`)).status).toBe(400);
  });

  it('refuses rows per page other than 10, 20, 30 or 50', async () => {
    expect((await owner.get('/contacts?rowsPerPage=20')).status).toBe(200);
    const res = await owner.get('/contacts?rowsPerPage=15');
    expect(fieldsOf(res.body)).toEqual({ 'query.rowsPerPage': 'rowsPerPage must be 10, 20, 30 or 50' });
  });

  it('lists ids and names for pickers, 100 a page at most', async () => {
    const res = await owner.get('/contacts/list?limit=20');
    expect(res.status).toBe(200);
    expect(res.body.contacts).toHaveLength(20);
    expect(Object.keys(res.body.contacts[0]).sort()).toEqual(['id', 'name']);
    const rest = await owner.get(`/contacts/list?limit=20&cursor=${res.body.nextCursor}`);
    expect(rest.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(new Set([...res.body.contacts, ...rest.body.contacts].map((c: { id: number }) => c.id)).size).toBe(27);
    expect((await owner.get('/contacts/list')).body.contacts).toHaveLength(27);
    expect((await owner.get('/contacts/list?limit=101')).status).toBe(400);
  });
});

describe('block, toggles, tags and profile', () => {
  it('blocks and unblocks a contact', async () => {
    const { id } = await createContact('Blockable');
    expect((await admin.put(`/contacts/block/${id}`, { active: false })).body.active).toBe(false);
    expect((await admin.get(`/contacts/${id}`)).body.active).toBe(false);
    expect((await agent.put(`/contacts/block/${id}`, { active: true })).body.active).toBe(true);
    expect((await admin.put(`/contacts/block/${id}`, {})).status).toBe(400);
  });

  it('sets audio acceptance and the bot switch', async () => {
    const { id } = await createContact('Toggled');
    expect((await admin.put(`/contacts/toggleAcceptAudio/${id}`, { acceptAudioMessage: false })).body.acceptAudioMessage).toBe(
      false,
    );
    expect((await admin.put(`/contacts/toggleDisableBot/${id}`, { disableBot: true })).body.disableBot).toBe(true);
    expect((await admin.get(`/contacts/${id}`)).body).toMatchObject({ acceptAudioMessage: false, disableBot: true });
    expect((await admin.put(`/contacts/toggleAcceptAudio/${id}`, { acceptAudioMessage: true })).body.acceptAudioMessage).toBe(
      true,
    );
  });

  it('answers the contact of a number and the tags of a contact', async () => {
    const created = await createContact('Profiled', '5531988887777');
    await findOrCreateContactByIdentity(companyId, {
      channel: 'whatsapp',
      identity: '5531988887777',
      urlPicture: 'https://pics/p.jpg',
    });
    expect((await admin.get('/contacts/profile/5531988887777')).body).toEqual({
      contactId: created.id,
      urlPicture: 'https://pics/p.jpg',
    });
    expect((await admin.get('/contacts/profile/+55%2031%2098888-7777')).body.contactId).toBe(created.id);
    expect(await admin.get('/contacts/profile/5531900000000')).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect((await admin.get(`/contactTags/${created.id}`)).body).toEqual({ tags: [] });
  });
});

describe('delete', () => {
  it('needs contacts-page:deleteContact: an agent gets 403, an admin deletes contact, number, search entries and memberships', async () => {
    const { id, number } = await createContact('Doomed Contact');
    const tag = (await admin.post('/tags', { name: 'Doomed tag' })).body;
    await admin.post('/tags/sync', { contactId: id, tags: [{ id: tag.id }] });
    const count = (await admin.get('/contacts')).body.count as number;

    expect(await agent.delete(`/contacts/${id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await admin.get(`/contacts/${id}`)).status).toBe(200);

    expect(await admin.delete(`/contacts/${id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await admin.get(`/contacts/${id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect((await admin.get('/contacts')).body.count).toBe(count - 1);
    expect((await admin.get('/contacts?searchParam=doomed')).body.contacts).toEqual([]);
    expect((await admin.get(`/contacts?contactTag=${tag.id}`)).body.contacts).toEqual([]);
    const leftovers = (await itemsOf(companyId)).filter(
      (i) => String(i.sk).includes(String(id).padStart(10, '0')) || i.contactId === id,
    );
    expect(leftovers).toEqual([]);
    expect((await admin.post('/contacts', { name: 'Reborn', number })).status).toBe(201);
    expect((await admin.delete(`/contacts/${id}`)).status).toBe(404);
  });
});

describe('privacy', () => {
  it('masks numbers for profile user while enableLGPD and lgpdHideNumber are on, never for admins or groups', async () => {
    const person = await createContact('Masked Person', '5511977665544');
    const { contact: group } = await findOrCreateContactByIdentity(companyId, {
      channel: 'whatsapp',
      identity: '120363000000000001',
      name: 'Masked Group',
      isGroup: true,
    });

    await setPrivacy(companyId, true);
    try {
      expect((await agent.get(`/contacts/${person.id}`)).body.number).toBe('55119******44');
      expect((await admin.get(`/contacts/${person.id}`)).body.number).toBe('5511977665544');
      expect((await agent.get(`/contacts/${group.id}`)).body.number).toBe('120363000000000001');
      const listed = (await agent.get('/contacts?searchParam=masked')).body.contacts as { name: string; number: string }[];
      expect(listed.find((c) => c.name === 'Masked Person')?.number).toBe('55119******44');
      expect(listed.find((c) => c.name === 'Masked Group')?.number).toBe('120363000000000001');

      // the agent's form sends the masked number back: the number stays
      const edited = await agent.put(`/contacts/${person.id}`, { name: 'Masked Person 2', number: '55119******44' });
      expect(edited.body).toMatchObject({ name: 'Masked Person 2', number: '55119******44' });
      expect((await admin.get(`/contacts/${person.id}`)).body.number).toBe('5511977665544');

      // hidden digits cannot be found by searching them: agents find people by name, admins by number too
      expect((await agent.get('/contacts?searchParam=5511977665544')).body.contacts).toEqual([]);
      expect((await agent.get('/contacts?searchParam=977665544')).body.contacts).toEqual([]);
      expect((await admin.get('/contacts?searchParam=977665544')).body.contacts.map((c: { id: number }) => c.id)).toContain(
        person.id,
      );
      expect(
        (await agent.get('/contacts?searchParam=120363000000000001')).body.contacts.map((c: { id: number }) => c.id),
      ).toEqual([group.id]);

      const imported = await agent.post('/contactsImport', { name: 'Imported masked', number: '5511955443322' });
      expect(imported.body.contact.number).toBe('55119******22');
    } finally {
      await setPrivacy(companyId, false);
    }
    expect((await agent.get(`/contacts/${person.id}`)).body.number).toBe('5511977665544');
  });

  it('pushes the contact event unmasked to admins and masked to agents', async () => {
    const adminSocket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    const agentSocket = await SocketProbe.open(runtime.url, `token=${agent.token}`);
    await setPrivacy(companyId, true);
    try {
      const event = `company-${companyId}-contact`;
      const created = await createContact('Pushed Person', '5511966554433');
      const forAdmin = await adminSocket.waitFor((f) => f.event === event && f.data.contact?.id === created.id);
      const forAgent = await agentSocket.waitFor((f) => f.event === event && f.data.contact?.id === created.id);
      expect(forAdmin.data).toMatchObject({ action: 'create', contact: { number: '5511966554433' } });
      expect(forAgent.data).toMatchObject({ action: 'create', contact: { number: '55119******33' } });
      await admin.delete(`/contacts/${created.id}`);
      expect((await agentSocket.waitFor((f) => f.event === event && f.data.action === 'delete')).data).toEqual({
        action: 'delete',
        contactId: created.id,
      });
    } finally {
      await setPrivacy(companyId, false);
      await adminSocket.close();
      await agentSocket.close();
    }
  });
});

describe('import row', () => {
  it('creates a contact (201), and with an existing number answers it untouched (200, created false)', async () => {
    const number = phone();
    const first = await admin.post('/contactsImport', {
      name: 'Imported',
      number,
      email: 'imp@example.com',
      validateContact: 'false',
    });
    expect(first).toMatchObject({
      status: 201,
      body: { created: true, contact: { name: 'Imported', number, email: 'imp@example.com' } },
    });
    const before = await itemsOf(companyId);
    const again = await admin.post('/contactsImport', { name: 'Imported Again', number, email: 'other@example.com' });
    expect(again).toMatchObject({
      status: 200,
      body: { created: false, contact: { id: first.body.contact.id, name: 'Imported', email: 'imp@example.com' } },
    });
    expect(await itemsOf(companyId)).toEqual(before);
    const invalid = await admin.post('/contactsImport', { name: 'I', number: '12' });
    expect(fieldsOf(invalid.body)).toEqual({ 'body.name': 'Too Short!', 'body.number': 'Too Short!' });
  });
});
