/**
 * POST /contacts/import/chats end to end: the connector on a scripted socket keeps the chats a history sync and new
 * chats bring, the route asks the connector for the import and answers at once, and the admins are told the count
 * when the people of individual chats are contacts (groups, broadcasts, status, LIDs without a number and our own
 * number left out; a number that has a contact keeps it). Then who may ask, and what it refuses.
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketProbe, startApi } from '../../../../test/api.ts';
import { until } from '../../../../test/until.ts';
import { addAgent, connectScriptedWhatsapp, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { queryKnownChats } from './known-chats.repository.ts';

let runtime: Runtime;
let company: TestCompany;
let connection: Connection;
let socket: FakeBaileysSocket;
const fakes = new FakeSocketFactory();
const OWN = '5511900004444';

const jidOf = (number: string) => `${number}@s.whatsapp.net`;
const contactsNamed = async (searchParam: string) =>
  ((await company.admin.get(`/contacts?searchParam=${encodeURIComponent(searchParam)}`)).body.contacts as {
    id: number;
    name: string;
    number: string;
  }[]) ?? [];
const contactOf = async (number: string) => {
  const profile = await company.admin.get(`/contacts/profile/${number}`);
  if (profile.status !== 200) return undefined;
  return (await company.admin.get(`/contacts/${profile.body.contactId}`)).body as { id: number; name: string; number: string };
};

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Importa Conversas');
  ({ connection, socket } = await connectScriptedWhatsapp(company, fakes, OWN, { name: 'Celular da loja' }));
});
afterAll(async () => {
  await runtime?.stop();
});

describe('POST /contacts/import/chats', () => {
  it("creates a contact for each person of the session's chats, once, and tells the admins the count", async () => {
    const existing = await company.admin.post('/contacts', { name: 'Cliente Antiga', number: '5511977771001', email: '' });
    expect(existing.status, JSON.stringify(existing.body)).toBe(201);
    const adminProbe = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    const agent = await addAgent(runtime, company);
    const agentProbe = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);

    socket.syncChats(
      [
        { id: jidOf('5511977771001'), name: 'Nome do celular' },
        { id: jidOf('5511977771002'), name: 'Cliente Nova' },
        // a person WhatsApp addresses by LID, with their number alongside
        { id: '201234567890123@lid', pnJid: jidOf('5511977771003') },
        // a LID whose number nobody knows, a group, status, a broadcast list, and our own number: left out
        { id: '209999999999999@lid', name: 'Sem número' },
        { id: '120363000000000077@g.us', name: 'Grupo da Família' },
        { id: 'status@broadcast' },
        { id: '1700000000@broadcast', name: 'Lista de transmissão' },
        { id: jidOf(OWN), name: 'Eu' },
      ],
      [{ id: '201234567890123@lid', notify: 'Zé da Esquina' }],
    );
    socket.ev.emit('chats.upsert', [{ id: jidOf('5511977771004'), name: 'Conversa Recente' }]);
    const kept = await until(
      () => queryKnownChats(company.companyId, connection.id, 50),
      (page) => page.chats.length >= 4,
    );
    expect(kept.chats.map((c) => c.identity).sort()).toEqual([
      '5511977771001',
      '5511977771002',
      '5511977771003',
      '5511977771004',
    ]);

    const started = await company.admin.post('/contacts/import/chats', {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ whatsappId: connection.id });
    expect(started.body.message).toEqual(expect.any(String));
    const done = await adminProbe.waitFor((f) => f.event === `company-${company.companyId}-chatImport`, 15_000);
    expect(done.data).toEqual({ action: 'importChats', whatsappId: connection.id, created: 3, total: 4 });

    expect(await contactOf('5511977771002')).toMatchObject({ name: 'Cliente Nova', number: '5511977771002' });
    expect(await contactOf('5511977771003')).toMatchObject({ name: 'Zé da Esquina' });
    expect(await contactOf('5511977771004')).toMatchObject({ name: 'Conversa Recente' });
    // the number that had a contact keeps it, as it was
    expect(await contactsNamed('5511977771001')).toEqual([
      expect.objectContaining({ id: existing.body.id, name: 'Cliente Antiga' }),
    ]);
    expect(await contactsNamed('Grupo da Família')).toEqual([]);
    expect(await contactsNamed('Sem número')).toEqual([]);
    expect(await contactOf('1700000000')).toBeUndefined();

    // asked again: nothing new, no second contact for anyone
    await company.admin.post('/contacts/import/chats', { whatsappId: connection.id });
    const again = await adminProbe.waitFor((f) => f.event === `company-${company.companyId}-chatImport` && f !== done, 15_000);
    expect(again.data).toMatchObject({ created: 0, total: 4 });
    expect(await contactsNamed('Cliente Nova')).toHaveLength(1);
    // the import's end is for admins
    expect(agentProbe.frames.some((f) => f.event.endsWith('-chatImport'))).toBe(false);
    await adminProbe.close();
    await agentProbe.close();
  });

  it('is for admins, and refuses a connection that is not a connected WhatsApp QR session', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.post('/contacts/import/chats', {})).status).toBe(403);

    const bad = await company.admin.post('/contacts/import/chats', { whatsappId: 'abc' });
    expect(bad.status).toBe(400);
    expect((bad.body.fields as { path: string }[]).map((f) => f.path)).toEqual(['body.whatsappId']);
    // the web chat has no chats to give
    const webchat = await company.admin.post('/contacts/import/chats', { whatsappId: company.connectionId });
    expect(webchat.status).toBe(400);
    expect(webchat.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    // a session not paired yet
    const pending = await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Ainda sem QR' });
    const notConnected = await company.admin.post('/contacts/import/chats', { whatsappId: pending.body.id });
    expect(notConnected.status).toBe(400);
    expect(notConnected.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    // a connection the company does not have
    const unknown = await company.admin.post('/contacts/import/chats', { whatsappId: 9999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_WAPP_FOUND');
    // a company with no WhatsApp QR session at all
    const other = await signupCompany(runtime, 'Sem WhatsApp');
    const none = await other.admin.post('/contacts/import/chats', {});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });
});
