import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOggOpus } from '@switchboard/shared/media/ogg-pages';
import { ApiClient, fieldsOf, SocketProbe, startApi, type ApiResponse } from '../../../../test/api.ts';
import { addQueue, signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';

// every token may make this many calls a minute here; the limit's own test counts against a connection of its own
const LIMIT = 40;
process.env.EXTERNAL_API_REQUESTS_PER_MINUTE = String(LIMIT);

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;
let inbox: SocketProbe;
let numberSerial = 0;

/** A fresh number per test: each conversation is its own. */
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(++numberSerial).padStart(2, '0')}`;

const call = (token: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> =>
  new ApiClient(runtime.url).request('POST', '/v1/messages/send', body, {
    ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    ...headers,
  });

/** A multipart call as curl -F or a browser's FormData makes it. */
const callForm = async (
  token: string,
  fields: Record<string, string>,
  files: { name: string; type: string; data: Uint8Array }[],
  headers: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append('medias', new Blob([f.data], { type: f.type }), f.name);
  const res = await fetch(`${runtime.url}/api/v1/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
};

const messagesOf = async (client: ApiClient, ticketId: number) => {
  const res = await client.get(`/messages/${ticketId}`);
  expect(res.status).toBe(200);
  return res.body.messages as {
    id: string;
    body: string;
    fromMe: boolean;
    ack: number;
    error: string | null;
    mediaType: string;
    mediaUrl: string | null;
    mediaName: string | null;
    userId: number | null;
  }[];
};

const ticketCount = async (client: ApiClient) => {
  const all = await Promise.all(
    ['open', 'pending', 'closed'].map((status) => client.get(`/tickets?status=${status}&showAll=true`)),
  );
  return all.reduce((sum, res) => sum + (res.body.tickets as unknown[]).length, 0);
};

/** A 1x1 PNG. */
const png = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Api Externa');
  other = await signupCompany(runtime, 'Outra Empresa');
  inbox = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
});
afterAll(async () => {
  await inbox?.close();
  await runtime?.stop();
  delete process.env.EXTERNAL_API_REQUESTS_PER_MINUTE;
});

describe('the token', () => {
  it('refuses a call without a token or with an unknown one (403 ERR_INVALID_TOKEN) and records nothing', async () => {
    const before = await ticketCount(company.admin);
    const missing = await call(undefined, { number: newNumber(), body: 'hi' });
    expect(missing).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });
    expect((await call('not-a-token-of-ours', { number: newNumber(), body: 'hi' })).status).toBe(403);
    expect(
      (await call(company.admin.token!, { number: newNumber(), body: 'a user token is not a connection token' })).status,
    ).toBe(403);
    expect(await ticketCount(company.admin)).toBe(before);
  });

  it("sends through the token's own connection only: another company's user or queue is not found, and nothing is written", async () => {
    const before = await ticketCount(other.admin);
    // ids are numbered per company: these exist in the first company only (the other has its admin and one queue)
    const agent = await addAgent(runtime, company);
    const ownQueue = await addQueue(company.admin, {
      name: 'Só desta empresa',
      color: '#123456',
      greetingMessage: 'Bem-vindo',
    });
    expect(agent.id).toBeGreaterThan(other.adminId);
    expect(ownQueue.body.id).toBeGreaterThan(other.queueId);
    const ownBefore = await ticketCount(company.admin);
    const res = await call(other.apiToken, { number: newNumber(), body: 'hi', userId: agent.id });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const queue = await call(other.apiToken, { number: newNumber(), body: 'hi', queueId: ownQueue.body.id });
    expect(queue.status).toBe(400);
    expect(fieldsOf(queue.body)).toEqual({ 'body.queueId': 'Unknown queue' });
    expect(await ticketCount(other.admin)).toBe(before);
    expect(await ticketCount(company.admin)).toBe(ownBefore);
  });

  it("refuses a web chat's public widget key (403 ERR_INVALID_TOKEN) while the same connection's API token sends", async () => {
    const before = await ticketCount(company.admin);
    expect(company.webchatToken).not.toBe(company.apiToken);
    const widget = await call(company.webchatToken, {
      number: newNumber(),
      body: 'signed as anyone',
      userId: company.adminId,
      sendSignature: true,
    });
    expect(widget).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });
    expect(await ticketCount(company.admin)).toBe(before);
    // the widget itself goes on with its key, and the API token opens no widget
    expect((await fetch(`${runtime.url}/api/webchat/${company.webchatToken}`)).status).toBe(200);
    expect((await fetch(`${runtime.url}/api/webchat/${company.apiToken}`)).status).toBe(404);
    const api = await call(company.apiToken, { number: newNumber(), body: 'from the API token' });
    expect(api.status, JSON.stringify(api.body)).toBe(200);
  });

  it('stops answering to a token once the connection gets a new one; the widget key and the token are renewed apart', async () => {
    const created = await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Site antigo' });
    expect(created.status).toBe(201);
    const oldToken = created.body.token as string;
    expect((await call(oldToken, { number: newNumber(), body: 'first' })).status).toBe(200);
    const renewed = await company.admin.put(`/whatsapp/${created.body.id}`, { regenerateToken: true });
    expect(renewed.body.token).not.toBe(oldToken);
    expect((await call(oldToken, { number: newNumber(), body: 'old token' })).status).toBe(403);
    expect((await call(renewed.body.token, { number: newNumber(), body: 'new token' })).status).toBe(200);
    // the embedded widget is untouched by a new API token, and a new widget key leaves the API token working
    expect(renewed.body.widgetKey).toBe(created.body.widgetKey);
    expect((await fetch(`${runtime.url}/api/webchat/${created.body.widgetKey}`)).status).toBe(200);
    const rekeyed = await company.admin.put(`/whatsapp/${created.body.id}`, { regenerateWidgetKey: true });
    expect(rekeyed.body.token).toBe(renewed.body.token);
    expect(rekeyed.body.widgetKey).not.toBe(created.body.widgetKey);
    expect((await call(renewed.body.token, { number: newNumber(), body: 'after a new widget key' })).status).toBe(200);
    expect((await company.admin.delete(`/whatsapp/${created.body.id}`)).status).toBe(200);
    expect((await call(renewed.body.token, { number: newNumber(), body: 'deleted' })).status).toBe(403);
  });
});

