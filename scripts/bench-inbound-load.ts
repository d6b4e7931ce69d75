/**
 * `npm run bench:load`: the inbound path under load. Customers write at 20, 100 and 300 messages a second (by
 * default), half on the website chat and half on a WhatsApp Cloud API number (signed webhook deliveries, as Meta
 * posts them), over 500 conversations per rate that are new to the company (each writes a first message, which
 * makes the contact and the ticket, then again); an admin's socket times each message from its request to its
 * event. Prints, per rate and channel, what was accepted, refused and lost, and the latencies (first messages
 * apart). The load comes from its own process (scripts/bench-inbound-mix.ts); Meta's Graph API is the local fake.
 *
 * Settings: BENCH_RATES (20,100,300), BENCH_MESSAGES per rate (1000), BENCH_CONVERSATIONS per rate (500),
 * BENCH_DRAIN_SECONDS (30).
 */
import { cpus, totalmem } from 'node:os';
import type { Runtime } from '../infra/local/runtime.ts';
import { startFakeGraph } from '../test/fakes/graph-server.ts';
import { callApi as call, runInChild, runMain, withBenchRuntime } from './bench-kit.ts';
import type { MixInput, MixRound, MixRow } from './bench-inbound-mix.ts';

const RATES = (process.env.BENCH_RATES ?? '20,100,300').split(',').map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 500);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 30);

const CLOUD = {
  phoneNumberId: '1015550001',
  wabaId: '2025550002',
  accessToken: 'bench-cloud-token',
  appSecret: 'bench-cloud-app-secret',
  verifyToken: 'bench-cloud-verify',
};

const runMix = (input: MixInput): Promise<MixRow[]> => runInChild<MixRow[]>('bench-inbound-mix.ts', input);

const main = async () => {
  process.removeAllListeners('warning');
  const graph = await startFakeGraph();
  graph.tokens.add(CLOUD.accessToken);
  graph.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  Object.assign(process.env, {
    META_GRAPH_URL: graph.url,
    META_APP_SECRET: 'bench-platform-app-secret',
    META_VERIFY_TOKEN: 'bench-platform-verify',
    // every customer of the load comes from this machine's one address
    WEBCHAT_VISITORS_PER_ADDRESS: '100000',
    WEBCHAT_MESSAGES_PER_ADDRESS: '1000000',
    WEBCHAT_MESSAGES_PER_CONNECTION: '1000000',
  });
  try {
    // no admin of the runtime's: the load's company signs up
    await withBenchRuntime({ dirPrefix: 'sb-load-', adminEmail: undefined, adminPassword: undefined }, (runtime) =>
      load(runtime),
    );
  } finally {
    await graph.close();
  }
};

const load = async (runtime: Runtime) => {
  const base = runtime.url;
  const email = `load-${Date.now()}@example.com`;
  await call(base, 'POST', '/auth/signup', {
    name: 'Dona da Loja',
    companyName: 'Carga Medida',
    email,
    password: 'pass-12345',
    phone: '5511999990000',
    planId: 1,
  });
  const { token } = await call<{ token: string }>(base, 'POST', '/auth/login', { email, password: 'pass-12345' });
  const connections = await call<{ channel: string; widgetKey?: string }[]>(base, 'GET', '/whatsapp', undefined, token);
  const webchatToken = connections.find((c) => c.channel === 'webchat')!.widgetKey!;
  const cloud = await call<{ webhookUrl: string }>(
    base,
    'POST',
    '/whatsapp',
    { channel: 'whatsappapi', name: 'Número Cloud', ...CLOUD },
    token,
  );

  const rounds: MixRound[] = [];
  for (const [r, rate] of RATES.entries()) {
    const half = Math.ceil(CONVERSATIONS / 2);
    const visitors: string[] = [];
    for (let i = 0; i < half; i++) {
      const v = await call<{ visitorToken: string }>(base, 'POST', `/webchat/${webchatToken}/visitors`, {
        name: `Visitante ${r}-${i}`,
      });
      visitors.push(v.visitorToken);
    }
    const numbers = Array.from({ length: CONVERSATIONS - half }, (_, i) => `55119${r}${String(i).padStart(7, '0')}`);
    rounds.push({ rate, visitors, numbers });
  }
  await runtime.idleQueues(60_000);

  console.log(
    `\nInbound under load: ${MESSAGES} messages per rate over ${CONVERSATIONS} conversations new to the company (half web chat, half WhatsApp Cloud API webhooks), request to the admin's socket event; ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, DynamoDB Local`,
  );
  const rows = await runMix({
    baseUrl: base,
    agentToken: token,
    webchatToken,
    cloud: {
      webhookUrl: cloud.webhookUrl,
      appSecret: CLOUD.appSecret,
      phoneNumberId: CLOUD.phoneNumberId,
      wabaId: CLOUD.wabaId,
    },
    rounds,
    messages: MESSAGES,
    drainSeconds: DRAIN_SECONDS,
  });
  const head = ['msg/s', 'channel', 'sent', 'refused', 'received', 'lost', 'new p50', 'new p99', 'p50 ms', 'p99 ms', 'max ms'];
  const widths = [6, 8, 6, 8, 9, 5, 8, 8, 8, 8, 8];
  console.log(head.map((h, i) => h.padStart(widths[i]!)).join(' '));
  for (const r of rows) {
    const cells = [r.rate, r.channel, r.sent, r.refused, r.received, r.lost, r.firstP50, r.firstP99, r.p50, r.p99, r.max].map(
      (v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(1) : String(v)),
    );
    console.log(cells.map((c, i) => c.padStart(widths[i]!)).join(' '));
  }
  const p99At = (rate: number) => Math.max(...rows.filter((r) => r.rate === rate).map((r) => r.p99));
  const [low, high] = [RATES[0]!, RATES.at(-1)!];
  console.log(
    `\np99 at ${high}/s over p99 at ${low}/s: ${(p99At(high) / p99At(low)).toFixed(2)} (goal: 2 or less); lost: ${rows.reduce((s, r) => s + r.lost, 0)}`,
  );
};

runMain(main);
