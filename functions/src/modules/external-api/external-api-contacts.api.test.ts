import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startApi } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;

const send = (number: string, body: string) =>
  new ApiClient(runtime.url).request(
    'POST',
    '/v1/messages/send',
    { number, body },
    { authorization: `Bearer ${company.apiToken}` },
  );

const contactCount = async () => (await company.admin.get('/contacts')).body.count as number;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Api Contatos');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('the external API and the contacts a company has', () => {
  it("sends to the contact that has the number, in any of the number's forms, and creates no second contact", async () => {
    const existing = await company.admin.post('/contacts', { name: 'Cliente Antigo', number: '5531987654321' });
    expect(existing.status).toBe(201);
    const before = await contactCount();
    // as stored, without the country code, and without the ninth digit (with and without the country code)
    for (const number of ['5531987654321', '31987654321', '553187654321', '3187654321']) {
      const res = await send(number, `para ${number}`);
      expect(res.status, `${number}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.contactId, number).toBe(existing.body.id);
    }
    expect(await contactCount()).toBe(before);
    const shown = await company.admin.get(`/contacts/${existing.body.id}`);
    expect(shown.body).toMatchObject({ name: 'Cliente Antigo', number: '5531987654321' });
  });

  it('finds a contact stored without the ninth digit by the number with it', async () => {
    const existing = await company.admin.post('/contacts', { name: 'Cliente Oito Digitos', number: '554188887777' });
    expect(existing.status).toBe(201);
    const res = await send('5541988887777', 'com o nono digito');
    expect(res.body.contactId).toBe(existing.body.id);
  });

  it('creates a contact for an unknown number once, and the next call in another form finds it', async () => {
    const before = await contactCount();
    const first = await send('5521977776666', 'primeira');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await contactCount()).toBe(before + 1);
    const again = await send('21977776666', 'segunda');
    expect(again.body.contactId).toBe(first.body.contactId);
    expect(again.body.ticketId).toBe(first.body.ticketId);
    expect(await contactCount()).toBe(before + 1);
  });

  it('prefers the contact of the number as given when two of its forms have one each', async () => {
    const withCountry = await company.admin.post('/contacts', { name: 'Cliente Com 55', number: '5531977778888' });
    const withoutCountry = await company.admin.post('/contacts', { name: 'Cliente Sem 55', number: '31977778888' });
    expect([withCountry.status, withoutCountry.status]).toEqual([201, 201]);
    expect((await send('31977778888', 'sem o 55')).body.contactId).toBe(withoutCountry.body.id);
    expect((await send('5531977778888', 'com o 55')).body.contactId).toBe(withCountry.body.id);
    // neither form is the one given: the forms are tried in their order, the one with 55 first
    expect((await send('553177778888', 'sem o nono digito')).body.contactId).toBe(withCountry.body.id);
  });

  it('keeps numbers of other countries apart: no other form is tried for them', async () => {
    const existing = await company.admin.post('/contacts', { name: 'Cliente Portugal', number: '351912345678' });
    expect(existing.status).toBe(201);
    const same = await send('351912345678', 'olá');
    expect(same.body.contactId).toBe(existing.body.id);
    const other = await send('35191234567', 'outro número');
    expect(other.status).toBe(200);
    expect(other.body.contactId).not.toBe(existing.body.id);
  });
});
