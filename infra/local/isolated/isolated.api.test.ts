import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiClient, SocketProbe } from '../../../test/api.ts';
import { until } from '../../../test/until.ts';
import { addQueue, signupCompany, Visitor, type TestCompany } from '../../../test/inbox.ts';
import {
  connectorManifest,
  functionManifest,
  type FunctionManifest,
  type FunctionName,
} from '../../../functions/src/deployment/manifest.ts';
import { domainEvents } from '../../../functions/src/platform/events/domain-events.ts';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../../connector-container/src/testing/fake-baileys-socket.ts';
import { startRuntime, type Runtime, type RuntimeOptions } from '../runtime.ts';
import { deniedPortCall, functionEnvironment } from './grants.ts';

/** An isolated runtime as test/api.ts starts the shared one: a fresh table, cheap password hashes. */
const startIsolated = (
  manifestOverride?: Partial<Record<FunctionName, FunctionManifest>>,
  options: Pick<RuntimeOptions, 'whatsappSocketFactory'> = {},
): Promise<Runtime> => {
  process.env.PASSWORD_SCRYPT_LOG2N ??= '14';
  process.env.SIGNUPS_PER_ADDRESS ??= '100000';
  process.env.WEBCHAT_VISITORS_PER_ADDRESS ??= '100000';
  process.env.WEBCHAT_MESSAGES_PER_ADDRESS ??= '100000';
  return startRuntime({
    ...options,
    isolate: true,
    manifestOverride,
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'sb-isolated-')),
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: `api-${randomUUID()}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    webDir: join(tmpdir(), 'no-web-build'),
  });
};

const queueFrame = (companyId: number, name: string) => (f: { event: string; data: any }) =>
  f.event === `company-${companyId}-queue` && f.data.queue?.name === name;

let colour = 0x100;
const nextColor = () => `#${(++colour).toString(16).padStart(6, '0')}`;

/** A visitor's first message makes a pending ticket (web chat -> inbound queue -> inbound function); answers its id. */
const ticketFromVisitor = async (runtime: Runtime, company: TestCompany, name: string): Promise<number> => {
  const visitor = await new Visitor(runtime, company.webchatToken).start(name);
  await visitor.say('Olá');
  const list = await company.admin.get('/tickets?status=pending');
  const ticket = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === name);
  expect(ticket, JSON.stringify(list.body)).toBeDefined();
  return ticket.id as number;
};

/** A file list made, and an upload of a file to it asked for (the files function signs it with the media grant). */
const askFileUpload = async (company: TestCompany) => {
  const list = await company.admin.post('/files', {
    name: 'Catálogo',
    message: 'Nossos arquivos',
    options: [{ name: 'Tabela' }],
  });
  expect(list.status, JSON.stringify(list.body)).toBe(201);
  return company.admin.post(`/files/${list.body.id}/upload`, {
    optionId: 1,
    name: 'precos.pdf',
    mimeType: 'application/pdf',
    size: 9,
  });
};

