/**
 * Campaigns beyond a Baileys session: a Cloud API number sends approved templates with their placeholders filled
 * per contact (checked by the fake Graph server as Meta checks them), a template Meta refuses is a failure with its
 * reason in the report, and a tag campaign reaches the tagged contacts its connection's channel can write to.
 * Plus the campaign's echo on a Baileys session: a contact's open ticket stays as it was and the message is stored once;
 * its receipts (delivered, read) move the report, and a session that is down shows its sends deferred, then failed.
 * The send hours and intervals are opened wide, so the campaign runs on the real clock.
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import { proto } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { startApi } from '../../../../test/api.ts';
import { startFakeGraph, type FakeGraph } from '../../../../test/fakes/graph-server.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import { processInboundEvent } from '../inbound/inbound.service.ts';
import { findStoredMessage } from '../messages/message-sends.service.ts';
import { CAMPAIGN_MARK } from './campaign.entity.ts';
import { until } from '../../../../test/until.ts';

const CLOUD = {
  phoneNumberId: '1015559901',
  wabaId: '2025559902',
  accessToken: 'campaign-cloud-token',
  appSecret: 'campaign-cloud-secret',
  verifyToken: 'campaign-cloud-verify',
};

let fake: FakeGraph;
let runtime: Runtime;
let company: TestCompany;
let cloud: Connection;
const fakes = new FakeSocketFactory();

const post = async (path: string, body: unknown, status = 201) => {
  const res = await company.admin.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const finished = (id: number) =>
  until(
    () => company.admin.get(`/campaigns/${id}`),
    (r) => r.body.status === 'FINALIZADA',
  ).then((r) => r.body);

const taggedContact = async (tagId: number, contact: Record<string, unknown>) => {
  const created = await post('/contacts', contact);
  await post('/tags/sync', { contactId: created.id, tags: [{ id: tagId }] }, 200);
  return created;
};

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { META_GRAPH_URL: fake.url });
  fake.tokens.add(CLOUD.accessToken);
  fake.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  fake.templates.set(CLOUD.wabaId, [
    {
      name: 'oferta_mes',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Novidades da {{1}}' },
        { type: 'BODY', text: 'Olá {{1}}, seu código é {{2}}. Responda {{3}}.' },
      ],
    },
    {
      name: 'lembrete',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Oi {{1}}, lembrete.' }],
    },
    { name: 'rascunho', language: 'pt_BR', status: 'PENDING', category: 'UTILITY', components: [{ type: 'BODY', text: 'x' }] },
  ]);
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Campanhas oficiais');
  cloud = await post('/whatsapp', { channel: 'whatsappapi', name: 'Número oficial', ...CLOUD });
  await post(
    '/campaign-settings',
    {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '00:00',
        endHour: '23:59',
        sabado: true,
        domingo: true,
        variables: [{ key: 'loja', value: 'Loja Centro' }],
      },
    },
    200,
  );
}, 60_000);
afterAll(async () => {
  await runtime?.stop();
  await fake?.close();
  delete process.env.META_GRAPH_URL;
});

describe('a template campaign on a Cloud API number', () => {
  it('offers the approved templates with their header and body placeholders, and refuses an unknown or half-filled one', async () => {
    const templates = await company.admin.get(`/whatsapp/${cloud.id}/templates`);
    expect(templates.body).toContainEqual({
      name: 'oferta_mes',
      language: 'pt_BR',
      category: 'MARKETING',
      body: 'Olá {{1}}, seu código é {{2}}. Responda {{3}}.',
      paramCount: 3,
      header: 'Novidades da {{1}}',
      headerParamCount: 1,
    });
    expect(templates.body.map((t: { name: string }) => t.name)).not.toContain('rascunho');
    const list = await post('/contact-lists', { name: 'Lista modelo' });
    const base = { name: 'Modelo', contactListId: list.id, whatsappId: cloud.id };
    const refused = await company.admin.post('/campaigns', {
      ...base,
      template: { name: 'rascunho', language: 'pt_BR', params: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ path: 'body.template', message: 'No approved template with this name and language' }]);
    const short = await company.admin.post('/campaigns', {
      ...base,
      template: { name: 'oferta_mes', language: 'pt_BR', params: ['{nome}'] },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual([{ path: 'body.template', message: 'Fill every placeholder of the template' }]);
  });

  it('sends each contact the template with its parameters filled in, and reports a template Meta refuses as failed with its reason', async () => {
    const tag = await post('/tags', { name: 'Clientes oficiais', color: '#123456', kanban: 0 });
    const people = [
      { name: 'Ana', number: '5511988880001', email: 'ana@example.com' },
      { name: 'Bruno', number: '5511988880002', email: 'bruno@example.com' },
      { name: 'Carla', number: '5511988880003', email: '' },
    ];
    for (const p of people) await taggedContact(tag.id, p);
    // a web chat visitor and a Messenger contact carry the tag too: a WhatsApp number cannot reach them
    await taggedContact(tag.id, { name: 'Visitante', number: 'visitor-abc', channel: 'webchat' });
    await taggedContact(tag.id, { name: 'Página', number: '6001002003', channel: 'facebook' });

    const sendsBefore = fake.sends().length;
    const campaign = await post('/campaigns', {
      name: 'Oferta oficial',
      tagListId: tag.id,
      whatsappId: cloud.id,
      scheduledAt: new Date().toISOString(),
      template: { name: 'oferta_mes', language: 'pt_BR', params: ['{nome}', 'CUPOM-{numero}', 'SIM'], headerParams: ['{loja}'] },
    });
    const done = await finished(campaign.id);
    // taken by Meta, not yet confirmed by a delivered status: sent, not delivered
    expect(done.stats).toMatchObject({ valid: 3, sent: 3, delivered: 0, failed: 0, unreachable: 2 });

    // the report counts a message once it is queued; the outbound function takes it to Meta after that
    await runtime.idleQueues();
    const sends = fake.sends().slice(sendsBefore);
    expect(sends.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const p of people) {
      const call = sends.find((s) => s.body.to === p.number);
      expect(call?.body, p.name).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: p.number,
        type: 'template',
        template: {
          name: 'oferta_mes',
          language: { code: 'pt_BR' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: 'Loja Centro' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: p.name },
                { type: 'text', text: `CUPOM-${p.number}` },
                { type: 'text', text: 'SIM' },
              ],
            },
          ],
        },
      });
    }

    // the conversation shows the template as Ana read it, not the campaign's (empty) message variants
    const anaTicket = (await company.admin.get('/tickets?status=closed&showAll=true')).body.tickets.find(
      (t: any) => t.contact.number === people[0]!.number,
    );
    const stored = (await company.admin.get(`/messages/${anaTicket.id}`)).body.messages.map((m: any) => m.body);
    expect(stored).toContain(
      `${CAMPAIGN_MARK}Novidades da Loja Centro\nOlá Ana, seu código é CUPOM-${people[0]!.number}. Responda SIM.`,
    );

    // Meta pauses the template after the next campaign was scheduled: its sends are refused, and the report says why
    const paused = await post('/campaigns', {
      name: 'Oferta pausada',
      tagListId: tag.id,
      whatsappId: cloud.id,
      scheduledAt: new Date(Date.now() + 2000).toISOString(),
      template: { name: 'oferta_mes', language: 'pt_BR', params: ['{nome}', '{email}', 'SIM'], headerParams: ['{loja}'] },
    });
    fake.templates.get(CLOUD.wabaId)!.find((t) => t.name === 'oferta_mes')!.status = 'PAUSED';
    const report = await until(
      () => company.admin.get(`/campaigns/${paused.id}`),
      // the counters move with each failure, the status right after the last one
      (r) => r.body.stats.failed === 3 && r.body.status === 'FINALIZADA',
    );
    expect(report.body.stats).toMatchObject({ valid: 3, sent: 0, delivered: 0, failed: 3 });
    const problems = await company.admin.get(`/campaigns/${paused.id}/shipping?problems=true`);
    expect(problems.body.shipping).toHaveLength(3);
    // Carla has no e-mail: an empty parameter is refused by Meta's shape check before the template is looked at
    const carla = problems.body.shipping.find((r: any) => r.name === 'Carla');
    expect(carla.reason).toContain('non-empty text');
    for (const row of problems.body.shipping.filter((r: any) => r.name !== 'Carla'))
      expect(row).toMatchObject({ status: 'failed', reason: expect.stringContaining('(#132015) Template is paused') });
    fake.templates.get(CLOUD.wabaId)!.find((t) => t.name === 'oferta_mes')!.status = 'APPROVED';
  }, 120_000);
});

describe('a campaign on a Baileys session', () => {
  let socket: FakeBaileysSocket;
  let session: Connection;
  const customer = '5511977770001';
  const jid = `${customer}@s.whatsapp.net`;

  beforeAll(async () => {
    session = await post('/whatsapp', { channel: 'whatsapp', name: 'Sessão campanhas' });
    socket = await fakes.next({ companyId: company.companyId, connectionId: session.id }, { after: 0 });
    socket.open('5511900009999');
    await until(
      () => company.admin.get(`/whatsapp/${session.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
  }, 60_000);

  it('leaves an open ticket as it was when the campaign message and its echo come, and stores the message once', async () => {
    // the customer writes and an agent takes the conversation
    socket.receive([
      {
        key: { remoteJid: jid, fromMe: false, id: 'CUST-1' },
        message: { conversation: 'Oi, tudo bem?' },
        messageTimestamp: Math.floor(Date.now() / 1000),
        pushName: 'Dora',
      },
    ]);
    const pending = await until(
      () => company.admin.get('/tickets?status=pending&showAll=true'),
      (r) => r.body.tickets.some((t: any) => t.contact.number === customer),
    );
    const ticket = pending.body.tickets.find((t: any) => t.contact.number === customer);
    const accepted = await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await runtime.idleQueues();
    const before = (await company.admin.get(`/tickets/${ticket.id}`)).body;
    expect(before.status).toBe('open');

    const tag = await post('/tags', { name: 'Baileys campanha', color: '#654321', kanban: 0 });
    await post('/tags/sync', { contactId: ticket.contact.id, tags: [{ id: tag.id }] }, 200);
    // the campaign would open tickets for nobody in particular and close them: a running conversation is not its own
    const campaign = await post('/campaigns', {
      name: 'Aviso',
      tagListId: tag.id,
      whatsappId: session.id,
      scheduledAt: new Date().toISOString(),
      message1: 'Promoção para você, {nome}!',
      openTicket: 'enabled',
      statusTicket: 'closed',
    });
    const done = await finished(campaign.id);
    // the session took it; WhatsApp has not said it reached the phone
    expect(done.stats).toMatchObject({ valid: 1, sent: 1, delivered: 0, read: 0 });
    await runtime.idleQueues();

    const sent = socket.callsOf('sendMessage') as [string, { text?: string }, unknown][];
    const mine = sent.filter(([to, content]) => to === jid && content.text?.startsWith(CAMPAIGN_MARK));
    expect(mine).toHaveLength(1);
    const [, content, options] = mine[0]!;
    const channelMessageId = (options as { messageId: string }).messageId;
    const shown = await until(
      () => company.admin.get(`/messages/${ticket.id}`),
      (r) => r.body.messages.some((m: any) => m.body.startsWith(CAMPAIGN_MARK) && m.ack >= 1),
    );
    // the message names the campaign's row, which its receipts move, and agents are not shown it
    const shownMessage = shown.body.messages.find((m: any) => m.body.startsWith(CAMPAIGN_MARK));
    expect(shownMessage).not.toHaveProperty('campaignSend');
    expect(await findStoredMessage(company.companyId, shownMessage.id)).toMatchObject({
      campaignSend: { campaignId: campaign.id, number: customer },
    });
    // WhatsApp's echo of the campaign message came back at once (the fake socket echoes every send, as Baileys
    // does); it comes again, as after a reconnect or to another task of the connector, where the bridge does not
    // know it as its own send: the platform must know it
    socket.receive(
      [
        {
          key: { remoteJid: jid, fromMe: true, id: channelMessageId },
          message: { conversation: content.text! },
          messageTimestamp: Math.floor(Date.now() / 1000),
        },
      ],
      'append',
    );
    const echo = {
      kind: 'message' as const,
      companyId: company.companyId,
      connectionId: session.id,
      channel: 'whatsapp' as const,
      contact: { identity: customer, phone: customer, isGroup: false },
      at: new Date().toISOString(),
      channelMessageId,
      fromMe: true,
      body: content.text!,
      mediaType: 'chat' as const,
    };
    expect(await processInboundEvent(echo)).toBe('duplicate');
    await runtime.idleQueues();

    const after = (await company.admin.get(`/tickets/${ticket.id}`)).body;
    expect(after).toMatchObject({ id: before.id, status: 'open', userId: before.userId, queueId: before.queueId });
    const messages = (await company.admin.get(`/messages/${ticket.id}`)).body.messages.filter((m: any) =>
      m.body.startsWith(CAMPAIGN_MARK),
    );
    expect(messages).toHaveLength(1);
    // no second ticket was opened for the contact
    const open = await company.admin.get('/tickets?status=open&showAll=true');
    const pendingNow = await company.admin.get('/tickets?status=pending&showAll=true');
    const theirs = [...open.body.tickets, ...pendingNow.body.tickets].filter((t: any) => t.contact.number === customer);
    expect(theirs.map((t: any) => t.id)).toEqual([ticket.id]);

    // WhatsApp's receipts: delivered to the phone, then read; the report follows each
    socket.receipt(jid, channelMessageId, proto.WebMessageInfo.Status.DELIVERY_ACK);
    const delivered = await until(
      () => company.admin.get(`/campaigns/${campaign.id}`),
      (r) => r.body.stats.delivered === 1,
    );
    expect(delivered.body.stats).toMatchObject({ valid: 1, sent: 0, delivered: 1, read: 0, failed: 0 });
    expect(delivered.body.shipping[0]).toMatchObject({
      status: 'delivered',
      deliveredAt: expect.any(String),
      sentAt: expect.any(String),
      reason: null,
    });
    socket.receipt(jid, channelMessageId, proto.WebMessageInfo.Status.READ);
    const read = await until(
      () => company.admin.get(`/campaigns/${campaign.id}`),
      (r) => r.body.stats.read === 1,
    );
    expect(read.body.stats).toMatchObject({ valid: 1, sent: 0, delivered: 1, read: 1 });
    // read: the moment of the delivery stays as the delivery receipt gave it
    expect(read.body.shipping[0]).toMatchObject({ status: 'read', deliveredAt: delivered.body.shipping[0].deliveredAt });
  }, 120_000);
});

describe('a campaign on a session that is down', () => {
  afterAll(() => runtime?.setClock(undefined));

  it('shows its sends deferred with the reason, none delivered, then failed once the channel never came back', async () => {
    // added but never scanned: the session cannot send
    const down = await post('/whatsapp', { channel: 'whatsapp', name: 'Sessão parada' });
    const tag = await post('/tags', { name: 'Sessão parada', color: '#335577', kanban: 0 });
    await taggedContact(tag.id, { name: 'Edu', number: '5511966660001' });
    await taggedContact(tag.id, { name: 'Fabi', number: '5511966660002' });
    const campaign = await post('/campaigns', {
      name: 'Nunca sai',
      tagListId: tag.id,
      whatsappId: down.id,
      scheduledAt: new Date().toISOString(),
      message1: 'Olá {nome}',
    });
    const deferred = await until(
      () => company.admin.get(`/campaigns/${campaign.id}`),
      (r) => r.body.stats.deferred === 2,
    );
    expect(deferred.body.stats).toMatchObject({ valid: 2, sent: 0, deferred: 2, delivered: 0, read: 0, failed: 0 });
    const problems = await company.admin.get(`/campaigns/${campaign.id}/shipping?problems=true`);
    expect(problems.body.shipping).toHaveLength(2);
    for (const row of problems.body.shipping)
      expect(row).toMatchObject({ status: 'deferred', reason: 'ERR_WAPP_NOT_INITIALIZED', deliveredAt: null });

    // the retry window runs out: each send fails, with the reason, and still none counts as delivered
    runtime.setClock({ offset: 11 * 60_000 });
    const failed = await until(
      () => company.admin.get(`/campaigns/${campaign.id}`),
      (r) => r.body.stats.failed === 2,
      60_000,
    );
    expect(failed.body.stats).toMatchObject({ valid: 2, sent: 0, deferred: 0, delivered: 0, failed: 2 });
    expect(failed.body.status).toBe('FINALIZADA');
    for (const row of failed.body.shipping)
      expect(row).toMatchObject({ status: 'failed', reason: 'ERR_WAPP_NOT_INITIALIZED', deliveredAt: null });
  }, 120_000);
});
