/**
 * `node --import tsx scripts/bench-campaigns.ts`: campaign send jobs per second through the local jobs queue. The
 * runtime runs in this process with the scripted Baileys socket in place of WhatsApp; a company with a connected
 * number sends a campaign to a contact list of BENCH_CAMPAIGN_CONTACTS numbers (default 500) with every interval at 0
 * and the hours open all week. Timed from the save (a date that has come: it starts at once) to FINALIZADA: the
 * start, prepare and release jobs, each recipient's `campaigns.send` job, the outbound path and the socket's send.
 */
import { FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../infra/local/runtime.ts';
import { callApi, fixed, printTable, runMain, withBenchRuntime } from './bench-kit.ts';

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
  let token = '';
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    callApi<T>(runtime.url, method, path, body, token || undefined);
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

export const printCampaignRow = (row: CampaignBenchRow): void =>
  printTable(
    [
      ['contacts', 9, (r) => r.contacts],
      ['delivered', 10, (r) => r.delivered],
      ['failed', 7, (r) => r.failed],
      ['socket', 7, (r) => r.socketSends],
      ['seconds', 8, (r) => fixed(r.seconds)],
      ['sends/s', 8, (r) => fixed(r.sendsPerSecond)],
    ],
    [row],
  );

const main = async () => {
  process.removeAllListeners('warning');
  const contacts = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 500);
  if (!Number.isInteger(contacts) || contacts < 1) throw new Error('BENCH_CAMPAIGN_CONTACTS must be a positive whole number');
  const fakes = new FakeSocketFactory();
  await withBenchRuntime({ dirPrefix: 'sb-bench-campaigns-', whatsappSocketFactory: fakes.factory }, async (runtime) => {
    console.log(`\nCampaign sends through the local jobs queue (${contacts} contacts, intervals 0)`);
    printCampaignRow(await measureCampaignSends(runtime, fakes, contacts));
  });
};

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);