describe('grants of an isolated function', () => {
  const tickets = functionManifest.tickets as FunctionManifest;

  it('keeps from its environment the resources its entry does not grant', () => {
    const env = {
      TABLE_NAME: 't',
      DATA_KEY: 'k'.repeat(40),
      PIX_API_URL: 'http://pix',
      PIX_WEBHOOK_SECRET: 's',
      META_APP_SECRET: 'm',
      META_VERIFY_TOKEN: 'v',
    };
    expect(functionEnvironment(functionManifest.audit as FunctionManifest, env)).toEqual({ TABLE_NAME: 't' });
    expect(Object.keys(functionEnvironment(functionManifest.invoices as FunctionManifest, env)).sort()).toEqual([
      'DATA_KEY',
      'PIX_API_URL',
      'PIX_WEBHOOK_SECRET',
      'TABLE_NAME',
    ]);
    expect(Object.keys(functionEnvironment(functionManifest.webhooks as FunctionManifest, env)).sort()).toEqual([
      'DATA_KEY',
      'META_APP_SECRET',
      'META_VERIFY_TOKEN',
      'TABLE_NAME',
    ]);
  });

  it('refuses a send to a queue, a schedule or a push its entry does not grant, as AWS refuses it', () => {
    expect(deniedPortCall('tickets', tickets, { port: 'queue', method: 'send', args: ['jobs', { body: '{}' }] })).toBeUndefined();
    const inbound = deniedPortCall('tickets', tickets, { port: 'queue', method: 'send', args: ['inbound.fifo', { body: '{}' }] });
    expect(inbound).toMatchObject({ name: 'AccessDeniedException' });
    expect(inbound?.message).toMatch(/tickets is not authorized to perform: sqs:SendMessage on resource: .*inbound\.fifo/);
    // visibility only on the queue it consumes
    expect(deniedPortCall('tickets', tickets, { port: 'queue', method: 'changeVisibility', args: ['jobs', 'r', 0] })?.name).toBe(
      'AccessDeniedException',
    );
    expect(
      deniedPortCall('jobs', functionManifest.jobs as FunctionManifest, {
        port: 'queue',
        method: 'changeVisibility',
        args: ['jobs', 'r', 0],
      }),
    ).toBeUndefined();
    const audit = functionManifest.audit as FunctionManifest;
    expect(deniedPortCall('audit', audit, { port: 'scheduler', method: 'schedule', args: [{ name: 'x' }] })?.message).toMatch(
      /audit .*scheduler:CreateSchedule/,
    );
    expect(deniedPortCall('audit', audit, { port: 'sockets', method: 'post', args: ['c1', '{}'] })?.message).toMatch(
      /audit .*execute-api:ManageConnections/,
    );
  });
});

