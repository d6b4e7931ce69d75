/**
 * The WhatsApp number check through the local gateway and the connector on scripted sockets: opening a ticket over a
 * WhatsApp session, the external API's send to a new number, a contact typed or imported while a session is the
 * company's default connection. A number on WhatsApp is stored as WhatsApp knows the account (Brazil's ninth digit);
 * one that is not answers ERR_WAPP_INVALID_CONTACT, a session that does not answer ERR_WAPP_CHECK_CONTACT within the
 * bound, and nothing is created then; an answer is kept, so the same number is not asked again.
 */
import { DisconnectReason } from '@whiskeysockets/baileys';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startApi } from '../../../../test/api.ts';
import { until } from '../../../../test/until.ts';
import { connectScriptedWhatsapp, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeBaileysSocket, FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { conversationTicketId } from '../tickets/ticket-routing.service.ts';
import { listConnectionsOf } from './connections.service.ts';
import { getNumberAnswer } from './whatsapp-number.repository.ts';
import { NUMBER_LOOKUP_WAIT_MS } from './whatsapp-numbers.service.ts';

let runtime: Runtime;
let company: TestCompany;
const fakes = new FakeSocketFactory();

/** A WhatsApp session of the company, connected, and the external API token of its connection. */
const connectSession = async (owner: TestCompany, phone: string, body: { name: string; isDefault?: boolean }) => {
  const { connection } = await connectScriptedWhatsapp(owner, fakes, phone, body);
  const ref = { companyId: owner.companyId, connectionId: connection.id };
  const token = (await listConnectionsOf(owner.companyId)).find((c) => c.id === connection.id)!.token!;
  return { connection, ref, token };
};

let session: Awaited<ReturnType<typeof connectSession>>;

/** Every number the session was asked about, over all its sockets. */
const lookups = (ref = session.ref) => fakes.of(ref).flatMap((s) => s.callsOf('onWhatsApp').flat() as string[]);

const newContact = async (name: string, number: string, owner = company) => {
  const res = await owner.admin.post('/contacts', { name, number });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; number: string; whatsappCheckedAt?: string | null };
};

const openTicket = (contactId: number, owner = company, whatsappId = session.connection.id) =>
  owner.admin.post('/tickets', { contactId, queueId: owner.queueId, whatsappId });

const externalSend = (number: string, body: string) =>
  new ApiClient(runtime.url).request('POST', '/v1/messages/send', { number, body }, { authorization: `Bearer ${session.token}` });

const contactCount = async (owner = company) => (await owner.admin.get('/contacts')).body.count as number;

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Checagem de Números');
  // not the default connection: contacts typed by hand are not checked here, tickets opened over it are
  session = await connectSession(company, '5511900009901', { name: 'Vendas' });
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => {
  FakeBaileysSocket.notOnWhatsapp.clear();
  FakeBaileysSocket.accountNumbers.clear();
});

