import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { measureCapacity } from '../../platform/table/client.ts';
import { findOrCreateContactByIdentity } from './contact-identity.service.ts';
import { maskNumber, presentContact } from './contact-privacy.service.ts';
import { findContactsPage, searchContactIds } from './contact-search.service.ts';
import { getContact, getContactsByIds } from './contacts.service.ts';

beforeAll(async () => {
  await useTestTable();
});

let nextCompany = 500;
const freshCompany = () => nextCompany++;

describe('maskNumber', () => {
  it('hides the 6 characters before the last 2 of a long number and keeps its leading part', () => {
    expect(maskNumber('5511999887766')).toBe('55119******66');
    expect(maskNumber('123456789')).toBe('1******89');
  });

  it('shows only the last 2 characters of a number of 8 or fewer', () => {
    expect(maskNumber('12345678')).toBe('******78');
    expect(maskNumber('12345')).toBe('***45');
    expect(maskNumber('12')).toBe('12');
  });
});

describe('presentContact', () => {
  const viewer = (profile: 'admin' | 'user', on: boolean) =>
    ({ profile, company: { settings: { enableLGPD: on ? 'enabled' : 'disabled', lgpdHideNumber: 'enabled' } } }) as never;
  const contact = { number: '5511999887766', isGroup: false } as never;

  it('masks for a user-profile viewer only while enableLGPD and lgpdHideNumber are both enabled', () => {
    expect(presentContact(viewer('user', true), contact).number).toBe('55119******66');
    expect(presentContact(viewer('user', false), contact).number).toBe('5511999887766');
    expect(presentContact(viewer('admin', true), contact).number).toBe('5511999887766');
  });

  it('never masks a group', () => {
    expect(presentContact(viewer('user', true), { number: '120363025246125486', isGroup: true } as never).number).toBe(
      '120363025246125486',
    );
  });
});

describe('findOrCreateContactByIdentity', () => {
  it('creates one contact when several calls for one new identity run at once', async () => {
    const cid = freshCompany();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        findOrCreateContactByIdentity(cid, { channel: 'whatsapp', identity: '5511988776655', name: 'Paula' }),
      ),
    );
    const ids = new Set(results.map((r) => r.contact.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const page = await findContactsPage(cid, { rowsPerPage: 10 });
    expect(page.contacts.map((c) => c.id)).toEqual([...ids]);
    expect(page.count).toBe(1);
  });

  it('stores a new contact with the identity as number and the name given, or the identity for a name', async () => {
    const cid = freshCompany();
    const named = await findOrCreateContactByIdentity(cid, {
      channel: 'whatsapp',
      identity: '5511911112222',
      name: 'Rafa',
      connectionId: 3,
    });
    expect(named).toMatchObject({
      created: true,
      contact: { name: 'Rafa', number: '5511911112222', channel: 'whatsapp', whatsappId: 3, active: true, tags: [] },
    });
    const unnamed = await findOrCreateContactByIdentity(cid, { channel: 'facebook', identity: '998877665544' });
    expect(unnamed.contact).toMatchObject({ name: '998877665544', number: '998877665544', channel: 'facebook' });
  });

  it('treats whatsapp and whatsappapi as one identity space', async () => {
    const cid = freshCompany();
    const first = await findOrCreateContactByIdentity(cid, { channel: 'whatsapp', identity: '5511933334444', name: 'Leo' });
    const second = await findOrCreateContactByIdentity(cid, { channel: 'whatsappapi', identity: '5511933334444', name: 'Leo' });
    expect(second).toMatchObject({ created: false, contact: { id: first.contact.id } });
    const other = await findOrCreateContactByIdentity(cid, { channel: 'instagram', identity: '5511933334444', name: 'Leo' });
    expect(other.created).toBe(true);
  });

  it('replaces the name of a known contact only while its name is still its number, and refreshes the picture', async () => {
    const cid = freshCompany();
    const first = await findOrCreateContactByIdentity(cid, { channel: 'whatsapp', identity: '5511955556666' });
    expect(first.contact.name).toBe('5511955556666');
    const named = await findOrCreateContactByIdentity(cid, {
      channel: 'whatsapp',
      identity: '5511955556666',
      name: 'Bia',
      urlPicture: 'https://pic/1',
    });
    expect(named).toMatchObject({ created: false, contact: { id: first.contact.id, name: 'Bia', urlPicture: 'https://pic/1' } });
    const renamed = await findOrCreateContactByIdentity(cid, {
      channel: 'whatsapp',
      identity: '5511955556666',
      name: 'Beatriz',
      urlPicture: 'https://pic/2',
    });
    expect(renamed.contact).toMatchObject({ name: 'Bia', urlPicture: 'https://pic/2' });
    expect((await getContact(cid, first.contact.id))?.name).toBe('Bia');
    // the new name is searchable, the old number-name too (it is still the number)
    expect(await searchContactIds(cid, 'bia', 10)).toEqual([first.contact.id]);
  });

  it('keeps a web chat visitor id as number, the phone in extra info and the e-mail', async () => {
    const cid = freshCompany();
    const { contact } = await findOrCreateContactByIdentity(cid, {
      channel: 'webchat',
      identity: 'visitor-01HZY',
      name: 'Site visitor',
      phone: '+55 11 97777-0000',
      email: 'Visitor@Example.com',
    });
    expect(contact).toMatchObject({
      number: 'visitor-01HZY',
      email: 'visitor@example.com',
      extraInfo: [{ id: 1, name: 'phone', value: '+55 11 97777-0000' }],
    });
  });
});