describe('the product with every function isolated', () => {
  let runtime: Runtime;
  let company: TestCompany;

  beforeAll(async () => {
    runtime = await startIsolated();
    company = await signupCompany(runtime, 'Isolated Co');
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it('serves the seeded admin, and a queue made over HTTP reaches the socket from the queues function', async () => {
    const admin = new ApiClient(runtime.url);
    const login = await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    try {
      await addQueue(admin, { name: 'Isolada', color: nextColor(), greetingMessage: 'Olá' });
      await socket.waitFor(queueFrame(login.body.user.companyId, 'Isolada'));
    } finally {
      await socket.close();
    }
    // each function in its own worker, started by its first invocation; the ones not called did not start
    const started = (await runtime.isolated!.stats()).map((s) => s.name);
    expect(started).toEqual(expect.arrayContaining(['auth', 'queues', 'realtime']));
    expect(started).not.toContain('campaigns');
  });

  it('starts a function again at the next invocation once its worker ended', async () => {
    expect((await company.admin.get('/queue')).status).toBe(200);
    const before = (await runtime.isolated!.stats()).find((s) => s.name === 'queues')!;
    expect(await runtime.isolated!.recycle('queues')).toBe(true);
    expect((await runtime.isolated!.stats()).map((s) => s.name)).not.toContain('queues');
    expect((await company.admin.get('/queue')).status).toBe(200);
    const after = (await runtime.isolated!.stats()).find((s) => s.name === 'queues')!;
    expect(after.invocations).toBe(1);
    expect(before.invocations).toBeGreaterThan(1);
  });

  it('holds the clock a test sets in the running workers and in the ones started later', async () => {
    const createdAt = async () => {
      const created = await company.admin.post('/quick-messages', { shortcode: `relogio${++colour}`, message: 'Bom dia' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return Date.parse(created.body.createdAt as string);
    };
    // within the access token's life, so the same session goes on signing in
    const held = Date.now() + 5 * 60_000;
    try {
      await runtime.isolated!.recycle('quick-messages');
      runtime.setClock({ at: held });
      expect(await createdAt()).toBe(held);
      runtime.setClock({ offset: 10 * 60_000 });
      const moved = await createdAt();
      expect(moved - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(moved - Date.now()).toBeLessThanOrEqual(10 * 60_000);
      runtime.setClock(undefined);
      expect(Math.abs((await createdAt()) - Date.now())).toBeLessThan(60_000);
    } finally {
      runtime.setClock(undefined);
    }
  });

  it("registers in this thread only the connector's listeners, not every function's", () => {
    expect(domainEvents.listeners('queue.deleted').length).toBeLessThanOrEqual(connectorManifest.listeners.length);
    expect(domainEvents.listeners('queue.deleted')).not.toContain('audit');
  });

  it('brings a web chat message through the inbound queue to the agents live', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    try {
      const visitor = await new Visitor(runtime, company.webchatToken).start('Ana Isolada');
      await visitor.say('Olá, isolada');
      const frame = await socket.waitFor(
        (f) => f.event === `company-${company.companyId}-appMessage` && f.data.action === 'create',
      );
      expect(frame.data.message).toMatchObject({ body: 'Olá, isolada', fromMe: false });
    } finally {
      await socket.close();
    }
  });

  it('deletes a ticket (the tickets function queues its purge)', async () => {
    const id = await ticketFromVisitor(runtime, company, 'Bruno Apagado');
    expect((await company.admin.delete(`/tickets/${id}`)).status).toBe(200);
    expect((await company.admin.get(`/tickets/${id}`)).status).toBe(404);
  });

  it('signs a media upload in the files function and seals a secret in the prompts function', async () => {
    const upload = await askFileUpload(company);
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const prompt = await company.admin.post('/prompt', {
      name: 'Com chave',
      prompt: 'Responda.',
      apiKey: 'sk-secret-1234',
      queueId: company.queueId,
    });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
  });

  it('writes the audit log from the listener of the queues function', async () => {
    await addQueue(company.admin, { name: 'Auditada', color: nextColor(), greetingMessage: 'Olá' });
    const log = await company.admin.get('/audit-logs?limit=10');
    expect(log.body.entries.map((e: { entity: string; targetName: string | null }) => [e.entity, e.targetName])).toContainEqual([
      'queue',
      'Auditada',
    ]);
  });
});

describe('a WhatsApp (Baileys) session with every function isolated', () => {
  const fakes = new FakeSocketFactory();
  const JID = '5511977771234@s.whatsapp.net';
  let runtime: Runtime;
  let company: TestCompany;

  beforeAll(async () => {
    runtime = await startIsolated(undefined, { whatsappSocketFactory: fakes.factory });
    company = await signupCompany(runtime, 'Isolated WhatsApp Co');
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  const changesOf = (session: FakeBaileysSocket) =>
    (session.callsOf('sendMessage') as [string, Record<string, unknown>, { messageId?: string }?][]).filter(
      ([, content]) => 'edit' in content || 'delete' in content,
    );

  it('carries an edit and a delete made in the messages function to the session only the connector holds', async () => {
    const created = await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Sessão isolada' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = await fakes.next({ companyId: company.companyId, connectionId: created.body.id }, { after: 0 });
    session.open('5511900002222');
    await until(
      () => company.admin.get(`/whatsapp/${created.body.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    session.receive([
      {
        key: { remoteJid: JID, fromMe: false, id: 'ISO-IN-1' },
        message: { conversation: 'Oi' },
        messageTimestamp: Math.floor(Date.now() / 1000),
        pushName: 'Iris',
      },
    ]);
    const ticket = await until(
      async () =>
        (await company.admin.get('/tickets?status=pending&showAll=true')).body.tickets.find(
          (t: { contact: { number: string } }) => t.contact.number === '5511977771234',
        ),
      (t) => t !== undefined,
    );
    expect((await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    const sent = await company.admin.post(`/messages/${ticket.id}`, { body: 'Preço: R$ 100' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [, , options] = await until(
      () => session.callsOf('sendMessage')[0] as [string, unknown, { messageId: string }] | undefined,
      (call) => call !== undefined,
    ).then((call) => call!);
    await until(
      async () =>
        (await company.admin.get(`/messages/${ticket.id}`)).body.messages.find((m: { id: string }) => m.id === sent.body.id),
      (m) => m.ack === 1,
    );
    const key = { remoteJid: JID, fromMe: true, id: options.messageId };

    const edited = await company.admin.post(`/messages/edit/${sent.body.id}/${ticket.id}`, { body: 'Preço: R$ 90' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await until(
      () => changesOf(session).length,
      (n) => n === 1,
    );
    const deleted = await company.admin.delete(`/messages/${sent.body.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await until(
      () => changesOf(session).length,
      (n) => n === 2,
    );
    expect(changesOf(session).map(([jid, content]) => [jid, content])).toEqual([
      [JID, { text: 'Preço: R$ 90', edit: key }],
      [JID, { delete: key }],
    ]);
    // the messages function answered from its own worker, where no session is registered
    expect((await runtime.isolated!.stats()).map((s) => s.name)).toContain('messages');
  });
});

describe('an isolated function whose manifest entry lacks something', () => {
  const tickets = functionManifest.tickets as FunctionManifest;
  const queues = functionManifest.queues as FunctionManifest;
  let runtime: Runtime;
  let company: TestCompany;

  beforeAll(async () => {
    runtime = await startIsolated({
      tickets: { ...tickets, ports: { ...tickets.ports, sends: tickets.ports.sends.filter((q) => q !== 'jobs') } },
      queues: { ...queues, listeners: queues.listeners.filter((l) => l !== 'realtime' && l !== 'audit') },
      helps: { ...(functionManifest.helps as FunctionManifest), listeners: ['no-such-listener' as never] },
      files: { ...(functionManifest.files as FunctionManifest), ports: { sends: [], sockets: true } },
      prompts: { ...(functionManifest.prompts as FunctionManifest), ports: { sends: [], sockets: true } },
    });
    company = await signupCompany(runtime, 'Lacking Co');
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it('fails a request whose code sends to a queue the entry does not grant, with the error AWS gives', async () => {
    const id = await ticketFromVisitor(runtime, company, 'Carla Negada');
    const res = await company.admin.delete(`/tickets/${id}`);
    expect(res.status).toBe(500);
    expect(runtime.isolated!.logOf('tickets')).toMatch(
      /AccessDeniedException[\s\S]*tickets is not authorized to perform: sqs:SendMessage on resource: \S*:jobs/,
    );
  });

  it('refuses media without the media grant, inside the function', async () => {
    const upload = await askFileUpload(company);
    expect(upload.status).toBe(500);
    expect(runtime.isolated!.logOf('files')).toMatch(
      /AccessDeniedException[\s\S]*files is not authorized to perform: s3:PutObject/,
    );
  });

  it('gives a function without the data key grant no DATA_KEY', async () => {
    const res = await company.admin.post('/prompt', {
      name: 'Sem chave',
      prompt: 'Responda.',
      apiKey: 'sk-secret-1234',
      queueId: company.queueId,
    });
    expect(res.status).toBe(500);
    expect(runtime.isolated!.logOf('prompts')).toContain('DATA_KEY or DATA_KEY_ARN is required');
  });

  it('sends no socket frame and writes no audit entry when the listeners are not registered', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    try {
      await addQueue(company.admin, { name: 'Sem aviso', color: nextColor(), greetingMessage: 'Olá' });
      // the same socket does receive what another function publishes
      const tag = await company.admin.post('/tags', { name: 'Com aviso' });
      expect(tag.status, JSON.stringify(tag.body)).toBeLessThan(300);
      await socket.waitFor((f) => f.event === `company${company.companyId}-tag`);
      expect(socket.frames.filter(queueFrame(company.companyId, 'Sem aviso'))).toEqual([]);
    } finally {
      await socket.close();
    }
    const log = await company.admin.get('/audit-logs?limit=10');
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body.entries)).not.toContain('Sem aviso');
  });

  it('answers 500 from a function that fails to load, and the other functions go on answering', async () => {
    const res = await company.admin.get('/helps/list');
    expect(res.status).toBe(500);
    expect(runtime.isolated!.logOf('helps')).toContain('no-such-listener');
    expect((await company.admin.get('/queue')).status).toBe(200);
    // tried again at the next invocation, and failing the same way
    expect((await company.admin.get('/helps/list')).status).toBe(500);
  });
});
