/**
 * `npm run bench`: prints what requests cost on the local runtime: latency percentiles and, per request,
 * the DynamoDB round trips and consumed read/write units (measured with ReturnConsumedCapacity).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCapacity } from '../functions/src/platform/table/client.ts';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local.ts';
import { startRuntime } from '../infra/local/runtime.ts';
import { measureCosts, measureLatency, measureSendLatency, type IdleRow } from './bench-inbox.ts';
import { measureWhatsappInbound } from './bench-whatsapp.ts';
import { FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';

const ADMIN = { email: 'bench@example.com', password: 'bench-password' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

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

const main = async () => {
  process.removeAllListeners('warning');
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-'));
  // the load generator's visitors all come from this machine's one address
  process.env.WEBCHAT_VISITORS_PER_ADDRESS ??= '100000';
  process.env.WEBCHAT_MESSAGES_PER_ADDRESS ??= '1000000';
  process.env.WEBCHAT_MESSAGES_PER_CONNECTION ??= '1000000';
  const ddb = await startDynamoDbLocal();
  const fakes = new FakeSocketFactory();
  // BENCH_ONLY=whatsapp runs the WhatsApp inbound section alone
  const only = process.env.BENCH_ONLY;
  const runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    dynamoEndpoint: ddb.endpoint,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    webDir: join(dataDir, 'no-web'),
    // WhatsApp sessions on scripted Baileys sockets: the connector path is measured without WhatsApp's servers
    whatsappSocketFactory: fakes.factory,
  });
  const api = `${runtime.url}/api`;
  try {
    const waSeconds = Number(process.env.BENCH_SECONDS ?? 10);
    const waRates = (process.env.BENCH_WA_RATES ?? '20,100').split(',').map(Number);
    console.log(
      `\nWhatsApp inbound through the connector (Baileys messages.upsert -> message bridge -> inbound.fifo -> inbound consumer -> agent socket; queued: the connector alone, to inbound.fifo), 50 customers, ${waSeconds} s per rate`,
    );
    const whatsapp = await measureWhatsappInbound(runtime, fakes, waRates, waSeconds);
    console.log(
      [
        'msg/s'.padStart(6),
        'sent'.padStart(6),
        'received'.padStart(9),
        'events/s'.padStart(9),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'max ms'.padStart(8),
        'out of order'.padStart(13),
        '| queued'.padStart(9),
        'q/s'.padStart(7),
        'q p50'.padStart(7),
        'q p99'.padStart(7),
        'q order'.padStart(8),
      ].join(' '),
    );
    for (const r of whatsapp) {
      console.log(
        [
          String(r.rate).padStart(6),
          String(r.sent).padStart(6),
          String(r.received).padStart(9),
          r.throughput.toFixed(1).padStart(9),
          r.p50.toFixed(1).padStart(8),
          r.p99.toFixed(1).padStart(8),
          r.max.toFixed(1).padStart(8),
          String(r.outOfOrder).padStart(13),
          `| ${r.queued}`.padStart(9),
          r.queuedPerSecond.toFixed(0).padStart(7),
          r.queuedP50.toFixed(1).padStart(7),
          r.queuedP99.toFixed(1).padStart(7),
          String(r.queuedOutOfOrder).padStart(8),
        ].join(' '),
      );
    }
    if (only === 'whatsapp') return;

    const login = () =>
      fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
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
    console.log(
      [
        'request'.padEnd(55),
        'n'.padStart(5),
        'p50 ms'.padStart(9),
        'p99 ms'.padStart(9),
        'trips'.padStart(6),
        'RCU'.padStart(6),
        'WCU'.padStart(6),
      ].join(' '),
    );
    for (const r of rows) {
      console.log(
        [
          r.name.padEnd(55),
          String(r.n).padStart(5),
          r.p50.toFixed(1).padStart(9),
          r.p99.toFixed(1).padStart(9),
          String(r.roundTrips).padStart(6),
          r.readUnits.toFixed(1).padStart(6),
          r.writeUnits.toFixed(1).padStart(6),
        ].join(' '),
      );
    }
    console.log('\ntrips, RCU and WCU are per request (the last one measured).');

    // latency first, on a fresh emulator: 100,000 seeded tickets change how fast the emulator itself runs
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    console.log(
      `\nInbox: inbound message to agent event latency (web chat API -> inbound queue -> socket), ${seconds} s per rate`,
    );
    const latency = await measureLatency(runtime, [20, 100], seconds);
    console.log(
      [
        'msg/s'.padStart(6),
        'sent'.padStart(6),
        'received'.padStart(9),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'max ms'.padStart(8),
      ].join(' '),
    );
    for (const r of latency) {
      console.log(
        [
          String(r.rate).padStart(6),
          String(r.sent).padStart(6),
          String(r.received).padStart(9),
          r.p50.toFixed(1).padStart(8),
          r.p99.toFixed(1).padStart(8),
          r.max.toFixed(1).padStart(8),
        ].join(' '),
      );
    }

    console.log(
      `\nInbox: agent send to visitor latency (POST /messages -> outbound queue -> web chat driver -> visitor's socket), 20 conversations, ${seconds} s`,
    );
    const sends = await measureSendLatency(runtime, [20], seconds);
    console.log(
      [
        'msg/s'.padStart(6),
        'sent'.padStart(6),
        'received'.padStart(9),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'max ms'.padStart(8),
      ].join(' '),
    );
    for (const r of sends) {
      console.log(
        [
          String(r.rate).padStart(6),
          String(r.sent).padStart(6),
          String(r.received).padStart(9),
          r.p50.toFixed(1).padStart(8),
          r.p99.toFixed(1).padStart(8),
          r.max.toFixed(1).padStart(8),
        ].join(' '),
      );
    }

    const sizes = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
    console.log(`\nInbox: cost of one page (service call, after authentication) for companies of ${sizes.join(' and ')} tickets`);
    const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
    const idle: IdleRow[] = [];
    const costs = await measureCosts(runtime, sizes, idleSeconds, idle);
    console.log(
      [
        'tickets'.padStart(8),
        'request'.padEnd(55),
        'items'.padStart(6),
        'requests'.padStart(9),
        'sequential'.padStart(11),
        'RCU'.padStart(6),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
      ].join(' '),
    );
    for (const r of costs) {
      console.log(
        [
          String(r.size).padStart(8),
          r.name.padEnd(55),
          String(r.items).padStart(6),
          String(r.roundTrips).padStart(9),
          String(r.sequentialTrips).padStart(11),
          r.readUnits.toFixed(1).padStart(6),
          r.p50Ms.toFixed(1).padStart(8),
          r.p99Ms.toFixed(1).padStart(8),
        ].join(' '),
      );
    }
    if (idle.length) {
      console.log(
        `\nEngine: table traffic of the whole runtime over an idle window, every timed rule configured on the connection`,
      );
      console.log(
        [
          'tickets'.padStart(8),
          'seconds'.padStart(8),
          'requests'.padStart(9),
          'RCU'.padStart(6),
          'WCU'.padStart(6),
          'one firing: requests'.padStart(21),
          'RCU'.padStart(6),
        ].join(' '),
      );
      for (const r of idle) {
        console.log(
          [
            String(r.size).padStart(8),
            String(r.seconds).padStart(8),
            String(r.roundTrips).padStart(9),
            r.readUnits.toFixed(1).padStart(6),
            r.writeUnits.toFixed(1).padStart(6),
            String(r.fireTrips).padStart(21),
            r.fireReadUnits.toFixed(1).padStart(6),
          ].join(' '),
        );
        console.log(
          `           idle requests: ${
            Object.entries(r.byKey)
              .map(([k, n]) => `${k} x${n}`)
              .join(', ') || 'none'
          }`,
        );
      }
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
  } finally {
    await runtime.stop();
    await ddb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