describe('the number', () => {
  it.each(['+5511999998888', '55 11 99999-8888', '(11) 99999-8888', '5511999998888 ', '551199', '5511999998888000000', 'abc'])(
    'refuses %j with 400 naming body.number, and writes nothing',
    async (number) => {
      const before = await ticketCount(company.admin);
      const res = await call(company.apiToken, { number, body: 'hi' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual({
        'body.number': 'The number must be digits only: country code, area code and number, without mask, + or spaces',
      });
      expect(await ticketCount(company.admin)).toBe(before);
    },
  );

  it('requires a body for a text (400 body.body) and a user for a signature', async () => {
    expect(fieldsOf((await call(company.apiToken, { number: newNumber(), body: '   ' })).body)).toEqual({
      'body.body': 'Required',
    });
    expect(fieldsOf((await call(company.apiToken, { number: newNumber(), body: 'x', sendSignature: true })).body)).toHaveProperty(
      'body.sendSignature',
    );
  });
});

describe('sending a text', () => {
  it('creates the contact and its ticket, records the message first and sends it through the outbound queue; the inbox hears of it', async () => {
    const number = newNumber();
    const res = await call(company.apiToken, { number, body: 'Seu pedido saiu para entrega' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      ticketStatus: 'pending',
      messages: [{ body: 'Seu pedido saiu para entrega', mediaType: 'chat' }],
    });
    const messageId = res.body.messages[0].id as string;

    const live = await inbox.waitFor(
      (f) =>
        f.event === `company-${company.companyId}-appMessage` && f.data.action === 'create' && f.data.message.id === messageId,
    );
    expect(live.data.ticket.id).toBe(res.body.ticketId);
    expect(live.data.message.body).toBe('Seu pedido saiu para entrega');

    await runtime.drainQueues();
    const stored = (await messagesOf(company.admin, res.body.ticketId)).find((m) => m.id === messageId)!;
    // the webchat channel delivered it (ack 1: no visitor's widget was open) and no failure is stored
    expect(stored).toMatchObject({ body: 'Seu pedido saiu para entrega', fromMe: true, error: null, userId: null });
    expect(stored.ack).toBeGreaterThanOrEqual(1);
    const contact = await company.admin.get(`/contacts/${res.body.contactId}`);
    expect(contact.body).toMatchObject({ number, name: number });

    // the same number again: the running ticket, the same contact
    const again = await call(company.apiToken, { number, body: 'Segunda mensagem' });
    expect(again.body).toMatchObject({ ticketId: res.body.ticketId, contactId: res.body.contactId });
    expect((await messagesOf(company.admin, res.body.ticketId)).map((m) => m.body)).toEqual([
      'Seu pedido saiu para entrega',
      'Segunda mensagem',
    ]);
  });

  it("opens the ticket for userId in queueId, signs with the user's name, and closes it when asked", async () => {
    const agent = await addAgent(runtime, company, {}, 'Marta Souza');
    const number = newNumber();
    const res = await call(company.apiToken, {
      number,
      body: 'Olá!',
      userId: agent.id,
      queueId: company.queueId,
      sendSignature: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ticketStatus).toBe('open');
    const ticket = await company.admin.get(`/tickets/${res.body.ticketId}`);
    expect(ticket.body).toMatchObject({ status: 'open', userId: agent.id, queueId: company.queueId });
    const [message] = await messagesOf(company.admin, res.body.ticketId);
    expect(message).toMatchObject({ body: '*Marta Souza:*\nOlá!', userId: agent.id });

    const closing = await call(company.apiToken, { number, body: 'Até logo', closeTicket: true });
    expect(closing.body).toMatchObject({ ticketId: res.body.ticketId, ticketStatus: 'closed' });
    expect((await company.admin.get(`/tickets/${res.body.ticketId}`)).body.status).toBe('closed');
    await runtime.drainQueues();
    const last = (await messagesOf(company.admin, res.body.ticketId)).at(-1)!;
    expect(last).toMatchObject({ body: 'Até logo', error: null });
    expect(last.ack).toBeGreaterThanOrEqual(1);
  });

  it('moves a waiting ticket to queueId without opening it', async () => {
    const res = await call(company.apiToken, { number: newNumber(), body: 'Fila', queueId: String(company.queueId) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await company.admin.get(`/tickets/${res.body.ticketId}`)).body).toMatchObject({
      status: 'pending',
      queueId: company.queueId,
      userId: null,
    });
  });
});

describe('sending files (multipart)', () => {
  it('stores each file of medias and sends it as a message, the text as its caption', async () => {
    const res = await callForm(company.apiToken, { number: newNumber(), body: 'Sua nota fiscal', closeTicket: 'false' }, [
      { name: 'foto.png', type: 'image/png', data: png },
      { name: 'nota.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 test') },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.messages.map((m: { mediaType: string; body: string }) => [m.mediaType, m.body])).toEqual([
      ['image', 'Sua nota fiscal'],
      ['application', ''],
    ]);
    await runtime.drainQueues();
    const stored = await messagesOf(company.admin, res.body.ticketId);
    expect(stored.map((m) => m.mediaType)).toEqual(['image', 'application']);
    const file = await fetch(`${runtime.url}${stored[0]!.mediaUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    for (const m of stored) expect(m.error).toBeNull();
  });

  it('keeps and sends a WebM/Opus audio as Ogg/Opus, the format every channel takes', async () => {
    const webm = readFileSync(new URL('../../../../shared/src/media/fixtures/chromium-voice.webm', import.meta.url));
    const res = await callForm(company.apiToken, { number: newNumber(), body: '' }, [
      { name: 'recado.webm', type: 'audio/webm', data: webm },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runtime.drainQueues();
    const [stored] = await messagesOf(company.admin, res.body.ticketId);
    expect(stored).toMatchObject({ mediaType: 'audio', mediaName: 'recado.ogg', error: null });
    const file = await fetch(`${runtime.url}${stored!.mediaUrl}`);
    expect(file.headers.get('content-type')).toBe('audio/ogg');
    expect(isOggOpus(new Uint8Array(await file.arrayBuffer()))).toBe(true);
  });

  it('refuses a file type that is not accepted, a misnamed file and a malformed form, writing nothing', async () => {
    const before = await ticketCount(company.admin);
    const html = await callForm(company.apiToken, { number: newNumber() }, [
      { name: 'page.html', type: 'text/html', data: Buffer.from('<script>') },
    ]);
    expect(html.status).toBe(400);
    expect(fieldsOf(html.body)).toEqual({ 'body.medias.0': 'This type of file is not accepted' });
    const misnamed = await callForm(company.apiToken, { number: newNumber() }, [
      { name: 'photo.html', type: 'image/png', data: png },
    ]);
    expect(fieldsOf(misnamed.body)).toEqual({ 'body.medias.0': "The file name's extension does not match its type" });
    const badNumber = await callForm(company.apiToken, { number: '+55 11 9999' }, [
      { name: 'a.png', type: 'image/png', data: png },
    ]);
    expect(fieldsOf(badNumber.body)).toHaveProperty('body.number');
    const malformed = await fetch(`${runtime.url}/api/v1/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.apiToken}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511',
    });
    expect(malformed.status).toBe(400);
    expect(await ticketCount(company.admin)).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried call with the first result and sends once', async () => {
    const number = newNumber();
    const first = await call(company.apiToken, { number, body: 'Pedido 1' }, { 'idempotency-key': 'order-1-confirmation' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await call(company.apiToken, { number, body: 'Pedido 1' }, { 'idempotency-key': 'order-1-confirmation' });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await messagesOf(company.admin, first.body.ticketId)).map((m) => m.body)).toEqual(['Pedido 1']);

    // the same key with another request is refused; the key of another connection is another key
    const changed = await call(company.apiToken, { number, body: 'Pedido 2' }, { 'idempotency-key': 'order-1-confirmation' });
    expect(changed).toMatchObject({ status: 422, body: { error: 'ERR_IDEMPOTENCY_KEY_REUSED' } });
    const elsewhere = await call(other.apiToken, { number, body: 'Pedido 1' }, { 'idempotency-key': 'order-1-confirmation' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.ticketId).not.toBe(undefined);
    expect((await messagesOf(company.admin, first.body.ticketId)).map((m) => m.body)).toEqual(['Pedido 1']);
  });

  it('sends once when calls with one key race, and every one of them answers the same result', async () => {
    const number = newNumber();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(company.apiToken, { number, body: 'Corrida' }, { 'idempotency-key': `race-${number}` }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const ids = new Set(answers.map((a) => a.body.messages[0].id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    expect((await messagesOf(company.admin, answers[0]!.body.ticketId)).map((m) => m.body)).toEqual(['Corrida']);
  });

  it('lets a key whose call failed be used again, and refuses a malformed key', async () => {
    const number = newNumber();
    const failed = await call(company.apiToken, { number, body: 'x', userId: 999999 }, { 'idempotency-key': `retry-${number}` });
    expect(failed.status).toBe(404);
    const fixed = await call(company.apiToken, { number, body: 'x', userId: 999999 }, { 'idempotency-key': `retry-${number}` });
    expect(fixed.status).toBe(404);
    const malformed = await call(company.apiToken, { number, body: 'x' }, { 'idempotency-key': 'has spaces in it' });
    expect(malformed.status).toBe(400);
    expect(fieldsOf(malformed.body)).toHaveProperty('headers.idempotency-key');
  });
});

describe('the plan and the rate limit', () => {
  it('refuses a company whose plan lacks the external API (403 ERR_PLAN_FEATURE_DISABLED), with nothing written', async () => {
    const plan = await addPlan({ ...defaultPlanInput, name: 'Sem API', useExternalApi: false });
    const { admin } = await signupOnPlan(runtime, plan.id, 'Sem API');
    const webchat = (await admin.get('/whatsapp')).body.find((c: { channel: string }) => c.channel === 'webchat');
    const res = await call(webchat.token, { number: newNumber(), body: 'hi' });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(await ticketCount(admin)).toBe(0);
  });

  it(`answers 429 with Retry-After past ${LIMIT} calls a minute for one token, and other tokens go on`, async () => {
    const own = await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Site com limite' });
    const token = own.body.token as string;
    // two windows hold at most 2 x LIMIT calls: one more is refused whatever minute the run starts in
    const answers: ApiResponse[] = [];
    for (let i = 0; i < 2 * LIMIT + 1; i++) answers.push(await call(token, { number: newNumber(), body: 'x', userId: 999999 }));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 404)).toBe(true);
    const retryAfter = Number(limited[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited[0]!.body).toMatchObject({ error: 'ERR_RATE_LIMITED' });
    expect((await call(company.apiToken, { number: newNumber(), body: 'another token' })).status).toBe(200);
  });
});

describe('the reference', () => {
  it('serves the OpenAPI document and its page to anyone, the page with a policy that allows no script', async () => {
    const doc = await fetch(`${runtime.url}/api/openapi.json`);
    expect(doc.status).toBe(200);
    const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(json.openapi).toBe('3.1.0');
    expect(json.paths).toHaveProperty('/v1/messages/send');
    const page = await fetch(`${runtime.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(await page.text()).toContain('/api/v1/messages/send');
  });
});
