/**
 * `npm run bench`: prints what requests cost on the local runtime: latency percentiles and, per request,
 * the DynamoDB round trips and consumed read/write units (measured with ReturnConsumedCapacity).
 */
import { measureCapacity } from '../functions/src/platform/table/client.ts';
import { measureCosts, measureLatency, measureSendLatency, type CostRow, type IdleRow, type LatencyRow } from './bench-inbox.ts';
import { measureWhatsappInbound, type WhatsappLatencyRow } from './bench-whatsapp.ts';
import { FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';
import { BENCH_ADMIN, fixed, percentile, printTable, runMain, withBenchRuntime, type Column } from './bench-kit.ts';

interface Row {
  name: string;
  n: number;
  p50: number;
  p99: number;
  roundTrips: number;
  readUnits: number;
  writeUnits: number;
}

const bench = async (name: string, n: number, call: () => Promise<Response>): Promise<Row> => {
  const times: number[] = [];
  let cost = { roundTrips: 0, readUnits: 0, writeUnits: 0 };
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const measured = await measureCapacity(async () => {
      const res = await call();
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    times.push(performance.now() - started);
    cost = measured;
  }
  return { name, n, p50: percentile(times, 50), p99: percentile(times, 99), ...cost };
};

const whatsappColumns: Column<WhatsappLatencyRow>[] = [
  ['msg/s', 6, (r) => r.rate],
  ['sent', 6, (r) => r.sent],
  ['received', 9, (r) => r.received],
  ['events/s', 9, (r) => fixed(r.throughput)],
  ['p50 ms', 8, (r) => fixed(r.p50)],
  ['p99 ms', 8, (r) => fixed(r.p99)],
  ['max ms', 8, (r) => fixed(r.max)],
  ['out of order', 13, (r) => r.outOfOrder],
  ['| queued', 9, (r) => `| ${r.queued}`],
  ['q/s', 7, (r) => r.queuedPerSecond.toFixed(0)],
  ['q p50', 7, (r) => fixed(r.queuedP50)],
  ['q p99', 7, (r) => fixed(r.queuedP99)],
  ['q order', 8, (r) => r.queuedOutOfOrder],
];

const requestColumns: Column<Row>[] = [
  ['request', 55, (r) => r.name, 'left'],
  ['n', 5, (r) => r.n],
  ['p50 ms', 9, (r) => fixed(r.p50)],
  ['p99 ms', 9, (r) => fixed(r.p99)],
  ['trips', 6, (r) => r.roundTrips],
  ['RCU', 6, (r) => fixed(r.readUnits)],
  ['WCU', 6, (r) => fixed(r.writeUnits)],
];

const latencyColumns: Column<LatencyRow>[] = [
  ['msg/s', 6, (r) => r.rate],
  ['sent', 6, (r) => r.sent],
  ['received', 9, (r) => r.received],
  ['p50 ms', 8, (r) => fixed(r.p50)],
  ['p99 ms', 8, (r) => fixed(r.p99)],
  ['max ms', 8, (r) => fixed(r.max)],
];

const costColumns: Column<CostRow>[] = [
  ['tickets', 8, (r) => r.size],
  ['request', 55, (r) => r.name, 'left'],
  ['items', 6, (r) => r.items],
  ['requests', 9, (r) => r.roundTrips],
  ['sequential', 11, (r) => r.sequentialTrips],
  ['RCU', 6, (r) => fixed(r.readUnits)],
  ['p50 ms', 8, (r) => fixed(r.p50Ms)],
  ['p99 ms', 8, (r) => fixed(r.p99Ms)],
];

const idleColumns: Column<IdleRow>[] = [
  ['tickets', 8, (r) => r.size],
  ['seconds', 8, (r) => r.seconds],
  ['requests', 9, (r) => r.roundTrips],
  ['RCU', 6, (r) => fixed(r.readUnits)],
  ['WCU', 6, (r) => fixed(r.writeUnits)],
  ['one firing: requests', 21, (r) => r.fireTrips],
  ['RCU', 6, (r) => fixed(r.fireReadUnits)],
];

const main = async () => {
  process.removeAllListeners('warning');
  // the load generator's visitors all come from this machine's one address
  process.env.WEBCHAT_VISITORS_PER_ADDRESS ??= '100000';
  process.env.WEBCHAT_MESSAGES_PER_ADDRESS ??= '1000000';
  process.env.WEBCHAT_MESSAGES_PER_CONNECTION ??= '1000000';
  const fakes = new FakeSocketFactory();
  // BENCH_ONLY=whatsapp runs the WhatsApp inbound section alone
  const only = process.env.BENCH_ONLY;
  // WhatsApp sessions on scripted Baileys sockets: the connector path is measured without WhatsApp's servers
  await withBenchRuntime({ whatsappSocketFactory: fakes.factory }, async (runtime) => {
    const api = `${runtime.url}/api`;
    const waSeconds = Number(process.env.BENCH_SECONDS ?? 10);
    const waRates = (process.env.BENCH_WA_RATES ?? '20,100').split(',').map(Number);
    console.log(
      `\nWhatsApp inbound through the connector (Baileys messages.upsert -> message bridge -> inbound.fifo -> inbound consumer -> agent socket; queued: the connector alone, to inbound.fifo), 50 customers, ${waSeconds} s per rate`,
    );
    printTable(whatsappColumns, await measureWhatsappInbound(runtime, fakes, waRates, waSeconds));
    if (only === 'whatsapp') return;

    const login = () =>
      fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_ADMIN),
      });
    const token = ((await (await login()).json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    rows.push(await bench('GET /version (public, no table access)', 300, () => fetch(`${api}/version`)));
    rows.push(await bench('GET /plans/list (public)', 300, () => fetch(`${api}/plans/list`)));
    rows.push(await bench('GET /auth/me (authenticated)', 300, () => fetch(`${api}/auth/me`, { headers: auth })));
    rows.push(
      await bench('GET /companies/listPlan/1 (authenticated, plan read)', 300, () =>
        fetch(`${api}/companies/listPlan/1`, { headers: auth }),
      ),
    );
    rows.push(await bench('POST /auth/login (scrypt + session)', 20, login));
    console.log('\nSwitchboard benchmark: local runtime, DynamoDB Local in memory, sequential requests\n');
    printTable(requestColumns, rows);
    console.log('\ntrips, RCU and WCU are per request (the last one measured).');

    // latency first, on a fresh emulator: 100,000 seeded tickets change how fast the emulator itself runs
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    console.log(
      `\nInbox: inbound message to agent event latency (web chat API -> inbound queue -> socket), ${seconds} s per rate`,
    );
    printTable(latencyColumns, await measureLatency(runtime, [20, 100], seconds));

    console.log(
      `\nInbox: agent send to visitor latency (POST /messages -> outbound queue -> web chat driver -> visitor's socket), 20 conversations, ${seconds} s`,
    );
    printTable(latencyColumns, await measureSendLatency(runtime, [20], seconds));

    const sizes = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
    console.log(`\nInbox: cost of one page (service call, after authentication) for companies of ${sizes.join(' and ')} tickets`);
    const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
    const idle: IdleRow[] = [];
    const costs = await measureCosts(runtime, sizes, idleSeconds, idle);
    printTable(costColumns, costs);
    if (idle.length) {
      console.log(
        `\nEngine: table traffic of the whole runtime over an idle window, every timed rule configured on the connection`,
      );
      printTable(idleColumns, idle, (r) =>
        console.log(
          `           idle requests: ${
            Object.entries(r.byKey)
              .map(([k, n]) => `${k} x${n}`)
              .join(', ') || 'none'
          }`,
        ),
      );
    }
    const names = [...new Set(costs.map((r) => r.name))];
    for (const name of names) {
      const [small, large] = [
        costs.find((r) => r.name === name && r.size === sizes[0]),
        costs.find((r) => r.name === name && r.size === sizes[sizes.length - 1]),
      ];
      if (small && large && small.readUnits > 0) {
        console.log(
          `  ${name}: at ${large.size} vs ${small.size} tickets, read units ${((large.readUnits / small.readUnits - 1) * 100).toFixed(1)}%, p50 time ${((large.p50Ms / small.p50Ms - 1) * 100).toFixed(1)}%`,
        );
      }
    }
  });
};

runMain(main);
