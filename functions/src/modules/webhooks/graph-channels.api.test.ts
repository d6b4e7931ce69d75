/**
 * The Graph API channels end to end through the local gateway and queues, against the fake Graph server: Meta's
 * webhooks in (verification, signatures, redelivery, statuses, media, echoes), sends out through the outbound
 * consumer, the Messenger and Instagram pages of a Meta user, and the 24-hour window with Cloud API templates.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isOggOpus, oggPackets, readOggPages } from '@switchboard/shared/media/ogg-pages';
import { encodeWav } from '@switchboard/shared/media/wav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outliveLookupCaches, startApi } from '../../../../test/api.ts';
import { startFakeGraph, postWebhook, metaDelivery, metaEvent, type FakeGraph } from '../../../../test/fakes/graph-server.ts';
import { addQueue, signupOnPlan, findTicket, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { clock, resetClock } from '../../platform/clock.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey } from '../connections/connection.entity.ts';
import { addPlan, findPlan } from '../plans/plans.service.ts';
import { until } from '../../../../test/until.ts';

const META_APP_SECRET = 'platform-app-secret';
const META_VERIFY_TOKEN = 'platform-verify';
const CLOUD = {
  phoneNumberId: '1015550001',
  wabaId: '2025550002',
  accessToken: 'cloud-token',
  appSecret: 'cloud-app-secret',
  verifyToken: 'cloud-verify',
};

let fake: FakeGraph;
let runtime: Runtime;
let company: TestCompany;
let cloudId: number;
let webhookUrl: string;

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { META_GRAPH_URL: fake.url, META_APP_SECRET, META_VERIFY_TOKEN });
  fake.tokens.add(CLOUD.accessToken);
  fake.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Graph');
  const res = await company.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Cloud number', ...CLOUD });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  cloudId = res.body.id;
  webhookUrl = res.body.webhookUrl;
});
afterAll(async () => {
  await runtime?.stop();
  await fake?.close();
  for (const name of ['META_GRAPH_URL', 'META_APP_SECRET', 'META_VERIFY_TOKEN']) delete process.env[name];
});
afterEach(() => resetClock());

let serial = 0;
const nowSeconds = () => String(Math.floor(clock().now().getTime() / 1000));

const cloudDelivery = (value: Record<string, unknown>, phoneNumberId = CLOUD.phoneNumberId) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: CLOUD.wabaId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});
const cloudText = (from: string, body: string, id = `wamid.IN${++serial}`, timestamp = nowSeconds()) =>
  cloudDelivery({
    contacts: [{ profile: { name: `Cliente ${from}` }, wa_id: from }],
    messages: [{ from, id, timestamp, type: 'text', text: { body } }],
  });
const cloudStatus = (id: string, status: string, to: string, extra: Record<string, unknown> = {}) =>
  cloudDelivery({ statuses: [{ id, status, timestamp: nowSeconds(), recipient_id: to, ...extra }] });

const ticketOf = (number: string) => findTicket(company, { number }, ['pending', 'open']);
const messagesOf = async (ticketId: number) => (await company.admin.get(`/messages/${ticketId}`)).body.messages as any[];

/** A Cloud API customer who wrote once; answers their ticket. */
const cloudCustomer = async (number: string, text = 'Olá', timestamp = nowSeconds()) => {
  expect((await postWebhook(webhookUrl, cloudText(number, text, undefined, timestamp), CLOUD.appSecret)).status).toBe(200);
  await runtime.idleQueues();
  const ticket = await ticketOf(number);
  expect(ticket).toBeDefined();
  return ticket;
};

/** Waits for what `read` answers to satisfy `ok` (a retried send comes back after its backoff). */

/** A connection's item as the table holds it, every attribute written out. */
const storedItem = async (companyId: number, id: number): Promise<string> =>
  JSON.stringify(
    (await table().send(new GetCommand({ TableName: tableName(), Key: connectionKey(companyId, id), ConsistentRead: true })))
      .Item,
  );

/** 2.5 s recorded by Chromium's MediaRecorder, WebM/Opus (scripts/record-voice-fixture.ts). */
const VOICE_RECORDING = readFileSync(new URL('../../../../shared/src/media/fixtures/chromium-voice.webm', import.meta.url));

