/**
 * Integrations in a conversation (server reference 1.2 steps 17-18, 2.1, 2.2, 8.1), played through the web chat
 * channel: visitors write through the real widget API; n8n and webhook integrations post to a local HTTP server that
 * records what it received.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntegrationWebhookPayload } from '@switchboard/shared/contracts/queue-integrations';
import { startApi } from '../../../test/api.ts';
import { until } from '../../../test/until.ts';
import { botSaid, signupCompany, ticketIdOf, Visitor, type TestCompany } from '../../../test/inbox.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { currentTicket } from '../modules/tickets/tickets.service.ts';

let runtime: Runtime;
let company: TestCompany;
let server: Server;
let hookUrl: string;
const received: { path: string; body: IntegrationWebhookPayload }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(raw) as IntegrationWebhookPayload });
      // the answer is ignored: an error status changes nothing for the customer
      res.writeHead(req.url === '/broken' ? 500 : 200, { 'content-type': 'application/json' }).end('{"reply":"ignored"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Integrada');
});
afterAll(async () => {
  await runtime?.stop();
  await new Promise((resolve) => server.close(resolve));
});

const integration = async (name: string, path: string, type: 'webhook' | 'n8n' = 'webhook'): Promise<number> => {
  const res = await company.admin.post('/queueIntegration', { type, name, urlN8N: `${hookUrl}${path}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
};

/** A web chat of its own, with these settings, and its widget key. */
const webchat = async (name: string, settings: Record<string, unknown>): Promise<string> => {
  const created = await company.admin.post('/whatsapp', { channel: 'webchat', name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const updated = await company.admin.put(`/whatsapp/${created.body.id}`, settings);
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return created.body.widgetKey;
};

const ticketOf = async (name: string) => (await currentTicket(company.companyId, await ticketIdOf(company, name, ['pending'])))!;
const postsTo = (path: string) => received.filter((r) => r.path === path).map((r) => r.body);

describe('integration runtime', () => {
  it("takes a new conversation on the connection's webhook integration and posts every customer message to it", async () => {
    const id = await integration('Webhook da loja', '/conn');
    const token = await webchat('Chat integrado', { integrationId: id, greetingMessage: 'Menu', queueIds: [] });
    const v = await new Visitor(runtime, token).start('Ana Webhook', { email: 'ana@example.com' });
    await v.say('Oi, tudo bem?');
    const [first] = postsTo('/conn');
    const t = await ticketOf('Ana Webhook');
    expect(first).toMatchObject({
      event: 'message',
      companyId: company.companyId,
      integrationId: id,
      connection: { name: 'Chat integrado', channel: 'webchat' },
      ticket: { id: t.id, uuid: t.uuid, status: 'pending', queueId: null },
      contact: { id: t.contactId, name: 'Ana Webhook' },
      message: { body: 'Oi, tudo bem?', fromMe: false, mediaType: 'chat', ticketId: t.id },
    });
    expect(t).toMatchObject({ useIntegration: true, integrationId: id });
    // the integration answers (or not) on its own: the bot sends no menu
    expect(await botSaid(v)).toEqual([]);
    await v.say('Quero um orçamento');
    expect(postsTo('/conn').map((p) => p.message.body)).toEqual(['Oi, tudo bem?', 'Quero um orçamento']);
    // an agent takes the ticket: the integration hears nothing more
    expect((await company.admin.put(`/tickets/${t.id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    await v.say('Obrigada');
    expect(postsTo('/conn')).toHaveLength(2);
  });

  it('keeps a contact with the bot switched off away from every integration', async () => {
    const id = await integration('Webhook bloqueado', '/blocked');
    const token = await webchat('Chat sem robô', { integrationId: id, queueIds: [] });
    const v = await new Visitor(runtime, token).start('Bia Sem Robô');
    const contacts = await company.admin.get('/contacts?searchParam=Bia%20Sem');
    const contactId = contacts.body.contacts[0].id;
    expect((await company.admin.put(`/contacts/toggleDisableBot/${contactId}`, { disableBot: true })).status).toBe(200);
    await v.say('Olá');
    expect(postsTo('/blocked')).toEqual([]);
    expect((await ticketOf('Bia Sem Robô')).useIntegration).toBe(false);
  });

  it('enters the integration of a chosen queue, and of a chatbot option of type integration', async () => {
    const byQueue = await integration('n8n da fila', '/queue', 'n8n');
    const byOption = await integration('Webhook da opção', '/option');
    const q1 = await company.admin.post('/queue', {
      name: 'Robô n8n',
      color: '#1a2b3c',
      greetingMessage: 'Fila do robô',
      integrationId: byQueue,
    });
    const q2 = await company.admin.post('/queue', {
      name: 'Menu',
      color: '#3c2b1a',
      greetingMessage: 'Escolha',
      chatbots: [{ name: 'Falar com o robô', queueType: 'integration', optIntegrationId: byOption }, { name: 'Outra coisa' }],
    });
    expect([q1.status, q2.status]).toEqual([201, 201]);
    const token = await webchat('Chat com filas', { greetingMessage: 'Bem-vindo', queueIds: [q1.body.id, q2.body.id] });

    const a = await new Visitor(runtime, token).start('Caio Fila');
    await a.say('Oi');
    await a.say('1');
    expect(postsTo('/queue').map((p) => p.message.body)).toEqual(['1']);
    expect(await ticketOf('Caio Fila')).toMatchObject({ useIntegration: true, integrationId: byQueue, queueId: q1.body.id });
    await a.say('Preciso de ajuda');
    expect(postsTo('/queue').map((p) => p.message.body)).toEqual(['1', 'Preciso de ajuda']);

    const b = await new Visitor(runtime, token).start('Duda Opção');
    await b.say('Oi');
    await b.say('2');
    await b.say('1');
    expect(postsTo('/option').map((p) => p.message.body)).toEqual(['1']);
    expect(await ticketOf('Duda Opção')).toMatchObject({ useIntegration: true, integrationId: byOption });
  });

  it('logs a receiver that fails and goes on; a deleted integration lets go of its tickets', async () => {
    const id = await integration('Webhook quebrado', '/broken');
    const token = await webchat('Chat quebrado', { integrationId: id, queueIds: [] });
    const v = await new Visitor(runtime, token).start('Edu Quebrado');
    await v.say('Oi');
    expect(postsTo('/broken')).toHaveLength(1);
    expect((await ticketOf('Edu Quebrado')).useIntegration).toBe(true);
    expect((await company.admin.delete(`/queueIntegration/${id}`)).status).toBe(200);
    await v.say('Alguém?');
    expect(postsTo('/broken')).toHaveLength(1);
    expect(await ticketOf('Edu Quebrado')).toMatchObject({ useIntegration: false, integrationId: null });
  });

  it('posts nothing to a receiver on a private address where TENANT_URLS_PRIVATE denies them, and logs why', async () => {
    // saved while allowed (locally), called once denied: the check at call time is what stops it
    const other = await signupCompany(runtime, 'Loja Interna');
    const id = (
      await other.admin.post('/queueIntegration', { type: 'webhook', name: 'Webhook interno', urlN8N: `${hookUrl}/internal` })
    ).body.id as number;
    const chat = await other.admin.post('/whatsapp', { channel: 'webchat', name: 'Chat interno' });
    expect((await other.admin.put(`/whatsapp/${chat.body.id}`, { integrationId: id, queueIds: [] })).status).toBe(200);
    const token = chat.body.widgetKey as string;
    // what the functions log reaches this process's stderr, also from the isolated workers, whose output it carries
    const stderr = vi.spyOn(process.stderr, 'write');
    const warnings = () =>
      stderr.mock.calls
        .map(([chunk]) => String(chunk))
        .join('')
        .split('\n')
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as { level?: string; message?: string; integrationId?: number; reason?: string }];
          } catch {
            return [];
          }
        });
    const allowed = process.env.TENANT_URLS_PRIVATE;
    runtime.setEnv({ TENANT_URLS_PRIVATE: 'deny' });
    try {
      const v = await new Visitor(runtime, token).start('Gil Interno');
      await v.say('Oi');
      expect(postsTo('/internal')).toEqual([]);
      const refused = await until(warnings, (logged) =>
        logged.some((w) => w.message === 'integration webhook failed' && w.integrationId === id),
      );
      expect(refused.find((w) => w.message === 'integration webhook failed' && w.integrationId === id)).toMatchObject({
        level: 'WARN',
        reason: expect.stringContaining('URL refused: 127.0.0.1 is not a public address (loopback)'),
      });
      const { tickets } = (await other.admin.get('/tickets?status=pending&showAll=true')).body;
      expect((await currentTicket(other.companyId, tickets[0].id))?.useIntegration).toBe(true);
    } finally {
      runtime.setEnv({ TENANT_URLS_PRIVATE: allowed });
      stderr.mockRestore();
    }
  });
});
