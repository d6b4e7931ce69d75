/**
 * An agent's send with an Idempotency-Key (the composer's UUID for the reply) stores, sends and announces the reply
 * once however often it is retried: a retry answers the first answer, the key with another reply is refused, calls
 * racing with one key make one message, and the key is the company's own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPathsOf, SocketProbe, startApi, type ApiResponse } from '../../../../test/api.ts';
import { signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { IDEMPOTENCY_TTL_SECONDS } from '../idempotency/idempotency.entity.ts';
import { claimKey } from '../idempotency/idempotency.repository.ts';
import { fingerprintOf, IDEMPOTENCY_LEASE_MS } from '../idempotency/idempotency.service.ts';
import { REPLY_KEY_SCOPE } from './message-sending.service.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;

/** An open web chat ticket of the company's admin, with its visitor. */
const openTicket = async (c: TestCompany, name: string) => {
  const visitor = await new Visitor(runtime, c.webchatToken).start(name);
  await visitor.say('oi');
  const list = await c.admin.get('/tickets?status=pending');
  const ticketId = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === name).id as number;
  expect((await c.admin.put(`/tickets/${ticketId}`, { status: 'open', userId: c.adminId })).status).toBe(200);
  return { visitor, ticketId };
};

const send = (c: TestCompany, ticketId: number, body: unknown, key: string): Promise<ApiResponse> =>
  c.admin.request('POST', `/messages/${ticketId}`, body, { 'idempotency-key': key });

const agentMessages = async (c: TestCompany, ticketId: number) =>
  ((await c.admin.get(`/messages/${ticketId}`)).body.messages as { id: string; body: string; fromMe: boolean }[]).filter(
    (m) => m.fromMe,
  );

/** What the visitor's widget shows of our side, once the outbound queue has run. */
const visitorReceived = async (visitor: Visitor) => {
  await runtime.drainQueues();
  return (await visitor.conversation()).messages.filter((m) => !m.fromVisitor).map((m) => m.body);
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Reenvio');
  other = await signupCompany(runtime, 'Outra Loja Reenvio');
});

afterAll(async () => {
  await runtime?.stop();
});

describe('an agent reply sent with an Idempotency-Key', () => {
  it('answers a retry with the first message and stores, sends and announces it once', async () => {
    const { visitor, ticketId } = await openTicket(company, 'Rita Reenvio');
    const socket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    const key = randomUUID();
    const first = await send(company, ticketId, { body: 'Seu pedido saiu' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // the message names its key, so the composer can tell its waiting reply when the message arrives live
    expect(first.body.clientKey).toBe(key);
    const frame = await socket.waitFor(
      (f) => f.event === `company-${company.companyId}-appMessage` && f.data.message?.id === first.body.id,
    );
    expect(frame.data.message.clientKey).toBe(key);

    const retry = await send(company, ticketId, { body: 'Seu pedido saiu' }, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    // the same key in upper case is the same key
    expect((await send(company, ticketId, { body: 'Seu pedido saiu' }, key.toUpperCase())).body.id).toBe(first.body.id);

    expect((await agentMessages(company, ticketId)).map((m) => m.body)).toEqual(['Seu pedido saiu']);
    expect((await visitorReceived(visitor)).filter((b) => b === 'Seu pedido saiu')).toHaveLength(1);
    const created = socket.frames.filter(
      (f) =>
        f.event === `company-${company.companyId}-appMessage` &&
        f.data.action === 'create' &&
        f.data.message?.id === first.body.id,
    );
    expect(created).toHaveLength(1);
    await socket.close();
  });

  it('refuses the key with another reply (422) and sends nothing for it', async () => {
    const { ticketId } = await openTicket(company, 'Davi Reenvio');
    const key = randomUUID();
    expect((await send(company, ticketId, { body: 'Primeira' }, key)).status).toBe(201);
    const changed = await send(company, ticketId, { body: 'Outra coisa' }, key);
    expect(changed).toMatchObject({ status: 422, body: { error: 'ERR_IDEMPOTENCY_KEY_REUSED' } });
    expect((await agentMessages(company, ticketId)).map((m) => m.body)).toEqual(['Primeira']);
  });

  it('makes one message of calls that race with one key, each answered with it', async () => {
    const { visitor, ticketId } = await openTicket(company, 'Caio Corrida');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(company, ticketId, { body: 'Corrida' }, key)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect((await agentMessages(company, ticketId)).map((m) => m.body)).toEqual(['Corrida']);
    expect((await visitorReceived(visitor)).filter((b) => b === 'Corrida')).toHaveLength(1);
  });

  it('sends a file once when its send is retried', async () => {
    const { ticketId } = await openTicket(company, 'Lia Arquivo Reenvio');
    const bytes = Buffer.from('%PDF-1.4 recibo');
    const target = await company.admin.post(`/messages/${ticketId}/upload-url`, {
      name: 'recibo.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
    });
    expect(target.status).toBe(200);
    expect((await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes })).status).toBe(200);
    const body = {
      body: 'segue o recibo',
      media: { key: target.body.key, name: 'recibo.pdf', mimeType: 'application/pdf', size: bytes.length },
    };
    const key = randomUUID();
    const first = await send(company, ticketId, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await send(company, ticketId, body, key);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.mediaUrl).toBe(first.body.mediaUrl);
    const mine = await agentMessages(company, ticketId);
    expect(mine.map((m) => m.id)).toEqual([first.body.id]);
  });

  it('answers that a key is in progress while its first send holds it, and sends nothing', async () => {
    const { ticketId } = await openTicket(company, 'Téo Em Curso');
    const key = randomUUID();
    // what a first send still at work leaves: its claim on the key, with no answer yet
    const now = Date.now();
    const claimed = await claimKey(
      { companyId: company.companyId, scope: REPLY_KEY_SCOPE, key },
      {
        fingerprint: fingerprintOf({ userId: company.adminId, ticketId, body: { body: 'Em curso', isPrivate: false } }),
        createdAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
        nowSeconds: Math.floor(now / 1000),
        staleBefore: new Date(now - IDEMPOTENCY_LEASE_MS).toISOString(),
      },
    );
    expect(claimed).toBe(true);
    const res = await send(company, ticketId, { body: 'Em curso' }, key);
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_IDEMPOTENCY_IN_PROGRESS' } });
    expect(await agentMessages(company, ticketId)).toEqual([]);
  }, 60_000);

  it("keeps another company's key apart", async () => {
    const own = await openTicket(company, 'Nina Chave');
    const theirs = await openTicket(other, 'Nina Chave');
    const key = randomUUID();
    const a = await send(company, own.ticketId, { body: 'Olá' }, key);
    const b = await send(other, theirs.ticketId, { body: 'Olá' }, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    expect((await agentMessages(other, theirs.ticketId)).map((m) => m.body)).toEqual(['Olá']);
  });

  it('refuses a key that is not a UUID, naming the header, and stores nothing', async () => {
    const { ticketId } = await openTicket(company, 'Gil Chave Ruim');
    const res = await send(company, ticketId, { body: 'x' }, 'not-a-uuid');
    expect(res.status).toBe(400);
    expect(fieldPathsOf(res.body)).toEqual(['headers.idempotency-key']);
    expect(await agentMessages(company, ticketId)).toEqual([]);
  });
});