describe('opening a ticket over a WhatsApp session', () => {
  it('looks an unconfirmed number up, stores the number WhatsApp knows the account by, and does not ask again', async () => {
    FakeBaileysSocket.accountNumbers.set('5531988887701', '553188887701');
    const contact = await newContact('Cliente Nono Dígito', '5531988887701');
    expect(contact.whatsappCheckedAt ?? null).toBeNull();

    const opened = await openTicket(contact.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.contact).toMatchObject({ id: contact.id, number: '553188887701' });
    expect(lookups()).toEqual(['5531988887701@s.whatsapp.net']);
    const stored = (await company.admin.get(`/contacts/${contact.id}`)).body;
    expect(stored.number).toBe('553188887701');
    expect(Date.parse(stored.whatsappCheckedAt)).not.toBeNaN();

    // the confirmation is on the contact: the next conversation opens without a lookup
    expect((await company.admin.put(`/tickets/${opened.body.id}`, { status: 'closed', sendFarewellMessage: false })).status).toBe(
      200,
    );
    const again = await openTicket(contact.id);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(lookups()).toHaveLength(1);
  });

  it('asks again for a changed number, and takes a number answered before from the stored answer without asking', async () => {
    const contact = await newContact('Cliente Que Muda', '5511955550101');
    const first = await openTicket(contact.id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const asked = lookups().length;
    await company.admin.put(`/tickets/${first.body.id}`, { status: 'closed', sendFarewellMessage: false });

    const moved = await company.admin.put(`/contacts/${contact.id}`, { number: '5511955550102' });
    expect(moved.body.whatsappCheckedAt).toBeNull();
    const back = await company.admin.put(`/contacts/${contact.id}`, { number: '5511955550101' });
    expect(back.body.whatsappCheckedAt).toBeNull();

    const reopened = await openTicket(contact.id);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(201);
    expect(lookups()).toHaveLength(asked);
    expect((await company.admin.get(`/contacts/${contact.id}`)).body.whatsappCheckedAt).toEqual(expect.any(String));
  });

  it('refuses a number that is not on WhatsApp with ERR_WAPP_INVALID_CONTACT and creates nothing', async () => {
    FakeBaileysSocket.notOnWhatsapp.add('5511955550201');
    const contact = await newContact('Sem WhatsApp', '5511955550201');
    const refused = await openTicket(contact.id);
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(await conversationTicketId(company.companyId, contact.id, session.connection.id)).toBeUndefined();
    expect((await company.admin.get(`/contacts/${contact.id}`)).body).toMatchObject({ number: '5511955550201' });
    expect((await company.admin.get(`/contacts/${contact.id}`)).body.whatsappCheckedAt ?? null).toBeNull();
    // the answer is kept: asked once
    expect(await openTicket(contact.id)).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(lookups().filter((jid) => jid.startsWith('5511955550201'))).toHaveLength(1);
  });

  it('answers ERR_WAPP_CHECK_CONTACT within the bound when the session does not answer, creating nothing; the late answer serves the next open', async () => {
    const socket = fakes.latest(session.ref)!;
    socket.lookupDelayMs = NUMBER_LOOKUP_WAIT_MS + 1_500;
    const contact = await newContact('Sessão Lenta', '5511955550301');
    try {
      const started = Date.now();
      const refused = await openTicket(contact.id);
      const waited = Date.now() - started;
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_CHECK_CONTACT' } });
      expect(waited).toBeGreaterThanOrEqual(NUMBER_LOOKUP_WAIT_MS - 100);
      expect(waited).toBeLessThan(NUMBER_LOOKUP_WAIT_MS + 4_000);
      expect(await conversationTicketId(company.companyId, contact.id, session.connection.id)).toBeUndefined();
      await until(
        () => getNumberAnswer(company.companyId, session.connection.id, '5511955550301'),
        (answer) => answer?.found === true,
      );
    } finally {
      socket.lookupDelayMs = 0;
    }
    const asked = lookups().length;
    const opened = await openTicket(contact.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(lookups()).toHaveLength(asked);
  });

  it('refuses another company’s connection (404) without asking anything', async () => {
    const other = await signupCompany(runtime, 'Outra Empresa');
    const theirs = await newContact('Cliente Deles', '5511955550401', other);
    // connection ids are numbered per company: the other company has none with our session's id
    expect((await listConnectionsOf(other.companyId)).map((c) => c.id)).not.toContain(session.connection.id);
    const asked = lookups().length;
    const res = await openTicket(theirs.id, other, session.connection.id);
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    // our contact through their account: not found either
    const ours = await newContact('Cliente Nosso', '5511955550402');
    expect((await openTicket(ours.id, other)).status).toBe(404);
    expect(lookups()).toHaveLength(asked);
  });
});

describe('the external API’s send to a new number over a WhatsApp session', () => {
  it('refuses a number not on WhatsApp (asked once), and creates a new contact under the number WhatsApp answers', async () => {
    FakeBaileysSocket.notOnWhatsapp.add('5511955550501');
    const before = await contactCount();
    expect(await externalSend('5511955550501', 'olá')).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    expect(await externalSend('5511955550501', 'de novo')).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    expect(lookups().filter((jid) => jid.startsWith('5511955550501'))).toHaveLength(1);
    expect(await contactCount()).toBe(before);

    FakeBaileysSocket.accountNumbers.set('5521988880501', '552188880501');
    const sent = await externalSend('5521988880501', 'bem-vindo');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const contact = (await company.admin.get(`/contacts/${sent.body.contactId}`)).body;
    expect(contact.number).toBe('552188880501');
    expect(contact.whatsappCheckedAt).toEqual(expect.any(String));
    // the number as given names the same contact next time, without a lookup
    const asked = lookups().length;
    expect((await externalSend('5521988880501', 'de novo')).body.contactId).toBe(contact.id);
    expect(lookups()).toHaveLength(asked);
    expect(await contactCount()).toBe(before + 1);
  });
});

describe('contacts typed or imported while a WhatsApp session is the default connection', () => {
  it('checks the number: not on WhatsApp refuses it, on it stores the account’s number; an import asks only with validateContact', async () => {
    const shop = await signupCompany(runtime, 'Loja Com Sessão Padrão');
    const own = await connectSession(shop, '5511900009902', { name: 'Principal', isDefault: true });
    FakeBaileysSocket.notOnWhatsapp.add('5511955550601');
    FakeBaileysSocket.accountNumbers.set('5531988880602', '553188880602');
    const before = await contactCount(shop);

    expect(await shop.admin.post('/contacts', { name: 'Sem Zap', number: '5511955550601' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    expect(
      await shop.admin.post('/contactsImport', { name: 'Sem Zap', number: '5511955550601', email: '', validateContact: 'true' }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(await contactCount(shop)).toBe(before);

    const imported = await shop.admin.post('/contactsImport', {
      name: 'Com Zap',
      number: '5531988880602',
      email: '',
      validateContact: 'true',
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.contact).toMatchObject({ number: '553188880602', whatsappCheckedAt: expect.any(String) });

    // without validateContact the row is taken as it is
    const asked = lookups(own.ref).length;
    const unchecked = await shop.admin.post('/contactsImport', { name: 'Sem Checar', number: '5511955550601', email: '' });
    expect(unchecked.status, JSON.stringify(unchecked.body)).toBe(201);
    expect(lookups(own.ref)).toHaveLength(asked);
    expect(await contactCount(shop)).toBe(before + 2);
  });
});

describe('a session that is down', () => {
  it('answers ERR_WAPP_CHECK_CONTACT at once, asking nothing, and creates nothing', async () => {
    const contact = await newContact('Sessão Caída', '5511955550701');
    fakes.latest(session.ref)!.close(DisconnectReason.connectionClosed, 'Connection Terminated');
    await until(
      () => company.admin.get(`/whatsapp/${session.connection.id}`),
      (r) => r.body.status !== 'CONNECTED',
    );
    const asked = lookups().length;
    const started = Date.now();
    expect(await openTicket(contact.id)).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_CHECK_CONTACT' } });
    expect(Date.now() - started).toBeLessThan(NUMBER_LOOKUP_WAIT_MS);
    expect(lookups()).toHaveLength(asked);
    expect(await conversationTicketId(company.companyId, contact.id, session.connection.id)).toBeUndefined();
  });
});
