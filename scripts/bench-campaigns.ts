/**
 * `node --import tsx scripts/bench-campaigns.ts`: campaign send jobs per second through the local jobs queue. The
 * runtime runs in this process with the scripted Baileys socket in place of WhatsApp; a company with a connected
 * number sends a campaign to a contact list of BENCH_CAMPAIGN_CONTACTS numbers (default 500) with every interval at 0
 * and the hours open all week. Timed from the save (a date that has come: it starts at once) to FINALIZADA: the
 * start, prepare and release jobs, each recipient's `campaigns.send` job, the outbound path and the socket's send.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local.ts';
import { startRuntime, type Runtime } from '../infra/local/runtime.ts';

export interface CampaignBenchRow {
  contacts: number;
  delivered: number;
  failed: number;
  seconds: number;
  sendsPerSecond: number;
  /** messages the WhatsApp socket was asked to send */
  socketSends: number;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const measureCampaignSends = async (
  runtime: Runtime,
  fakes: FakeSocketFactory,
  contacts: number,
): Promise<CampaignBenchRow> => {
  const base = `${runtime.url}/api`;
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const until = async <T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs: number): Promise<T> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = await probe();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`${what} not reached within ${timeoutMs} ms`);
      await wait(50);
    }
  };

  const email = `bench-campaigns-${Date.now()}@example.com`;
  const signup = await call<{ companyId: number }>('POST', '/auth/signup', {
    name: 'Bench Owner',
    companyName: 'Bench Campanhas',
    email,
    password: 'bench-pass',
    phone: '5511999990000',
    planId: 1,
  });
  token = (await call<{ token: string }>('POST', '/auth/login', { email, password: 'bench-pass' })).token;
  const connection = await call<{ id: number }>('POST', '/whatsapp', { channel: 'whatsapp', name: 'Bench', isDefault: true });
  const socket = await fakes.next({ companyId: signup.companyId, connectionId: connection.id }, { after: 0, timeoutMs: 30_000 });
  socket.open('5511900008888');
  await until(
    () => call<{ status: string }>('GET', `/whatsapp/${connection.id}`),
    (c) => c.status === 'CONNECTED',
    'the bench session',
    20_000,
  );

  await call('POST', '/campaign-settings', {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      startHour: '00:00',
      endHour: '23:59',
      sabado: true,
      domingo: true,
    },
  });
  const list = await call<{ id: number }>('POST', '/contact-lists', { name: 'Bench' });
  const numbers = Array.from({ length: contacts }, (_, i) => `55119${String(60_000_000 + i)}`);
  for (let i = 0; i < numbers.length; i += 20) {
    await Promise.all(
      numbers
        .slice(i, i + 20)
        .map((number, j) =>
          call('POST', '/contact-list-items', { contactListId: list.id, name: `Cliente ${i + j}`, number, email: '' }),
        ),
    );
  }
  await until(
    () => call<{ validCount: number }>('GET', `/contact-lists/${list.id}`),
    (l) => l.validCount === contacts,
    'the numbers check',
    120_000,
  );

  const sendsBefore = socket.callsOf('sendMessage').length;
  const started = performance.now();
  const campaign = await call<{ id: number }>('POST', '/campaigns', {
    name: 'Bench',
    contactListId: list.id,
    whatsappId: connection.id,
    scheduledAt: new Date().toISOString(),
    message1: 'Olá {nome}, oferta da semana!',
  });
  const done = await until(
    () => call<{ status: string; stats: { delivered: number; failed: number } }>('GET', `/campaigns/${campaign.id}`),
    (c) => c.status === 'FINALIZADA',
    'FINALIZADA',
    Math.max(120_000, contacts * 1000),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    contacts,
    delivered: done.stats.delivered,
    failed: done.stats.failed,
    seconds,
    sendsPerSecond: (done.stats.delivered + done.stats.failed) / seconds,
    socketSends: socket.callsOf('sendMessage').length - sendsBefore,
  };
};

export const printCampaignRow = (row: CampaignBenchRow): void => {
  console.log(
    [
      'contacts'.padStart(9),
      'delivered'.padStart(10),
      'failed'.padStart(7),
      'socket'.padStart(7),
      'seconds'.padStart(8),
      'sends/s'.padStart(8),
    ].join(' '),
  );
  console.log(
    [
      String(row.contacts).padStart(9),
      String(row.delivered).padStart(10),
      String(row.failed).padStart(7),
      String(row.socketSends).padStart(7),
      row.seconds.toFixed(1).padStart(8),
      row.sendsPerSecond.toFixed(1).padStart(8),
    ].join(' '),
  );
};

const main = async () => {
  process.removeAllListeners('warning');
  const contacts = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 500);
  if (!Number.isInteger(contacts) || contacts < 1) throw new Error('BENCH_CAMPAIGN_CONTACTS must be a positive whole number');
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-campaigns-'));
  const ddb = await startDynamoDbLocal();
  const fakes = new FakeSocketFactory();
  const runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    dynamoEndpoint: ddb.endpoint,
    adminEmail: 'bench@example.com',
    adminPassword: 'bench-password',
    webDir: join(dataDir, 'no-web'),
    whatsappSocketFactory: fakes.factory,
  });
  try {
    console.log(`\nCampaign sends through the local jobs queue (${contacts} contacts, intervals 0)`);
    printCampaignRow(await measureCampaignSends(runtime, fakes, contacts));
  } finally {
    await runtime.stop();
    await ddb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