/** An agent's upload through the upload address, then its message; answers the message. */
const sendUpload = async (ticketId: number, bytes: Buffer, name: string, mimeType: string, voiceNote: boolean) => {
  const target = await company.admin.post(`/messages/${ticketId}/upload-url`, { name, mimeType, size: bytes.length });
  expect((await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes })).status).toBe(200);
  const sent = await company.admin.post(`/messages/${ticketId}`, {
    media: { key: target.body.key, name, mimeType, size: bytes.length, voiceNote },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body;
};

/** Our latest send to Graph, after the outbound consumer made it. */
const lastSend = async () => {
  await runtime.idleQueues();
  return fake.sends().at(-1)!;
};

describe('WhatsApp Cloud API connection', () => {
  it('answers its webhook address, ids and whether a token is set, never the secrets', async () => {
    expect(webhookUrl).toMatch(new RegExp(`^${runtime.url}/api/webhooks/whatsapp/[A-Za-z0-9_-]{16,}$`));
    const shown = await company.admin.get(`/whatsapp/${cloudId}`);
    expect(shown.body).toMatchObject({
      channel: 'whatsappapi',
      phoneNumberId: CLOUD.phoneNumberId,
      wabaId: CLOUD.wabaId,
      webhookUrl,
      hasAccessToken: true,
      status: 'CONNECTED',
    });
    const text = JSON.stringify([shown.body, (await company.admin.get('/whatsapp')).body]);
    for (const secret of [CLOUD.accessToken, CLOUD.appSecret, CLOUD.verifyToken]) expect(text).not.toContain(secret);
  });

  it('keeps its access token, app secret and verify token sealed in the table, opened for sends and webhook checks', async () => {
    const SEALED = {
      phoneNumberId: '1015550061',
      wabaId: '2025550061',
      accessToken: 'sealed-cloud-token',
      appSecret: 'sealed-app-secret',
      verifyToken: 'sealed-verify',
    };
    fake.tokens.add(SEALED.accessToken).add('sealed-cloud-token-2');
    fake.phoneNumbers.set(SEALED.phoneNumberId, SEALED.wabaId);
    const shop = await signupCompany(runtime, 'Loja Selada');
    const created = await shop.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Selado', ...SEALED });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = await storedItem(shop.companyId, created.body.id);
    expect(item).toContain(SEALED.phoneNumberId);
    for (const secret of [SEALED.accessToken, SEALED.appSecret, SEALED.verifyToken]) expect(item).not.toContain(secret);

    const hook = created.body.webhookUrl as string;
    expect(
      await (await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=${SEALED.verifyToken}&hub.challenge=424242`)).text(),
    ).toBe('424242');
    const number = '5511900000061';
    const delivery = cloudDelivery(
      {
        contacts: [{ profile: { name: 'Selada' }, wa_id: number }],
        messages: [{ from: number, id: 'wamid.SEALED', timestamp: nowSeconds(), type: 'text', text: { body: 'oi' } }],
      },
      SEALED.phoneNumberId,
    );
    expect((await postWebhook(hook, delivery, 'another-secret')).status).toBe(401);
    expect((await postWebhook(hook, delivery, SEALED.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    const ticket = (await shop.admin.get('/tickets?status=pending&showAll=true')).body.tickets.find(
      (t: any) => t.contact.number === number,
    );
    expect(ticket).toBeDefined();
    expect((await shop.admin.post(`/messages/${ticket.id}`, { body: 'selado' })).status).toBe(201);
    expect(await lastSend()).toMatchObject({
      path: `/v21.0/${SEALED.phoneNumberId}/messages`,
      token: SEALED.accessToken,
      body: { to: number },
    });

    // a token an admin gives later is sealed as well
    expect((await shop.admin.put(`/whatsapp/${created.body.id}`, { accessToken: 'sealed-cloud-token-2' })).status).toBe(200);
    expect(await storedItem(shop.companyId, created.body.id)).not.toContain('sealed-cloud-token-2');
    // the sender is another function, which reads the new token once its copy of the connection runs out
    outliveLookupCaches(runtime);
    try {
      expect((await shop.admin.post(`/messages/${ticket.id}`, { body: 'de novo' })).status).toBe(201);
      expect(await lastSend()).toMatchObject({ token: 'sealed-cloud-token-2', body: { text: { body: 'de novo' } } });
    } finally {
      runtime.setClock(undefined);
    }
  });

  it('is refused with ERR_NO_PERMISSION when the plan has no WhatsApp or no Facebook, as the session path is', async () => {
    const { id: _id, ...base } = await findPlan(1);
    const plan = await addPlan({ ...base, name: `No Meta ${randomUUID().slice(0, 6)}`, useWhatsapp: false, useFacebook: false });
    const { admin } = await signupOnPlan(runtime, plan.id, 'Sem Meta');
    expect(
      await admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Oficial', ...CLOUD, phoneNumberId: '1015550077' }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await admin.post('/facebook', { facebookUserId: '9001', facebookUserToken: 'user-token' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
  });

  it('refuses a Cloud API connection without its settings, naming each field', async () => {
    const res = await company.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Sem dados' });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(
      ['body.accessToken', 'body.appSecret', 'body.phoneNumberId', 'body.verifyToken', 'body.wabaId'].sort(),
    );
    const letters = await company.admin.post('/whatsapp', {
      channel: 'whatsappapi',
      name: 'Letras',
      ...CLOUD,
      phoneNumberId: 'abc',
    });
    expect(letters.body.fields).toEqual([{ path: 'body.phoneNumberId', message: 'Digits only' }]);
  });
});

describe('Cloud API webhook', () => {
  it("answers Meta's verification with the plain challenge, and 403 for a wrong token", async () => {
    const ok = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=${CLOUD.verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('1158201444');
  });

  it('refuses posts with a missing or wrong signature with 401 and stores nothing', async () => {
    const payload = cloudText('5511900000001', 'forjada');
    expect((await postWebhook(webhookUrl, payload, undefined)).status).toBe(401);
    expect((await postWebhook(webhookUrl, payload, 'another-secret')).status).toBe(401);
    expect((await postWebhook(webhookUrl, payload, CLOUD.appSecret, { signature: 'sha256=00' })).status).toBe(401);
    await runtime.idleQueues();
    expect(await ticketOf('5511900000001')).toBeUndefined();
  });

  it('checks the signature over the exact bytes, accents and emoji included', async () => {
    const ticket = await cloudCustomer('5511900000002', 'Olá, ação 😀');
    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual(['Olá, ação 😀']);
    expect(ticket.contact.name).toBe('Cliente 5511900000002');
  });

  it('stores a redelivered message once', async () => {
    const payload = cloudText('5511900000003', 'uma vez', 'wamid.ONCE');
    for (let i = 0; i < 3; i++) expect((await postWebhook(webhookUrl, payload, CLOUD.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    const ticket = await ticketOf('5511900000003');
    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual(['uma vez']);
  });

  it('handles every message of a batched delivery', async () => {
    const payload = cloudDelivery({
      contacts: [
        { profile: { name: 'A' }, wa_id: '5511900000010' },
        { profile: { name: 'B' }, wa_id: '5511900000011' },
      ],
      messages: [
        { from: '5511900000010', id: 'wamid.BATCH1', timestamp: nowSeconds(), type: 'text', text: { body: 'primeira' } },
        { from: '5511900000011', id: 'wamid.BATCH2', timestamp: nowSeconds(), type: 'text', text: { body: 'segunda' } },
      ],
    });
    expect((await postWebhook(webhookUrl, payload, CLOUD.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    expect((await ticketOf('5511900000010'))?.lastMessage).toBe('primeira');
    expect((await ticketOf('5511900000011'))?.lastMessage).toBe('segunda');
  });

  it('downloads received media into our store', async () => {
    const bytes = Buffer.from('fake jpeg bytes');
    fake.media.set('media-photo-1', { bytes, mimeType: 'image/jpeg' });
    const payload = cloudDelivery({
      contacts: [{ profile: { name: 'Foto' }, wa_id: '5511900000004' }],
      messages: [
        {
          from: '5511900000004',
          id: 'wamid.PHOTO',
          timestamp: nowSeconds(),
          type: 'image',
          image: { id: 'media-photo-1', mime_type: 'image/jpeg', caption: 'minha foto' },
        },
      ],
    });
    expect((await postWebhook(webhookUrl, payload, CLOUD.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    const [m] = await messagesOf((await ticketOf('5511900000004')).id);
    expect(m).toMatchObject({ body: 'minha foto', mediaType: 'image' });
    const file = await fetch(new URL(m.mediaUrl, runtime.url));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    const mediaCalls = fake.calls.filter((c) => c.path.includes('media-photo-1'));
    expect(mediaCalls.map((c) => [c.path, c.token])).toEqual([
      [`/v21.0/media-photo-1`, CLOUD.accessToken],
      ['/media-files/media-photo-1', CLOUD.accessToken],
    ]);
  });
});

describe('Cloud API sends and statuses', () => {
  it('sends through the outbound consumer with the quote as context and keeps the returned id for statuses', async () => {
    const number = '5511900000005';
    const incoming = await postWebhook(webhookUrl, cloudText(number, 'pergunta', 'wamid.QUESTION'), CLOUD.appSecret);
    expect(incoming.status).toBe(200);
    await runtime.idleQueues();
    const ticket = await ticketOf(number);
    const [question] = await messagesOf(ticket.id);
    const sent = await company.admin.post(`/messages/${ticket.id}`, { body: 'resposta', quotedMsg: { id: question.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const call = await lastSend();
    expect(call.path).toBe(`/v21.0/${CLOUD.phoneNumberId}/messages`);
    expect(call.token).toBe(CLOUD.accessToken);
    expect(call.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: number,
      type: 'text',
      text: { body: 'resposta' },
      context: { message_id: 'wamid.QUESTION' },
    });
    const wamid = call.answer.messages[0].id as string;
    const stored = () => messagesOf(ticket.id).then((all) => all.find((m) => m.id === sent.body.id));
    expect(await stored()).toMatchObject({ ack: 1, error: null });

    // read, then a late delivered: stays read
    for (const status of ['read', 'delivered'])
      expect((await postWebhook(webhookUrl, cloudStatus(wamid, status, number), CLOUD.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    expect((await stored()).ack).toBe(3);
  });

  it('applies a status that arrives before the send is answered, once the send settles', async () => {
    const number = '5511900000013';
    const ticket = await cloudCustomer(number);
    fake.beforeSendAnswer = async (call, answer) => {
      if (call.body?.to !== number) return;
      // Meta's status webhook overtakes its answer to the send
      expect(
        (await postWebhook(webhookUrl, cloudStatus(answer.messages[0].id, 'delivered', number), CLOUD.appSecret)).status,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 700));
    };
    try {
      const sent = await company.admin.post(`/messages/${ticket.id}`, { body: 'status antes da resposta' });
      expect(sent.status).toBe(201);
      const stored = () => messagesOf(ticket.id).then((all) => all.find((m) => m.id === sent.body.id));
      expect(await until(stored, (m) => m?.ack === 2)).toMatchObject({ ack: 2, error: null });
    } finally {
      fake.beforeSendAnswer = undefined;
    }
  });

  it('stores a failed status as the error of the message', async () => {
    const ticket = await cloudCustomer('5511900000006');
    const sent = await company.admin.post(`/messages/${ticket.id}`, { body: 'não vai chegar' });
    expect(sent.status).toBe(201);
    const wamid = (await lastSend()).answer.messages[0].id as string;
    const failed = cloudStatus(wamid, 'failed', '5511900000006', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await postWebhook(webhookUrl, failed, CLOUD.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    const m = (await messagesOf(ticket.id)).find((x) => x.id === sent.body.id);
    expect(m.error).toMatch(/^ERR_SENDING_WAPP_MSG: 131026 Message undeliverable/);
  });

  it('sends media by an absolute, signed link Meta can fetch without signing in', async () => {
    const ticket = await cloudCustomer('5511900000007');
    const bytes = Buffer.from('%PDF-1.4 fake');
    const target = await company.admin.post(`/messages/${ticket.id}/upload-url`, {
      name: 'boleto.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
    });
    expect((await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes })).status).toBe(200);
    const sent = await company.admin.post(`/messages/${ticket.id}`, {
      body: 'segue',
      media: { key: target.body.key, name: 'boleto.pdf', mimeType: 'application/pdf', size: bytes.length },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const call = await lastSend();
    expect(call.body).toMatchObject({ type: 'document', document: { caption: 'segue', filename: 'boleto.pdf' } });
    const link = call.body.document.link as string;
    expect(link.startsWith(runtime.url)).toBe(true);
    const file = await fetch(link);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('sends an agent’s WebM recording as an Ogg/Opus voice message, the same file the agents see', async () => {
    const ticket = await cloudCustomer('5511900000017');
    const sent = await sendUpload(ticket.id, VOICE_RECORDING, 'audio-gravado.webm', 'audio/webm', true);
    expect(sent).toMatchObject({ mediaType: 'audio', mediaName: 'audio-gravado.ogg', isVoiceNote: true });
    const call = await lastSend();
    expect(call.status).toBe(200);
    expect(call.body).toMatchObject({ type: 'audio', audio: { voice: true } });
    const file = await fetch(call.body.audio.link as string);
    expect(file.headers.get('content-type')).toBe('audio/ogg');
    const ogg = new Uint8Array(await file.arrayBuffer());
    // every page's checksum holds, OpusHead comes first, and the recording's packets are all there
    expect(isOggOpus(ogg)).toBe(true);
    expect(oggPackets(readOggPages(ogg)).length).toBeGreaterThan(30);
    const shown = (await messagesOf(ticket.id)).find((m) => m.id === sent.id);
    expect(new Uint8Array(await (await fetch(new URL(shown.mediaUrl, runtime.url))).arrayBuffer())).toEqual(ogg);
  });

  it('sends a WebM audio file an API client uploads as Ogg too, as an audio file when it is no recording', async () => {
    const ticket = await cloudCustomer('5511900000018');
    const sent = await sendUpload(ticket.id, VOICE_RECORDING, 'entrevista.webm', 'audio/webm', false);
    expect(sent).toMatchObject({ mediaType: 'audio', mediaName: 'entrevista.ogg' });
    expect(sent.isVoiceNote).toBeUndefined();
    const call = await lastSend();
    expect(call.body.audio.voice).toBeUndefined();
    expect(isOggOpus(new Uint8Array(await (await fetch(call.body.audio.link as string)).arrayBuffer()))).toBe(true);
  });

  it('retries a 5xx answer and fails a 4xx one for good', async () => {
    const ticket = await cloudCustomer('5511900000008');
    fake.sendFailures.push({ status: 500, message: 'temporary' });
    const retried = await company.admin.post(`/messages/${ticket.id}`, { body: 'tenta de novo' });
    const stored = () => messagesOf(ticket.id).then((all) => all.find((m) => m.id === retried.body.id));
    expect(await until(stored, (m) => m.ack === 1)).toMatchObject({ ack: 1, error: null });
    expect(
      fake
        .sends()
        .filter((c) => c.body?.text?.body === 'tenta de novo')
        .map((c) => c.status),
    ).toEqual([500, 200]);

    fake.sendFailures.push({ status: 400, code: 100, message: 'bad parameter' });
    const refused = await company.admin.post(`/messages/${ticket.id}`, { body: 'recusada' });
    await runtime.idleQueues();
    expect((await messagesOf(ticket.id)).find((m) => m.id === refused.body.id)).toMatchObject({
      ack: 0,
      error: expect.stringMatching(/^ERR_SENDING_WAPP_MSG: .*bad parameter/),
    });
  });
});

describe('the 24-hour window', () => {
  it('refuses a free-form send after 24 hours, changing nothing, and sends an approved template instead', async () => {
    fake.templates.set(CLOUD.wabaId, [
      {
        name: 'retomar',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar?' }],
      },
      { name: 'rascunho', language: 'pt_BR', status: 'PENDING', category: 'UTILITY', components: [{ type: 'BODY', text: 'x' }] },
    ]);
    const open = await cloudCustomer('5511900000012');
    expect(Date.parse(open.serviceWindowEndsAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    // the customer wrote 25 hours ago
    const ticket = await cloudCustomer('5511900000009', 'ontem', String(Math.floor(Date.now() / 1000) - 25 * 3600));
    expect(Date.parse(ticket.serviceWindowEndsAt)).toBeLessThan(Date.now());
    const before = await messagesOf(ticket.id);
    const sendsBefore = fake.sends().length;
    const refused = await company.admin.post(`/messages/${ticket.id}`, { body: 'tarde demais' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_OUTSIDE_SERVICE_WINDOW');
    expect(await messagesOf(ticket.id)).toEqual(before);
    // a private note is not a message to the customer
    expect((await company.admin.post(`/messages/${ticket.id}`, { body: 'nota', isPrivate: true })).status).toBe(201);

    const templates = await company.admin.get(`/whatsapp/${cloudId}/templates`);
    expect(templates.body).toEqual([
      {
        name: 'retomar',
        language: 'pt_BR',
        category: 'UTILITY',
        body: 'Olá {{1}}, podemos continuar?',
        paramCount: 1,
        header: '',
        headerParamCount: 0,
      },
    ]);
    expect(
      (await company.admin.post(`/messages/${ticket.id}/template`, { name: 'retomar', language: 'pt_BR', params: [] })).status,
    ).toBe(400);
    expect((await company.admin.post(`/messages/${ticket.id}/template`, { name: 'rascunho', language: 'pt_BR' })).status).toBe(
      400,
    );
    const sent = await company.admin.post(`/messages/${ticket.id}/template`, {
      name: 'retomar',
      language: 'pt_BR',
      params: ['Ana'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'Olá Ana, podemos continuar?',
      template: { name: 'retomar', language: 'pt_BR', params: ['Ana'] },
    });
    const call = await lastSend();
    expect(fake.sends().length).toBe(sendsBefore + 1);
    expect(call.body).toMatchObject({
      type: 'template',
      to: '5511900000009',
      template: {
        name: 'retomar',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
      },
    });
  });
});

describe('Messenger and Instagram', () => {
  let fbCompany: TestCompany;
  const PAGE = {
    id: '5001',
    name: 'Loja Page',
    access_token: 'page-token',
    instagram_business_account: { id: '7001', username: 'loja.ig' },
  };
  const metaUrl = () => `${runtime.url}/api/webhooks/meta`;
  const fbTickets = async (number: string) => {
    const list = await fbCompany.admin.get('/tickets?status=pending&showAll=true');
    return list.body.tickets.find((t: any) => t.contact.number === number);
  };

  beforeAll(async () => {
    fbCompany = await signupCompany(runtime, 'Loja Meta');
    fake.tokens.add('user-token').add('page-token');
    fake.pages.set('9001', [PAGE]);
  });

  it('connects each page and its Instagram account, subscribed, and updates them when added again', async () => {
    const res = await fbCompany.admin.post('/facebook', {
      facebookUserId: '9001',
      facebookUserToken: 'user-token',
      addInstagram: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.map((c: any) => [c.channel, c.name, c.facebookPageUserId])).toEqual([
      ['facebook', 'Loja Page', '5001'],
      ['instagram', 'loja.ig', '5001'],
    ]);
    expect(
      fake.calls.some((c) => c.method === 'POST' && c.path === '/v21.0/5001/subscribed_apps' && c.token === 'page-token'),
    ).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('page-token');

    fake.tokens.add('page-token-2');
    fake.pages.set('9001', [{ ...PAGE, access_token: 'page-token-2' }]);
    const again = await fbCompany.admin.post('/facebook', {
      facebookUserId: '9001',
      facebookUserToken: 'user-token',
      addInstagram: true,
    });
    expect(again.status).toBe(201);
    expect(again.body.map((c: any) => c.id)).toEqual(res.body.map((c: any) => c.id));
    const all = (await fbCompany.admin.get('/whatsapp')).body.filter((c: any) => c.channel !== 'webchat');
    expect(all).toHaveLength(2);
  });

  it('keeps the page tokens sealed in the table', async () => {
    const connections = (await fbCompany.admin.get('/whatsapp')).body.filter(
      (c: any) => c.channel === 'facebook' || c.channel === 'instagram',
    );
    expect(connections).toHaveLength(2);
    for (const c of connections) {
      const item = await storedItem(fbCompany.companyId, c.id);
      expect(item).toContain('"pageId":"5001"');
      expect(item).not.toContain('page-token');
    }
  });

  it('refuses a Meta user token Meta does not accept, naming the field', async () => {
    const res = await fbCompany.admin.post('/facebook', { facebookUserId: '9001', facebookUserToken: 'stolen' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'body.facebookUserToken', message: 'Meta refused this token' }]);
  });

  it('verifies the platform webhook with the configured token', async () => {
    expect(
      await (await fetch(`${metaUrl()}?hub.mode=subscribe&hub.verify_token=${META_VERIFY_TOKEN}&hub.challenge=abc`)).text(),
    ).toBe('abc');
    expect((await fetch(`${metaUrl()}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=abc`)).status).toBe(403);
  });

  it('takes in page and Instagram messages, sends replies with the page token and does not store echoes twice', async () => {
    const at = clock().now().getTime();
    const bytes = Buffer.from('attachment bytes');
    fake.media.set('photo.png', { bytes, mimeType: 'image/png' });
    const page = metaDelivery('5001', [metaEvent('PSID1', '5001', at, { message: { mid: 'm_in_1', text: 'Oi página' } })], {
      time: at,
    });
    const insta = metaDelivery(
      '7001',
      [
        metaEvent('IGSID1', '7001', at, {
          message: { mid: 'ig_in_1', attachments: [{ type: 'image', payload: { url: `${fake.url}/cdn/photo.png` } }] },
        }),
      ],
      { object: 'instagram', time: at },
    );
    expect((await postWebhook(metaUrl(), page, 'wrong-secret')).status).toBe(401);
    expect((await postWebhook(metaUrl(), page, META_APP_SECRET)).status).toBe(200);
    expect((await postWebhook(metaUrl(), insta, META_APP_SECRET)).status).toBe(200);
    await runtime.idleQueues();
    const fbTicket = await fbTickets('PSID1');
    const igTicket = await fbTickets('IGSID1');
    expect(fbTicket).toMatchObject({ channel: 'facebook', lastMessage: 'Oi página' });
    expect(igTicket).toMatchObject({ channel: 'instagram' });
    expect(fbTicket.serviceWindowEndsAt).not.toBeNull();
    const [igMessage] = (await fbCompany.admin.get(`/messages/${igTicket.id}`)).body.messages;
    expect(igMessage.mediaType).toBe('image');
    expect(Buffer.from(await (await fetch(new URL(igMessage.mediaUrl, runtime.url))).arrayBuffer())).toEqual(bytes);

    const reply = await fbCompany.admin.post(`/messages/${fbTicket.id}`, { body: 'Olá, cliente' });
    expect(reply.status).toBe(201);
    const call = await lastSend();
    expect(call).toMatchObject({
      path: '/v21.0/me/messages',
      token: 'page-token-2',
      body: { recipient: { id: 'PSID1' }, messaging_type: 'RESPONSE', message: { text: 'Olá, cliente' } },
    });
    const mid = call.answer.message_id as string;

    const echo = metaDelivery(
      '5001',
      [
        metaEvent('5001', 'PSID1', at, { message: { mid, text: 'Olá, cliente', is_echo: true } }),
        metaEvent('PSID1', '5001', at, { delivery: { mids: [mid], watermark: at } }),
      ],
      { time: at },
    );
    expect((await postWebhook(metaUrl(), echo, META_APP_SECRET)).status).toBe(200);
    await runtime.idleQueues();
    const messages = (await fbCompany.admin.get(`/messages/${fbTicket.id}`)).body.messages;
    expect(messages.map((m: any) => m.body).sort()).toEqual(['Oi página', 'Olá, cliente']);
    expect(messages.find((m: any) => m.id === reply.body.id).ack).toBe(2);
  });

  const pageMessage = (sender: string, mid: string, text: string, object: 'page' | 'instagram' = 'page', account = '5001') =>
    metaDelivery(account, [metaEvent(sender, account, Date.now(), { message: { mid, text } })], { object });

  it('sends an agent’s WAV recording on Messenger and Instagram as an audio attachment Meta can fetch, not as a voice note', async () => {
    const wav = Buffer.from(
      encodeWav(
        Float32Array.from({ length: 16_000 }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / 16_000) / 2),
        16_000,
      ),
    );
    for (const [sender, object, account] of [
      ['PSID_WAV', 'page', '5001'],
      ['IGSID_WAV', 'instagram', '7001'],
    ] as const) {
      expect(
        (await postWebhook(metaUrl(), pageMessage(sender, `m_${sender}`, 'Manda um áudio', object, account), META_APP_SECRET))
          .status,
      ).toBe(200);
      await runtime.idleQueues();
      const ticket = await fbTickets(sender);
      const name = 'audio-2026-01-01T10-00-00-000Z.wav';
      const target = await fbCompany.admin.post(`/messages/${ticket.id}/upload-url`, {
        name,
        mimeType: 'audio/wav',
        size: wav.length,
      });
      expect(target.status, JSON.stringify(target.body)).toBe(200);
      expect((await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: wav })).status).toBe(200);
      const sent = await fbCompany.admin.post(`/messages/${ticket.id}`, {
        media: { key: target.body.key, name, mimeType: 'audio/wav', size: wav.length, voiceNote: true },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body).toMatchObject({ mediaType: 'audio', mediaName: name });
      expect(sent.body.isVoiceNote).toBeUndefined();

      const call = await lastSend();
      expect(call).toMatchObject({
        status: 200,
        body: { recipient: { id: sender }, message: { attachment: { type: 'audio' } } },
      });
      const file = await fetch(call.body.message.attachment.payload.url as string);
      expect(file.headers.get('content-type')).toBe('audio/wav');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WAVE']);
      expect(bytes).toEqual(wav);
    }
  });

  it('names new Messenger and Instagram contacts from their Graph profile, asked once, and keeps the id when Meta will not tell', async () => {
    fake.profiles.set('PSID_ANA', {
      pageToken: 'page-token-2',
      fields: { first_name: 'Ana', last_name: 'Souza', profile_pic: `${fake.url}/cdn/ana.jpg` },
    });
    fake.profiles.set('IGSID_BIA', {
      pageToken: 'page-token-2',
      fields: { username: 'bia.ig', profile_pic: `${fake.url}/cdn/bia.jpg` },
    });
    const profileCalls = (id: string) => fake.calls.filter((c) => c.method === 'GET' && c.path === `/v21.0/${id}`);
    for (const [i, text] of ['Oi', 'Tudo bem?', 'Alô'].entries())
      expect((await postWebhook(metaUrl(), pageMessage('PSID_ANA', `m_ana_${i}`, text), META_APP_SECRET)).status).toBe(200);
    expect(
      (await postWebhook(metaUrl(), pageMessage('IGSID_BIA', 'ig_bia_1', 'Oi', 'instagram', '7001'), META_APP_SECRET)).status,
    ).toBe(200);
    expect((await postWebhook(metaUrl(), pageMessage('PSID_HIDDEN', 'm_hidden_1', 'Oi'), META_APP_SECRET)).status).toBe(200);
    await runtime.idleQueues();

    expect((await fbTickets('PSID_ANA')).contact).toMatchObject({ name: 'Ana Souza', urlPicture: `${fake.url}/cdn/ana.jpg` });
    expect(profileCalls('PSID_ANA')).toHaveLength(1);
    expect(profileCalls('PSID_ANA')[0]).toMatchObject({
      token: 'page-token-2',
      query: { fields: 'first_name,last_name,profile_pic' },
    });
    expect((await fbTickets('IGSID_BIA')).contact).toMatchObject({ name: 'bia.ig', urlPicture: `${fake.url}/cdn/bia.jpg` });
    expect(profileCalls('IGSID_BIA')[0]).toMatchObject({ query: { fields: 'name,username,profile_pic' } });
    // Meta refused: the message is taken in and the contact keeps the id as its name
    const hidden = await fbTickets('PSID_HIDDEN');
    expect(hidden).toMatchObject({ lastMessage: 'Oi', contact: { name: 'PSID_HIDDEN', urlPicture: null } });
  });

  /**
   * Meta's echo of our send `mid` and, behind it in the conversation's queue, a message of the customer: answers once
   * that message is stored, so the echo was handled.
   */
  const echoThenCustomer = async (ticketId: number, mid: string, text: string, customerMid: string, customerText: string) => {
    const at = Date.now();
    const delivery = metaDelivery(
      '5001',
      [
        metaEvent('5001', 'PSID_ANA', at, { message: { mid, text, is_echo: true } }),
        metaEvent('PSID_ANA', '5001', at, { message: { mid: customerMid, text: customerText } }),
      ],
      { time: at },
    );
    expect((await postWebhook(metaUrl(), delivery, META_APP_SECRET)).status).toBe(200);
    await until(
      () => fbCompany.admin.get(`/messages/${ticketId}`).then((r) => r.body.messages as any[]),
      (all) => all.some((m) => m.body === customerText),
    );
  };

  it('never stores an echo that arrives before the send is answered as a second message', async () => {
    const ticket = await fbTickets('PSID_ANA');
    let echoed = '';
    fake.beforeSendAnswer = async (call, answer) => {
      if (call.body?.recipient?.id !== 'PSID_ANA' || echoed) return;
      echoed = answer.message_id;
      await echoThenCustomer(ticket.id, answer.message_id, call.body.message.text, 'm_ana_after_echo', 'depois do eco');
    };
    try {
      const reply = await fbCompany.admin.post(`/messages/${ticket.id}`, { body: 'Resposta com eco adiantado' });
      expect(reply.status).toBe(201);
      await runtime.idleQueues();
      expect(echoed).not.toBe('');
      // the echo redelivered after the send settled changes nothing either, and receipts by its id reach our message
      const at = Date.now();
      const again = metaDelivery(
        '5001',
        [
          metaEvent('5001', 'PSID_ANA', at, { message: { mid: echoed, text: 'Resposta com eco adiantado', is_echo: true } }),
          metaEvent('PSID_ANA', '5001', at, { delivery: { mids: [echoed] } }),
        ],
        { time: at },
      );
      expect((await postWebhook(metaUrl(), again, META_APP_SECRET)).status).toBe(200);
      await runtime.idleQueues();
      const messages = (await fbCompany.admin.get(`/messages/${ticket.id}`)).body.messages as any[];
      expect(messages.filter((m) => m.body === 'Resposta com eco adiantado')).toHaveLength(1);
      expect(messages.find((m) => m.id === reply.body.id)).toMatchObject({ ack: 2, error: null });
    } finally {
      fake.beforeSendAnswer = undefined;
    }
  });

  it('keeps a send the echo proved delivered as sent, even when the answer to it was an error, and never sends it again', async () => {
    const ticket = await fbTickets('PSID_ANA');
    const text = 'Resposta aceita mas respondida com erro';
    fake.beforeSendAnswer = async (call, answer) => {
      if (call.body?.message?.text !== text) return;
      await echoThenCustomer(ticket.id, answer.message_id, text, 'm_ana_after_error', 'depois do erro');
      // Meta took the message (its echo came) but the answer to the send is lost to a server error
      return { status: 500, body: { error: { message: 'Temporary failure', type: 'OAuthException', code: 2 } } };
    };
    try {
      const reply = await fbCompany.admin.post(`/messages/${ticket.id}`, { body: text });
      expect(reply.status).toBe(201);
      await runtime.idleQueues();
      const messages = (await fbCompany.admin.get(`/messages/${ticket.id}`)).body.messages as any[];
      expect(messages.filter((m) => m.body === text)).toHaveLength(1);
      expect(messages.find((m) => m.id === reply.body.id)).toMatchObject({ ack: 1, error: null });
      expect(fake.sends().filter((c) => c.body?.message?.text === text)).toHaveLength(1);
    } finally {
      fake.beforeSendAnswer = undefined;
    }
  });

  it('applies delivery and read watermarks to every message sent up to them, never backwards', async () => {
    const ticket = await fbTickets('PSID_HIDDEN');
    const send = async (body: string) => {
      const res = await fbCompany.admin.post(`/messages/${ticket.id}`, { body });
      expect(res.status).toBe(201);
      await runtime.idleQueues();
      return res.body as { id: string; createdAt: string };
    };
    const first = await send('primeira resposta');
    const second = await send('segunda resposta');
    await new Promise((r) => setTimeout(r, 20));
    const watermark = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    const third = await send('depois da marca');
    const receipt = (kind: 'delivery' | 'read', at: number) =>
      metaDelivery('5001', [metaEvent('PSID_HIDDEN', '5001', at, { [kind]: { watermark: at } })], { time: at });
    const acks = async () => {
      const all = (await fbCompany.admin.get(`/messages/${ticket.id}`)).body.messages as any[];
      return [first, second, third].map((m) => all.find((x) => x.id === m.id).ack);
    };
    expect(await acks()).toEqual([1, 1, 1]);
    expect((await postWebhook(metaUrl(), receipt('delivery', watermark), META_APP_SECRET)).status).toBe(200);
    await runtime.idleQueues();
    expect(await acks()).toEqual([2, 2, 1]);
    expect((await postWebhook(metaUrl(), receipt('read', watermark), META_APP_SECRET)).status).toBe(200);
    // a late delivery watermark: what was read stays read
    expect((await postWebhook(metaUrl(), receipt('delivery', watermark + 10), META_APP_SECRET)).status).toBe(200);
    await runtime.idleQueues();
    expect(await acks()).toEqual([3, 3, 1]);
  });

  it('marks the connection DISCONNECTED when Meta refuses its token, and fails the send', async () => {
    const ticket = await fbTickets('PSID1');
    fake.expiredTokens.add('page-token-2');
    const sent = await fbCompany.admin.post(`/messages/${ticket.id}`, { body: 'token vencido' });
    await runtime.idleQueues();
    const m = (await fbCompany.admin.get(`/messages/${ticket.id}`)).body.messages.find((x: any) => x.id === sent.body.id);
    expect(m.error).toMatch(/^ERR_SENDING_WAPP_MSG/);
    const connection = (await fbCompany.admin.get('/whatsapp')).body.find((c: any) => c.channel === 'facebook');
    expect(connection.status).toBe('DISCONNECTED');
  });
});

describe('bot menus as buttons and quick replies', () => {
  const MENU_CLOUD = { ...CLOUD, phoneNumberId: '1015550042', accessToken: 'menu-cloud-token', appSecret: 'menu-cloud-secret' };
  let shop: TestCompany;
  let sales: { id: number };
  let menuWebhook: string;

  const shopTicket = async (number: string) => {
    for (const status of ['pending', 'open']) {
      const found = (await shop.admin.get(`/tickets?status=${status}&showAll=true`)).body.tickets.find(
        (t: any) => t.contact.number === number,
      );
      if (found) return found;
    }
    return undefined;
  };

  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Menu');
    fake.tokens.add(MENU_CLOUD.accessToken).add('menu-user-token').add('menu-page-token');
    fake.phoneNumbers.set(MENU_CLOUD.phoneNumberId, MENU_CLOUD.wabaId);
    fake.pages.set('9002', [{ id: '5002', name: 'Menu Page', access_token: 'menu-page-token' }]);
    expect((await shop.admin.put('/settings/chatBotType', { value: 'button' })).status).toBe(200);
    const second = await addQueue(shop.admin, {
      name: 'Financeiro',
      color: '#345678',
      greetingMessage: 'Financeiro',
      orderQueue: 2,
    });
    sales = second.body;
    const queues = { greetingMessage: 'Olá! Escolha um setor:', queueIds: [shop.queueId, sales.id] };
    const cloud = await shop.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Cloud menu', ...MENU_CLOUD, ...queues });
    expect(cloud.status, JSON.stringify(cloud.body)).toBe(201);
    menuWebhook = cloud.body.webhookUrl;
    const pages = await shop.admin.post('/facebook', { facebookUserId: '9002', facebookUserToken: 'menu-user-token' });
    expect(pages.status, JSON.stringify(pages.body)).toBe(201);
    expect((await shop.admin.put(`/whatsapp/${pages.body[0].id}`, queues)).status).toBe(200);
  });

  it('sends the queue menu to a Cloud API customer as reply buttons and takes the tapped button as the option', async () => {
    const number = '5511900000042';
    const hello = cloudDelivery(
      {
        contacts: [{ profile: { name: 'Ana' }, wa_id: number }],
        messages: [{ from: number, id: 'wamid.MENU1', timestamp: nowSeconds(), type: 'text', text: { body: 'Oi' } }],
      },
      MENU_CLOUD.phoneNumberId,
    );
    expect((await postWebhook(menuWebhook, hello, MENU_CLOUD.appSecret)).status).toBe(200);
    const call = await lastSend();
    expect(call).toMatchObject({
      path: `/v21.0/${MENU_CLOUD.phoneNumberId}/messages`,
      token: MENU_CLOUD.accessToken,
      status: 200,
    });
    expect(call.body).toMatchObject({
      to: number,
      type: 'interactive',
      interactive: { type: 'button', body: { text: expect.stringContaining('Olá! Escolha um setor:') } },
    });
    expect(call.body.interactive.action.buttons.map((b: any) => [b.type, b.reply.id])).toEqual([
      ['reply', '1'],
      ['reply', '2'],
      ['reply', 'sair'],
    ]);
    expect(call.body.interactive.action.buttons[1].reply.title).toBe('Financeiro');

    const tap = cloudDelivery(
      {
        contacts: [{ profile: { name: 'Ana' }, wa_id: number }],
        messages: [
          {
            from: number,
            id: 'wamid.MENU2',
            timestamp: nowSeconds(),
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: '2', title: 'Financeiro' } },
          },
        ],
      },
      MENU_CLOUD.phoneNumberId,
    );
    expect((await postWebhook(menuWebhook, tap, MENU_CLOUD.appSecret)).status).toBe(200);
    await runtime.idleQueues();
    const ticket = await shopTicket(number);
    expect(ticket).toMatchObject({ queueId: sales.id });
    const bodies = ((await shop.admin.get(`/messages/${ticket.id}`)).body.messages as any[])
      .filter((m) => !m.fromMe)
      .map((m) => m.body);
    expect(bodies.sort()).toEqual(['2', 'Oi']);
  });

  it('sends the queue menu on Messenger as quick replies and takes the tapped payload as the option', async () => {
    const at = Date.now();
    const say = (mid: string, message: Record<string, unknown>) =>
      metaDelivery('5002', [metaEvent('PSID_MENU', '5002', at, { message: { mid, ...message } })], { time: at });
    expect((await postWebhook(`${runtime.url}/api/webhooks/meta`, say('m_menu_1', { text: 'Oi' }), META_APP_SECRET)).status).toBe(
      200,
    );
    const call = await lastSend();
    expect(call).toMatchObject({
      path: '/v21.0/me/messages',
      token: 'menu-page-token',
      status: 200,
      body: { recipient: { id: 'PSID_MENU' } },
    });
    expect(call.body.message.text).toContain('Olá! Escolha um setor:');
    expect(call.body.message.quick_replies.map((q: any) => [q.content_type, q.payload])).toEqual([
      ['text', '1'],
      ['text', '2'],
      ['text', 'sair'],
    ]);

    expect(
      (
        await postWebhook(
          `${runtime.url}/api/webhooks/meta`,
          say('m_menu_2', { text: 'Financeiro', quick_reply: { payload: '2' } }),
          META_APP_SECRET,
        )
      ).status,
    ).toBe(200);
    await runtime.idleQueues();
    expect(await shopTicket('PSID_MENU')).toMatchObject({ queueId: sales.id });
  });
});