describe('getContactsByIds', () => {
  it('answers the contacts of the company only, in one call for many ids', async () => {
    const cid = freshCompany();
    const other = freshCompany();
    const a = await findOrCreateContactByIdentity(cid, { channel: 'whatsapp', identity: '5511900000001', name: 'A' });
    const b = await findOrCreateContactByIdentity(other, { channel: 'whatsapp', identity: '5511900000002', name: 'B' });
    const found = await getContactsByIds(cid, [a.contact.id, b.contact.id, 9999]);
    expect([...found.keys()]).toEqual([a.contact.id]);
  });
});

describe('search cost', () => {
  const seed = async (cid: number, n: number) => {
    const surnames = ['Souza', 'Silva', 'Santos', 'Oliveira', 'Pereira'];
    for (let i = 0; i < n; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, n - i) }, (_, k) =>
          findOrCreateContactByIdentity(cid, {
            channel: 'whatsapp',
            identity: `55119${String(10000000 + i + k)}`,
            name: `Maria ${surnames[(i + k) % surnames.length]} ${String(i + k).padStart(4, '0')}`,
          }),
        ),
      );
    }
  };

  it('costs the same round trips and read units for a page at 30 and at 300 contacts', { timeout: 120_000 }, async () => {
    const small = freshCompany();
    const large = freshCompany();
    await seed(small, 30);
    await seed(large, 300);

    const costs = async (cid: number) => {
      const byName = await measureCapacity(() => findContactsPage(cid, { searchParam: 'mar', rowsPerPage: 10 }));
      const byWord = await measureCapacity(() => findContactsPage(cid, { searchParam: 'Maria', rowsPerPage: 10 }));
      const byNumber = await measureCapacity(() => findContactsPage(cid, { searchParam: '(11) 9100000', rowsPerPage: 10 }));
      const second = await measureCapacity(() =>
        findContactsPage(cid, { searchParam: 'mar', rowsPerPage: 10, cursor: byName.result.nextCursor! }),
      );
      for (const m of [byName, byWord, byNumber, second]) expect(m.result.contacts).toHaveLength(10);
      return [byName, byWord, byNumber, second].map(({ roundTrips, readUnits }) => ({ roundTrips, readUnits }));
    };
    const atSmall = await costs(small);
    const atLarge = await costs(large);
    console.info('search page cost at 30 contacts', atSmall, 'at 300 contacts', atLarge);
    expect(atLarge).toEqual(atSmall);
    for (const c of atSmall) {
      // the index items carry the contacts: one Query answers a search page
      expect(c.roundTrips).toBe(1);
      expect(c.readUnits).toBeGreaterThan(0);
      expect(c.readUnits).toBeLessThanOrEqual(10);
    }
  });
});
