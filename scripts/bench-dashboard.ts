/**
 * `node --import tsx scripts/bench-dashboard.ts`: the dashboard's read cost alone, on companies seeded as
 * `npm run bench` seeds them (BENCH_SIZES, default 1000,100000), without the rest of the benchmark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local.ts';
import { startRuntime } from '../infra/local/runtime.ts';
import { measureCosts } from './bench-inbox.ts';

const main = async () => {
  process.removeAllListeners('warning');
  process.env.BENCH_CASES ??= 'dashboard';
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-'));
  const ddb = await startDynamoDbLocal();
  const runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    dynamoEndpoint: ddb.endpoint,
    adminEmail: 'bench@example.com',
    adminPassword: 'bench-password',
    webDir: join(dataDir, 'no-web'),
  });
  try {
    const sizes = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
    const costs = await measureCosts(runtime, sizes, 0);
    console.log(
      [
        'tickets'.padStart(8),
        'request'.padEnd(48),
        'counted'.padStart(8),
        'requests'.padStart(9),
        'RCU'.padStart(6),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
      ].join(' '),
    );
    for (const r of costs) {
      console.log(
        [
          String(r.size).padStart(8),
          r.name.padEnd(48),
          String(r.items).padStart(8),
          String(r.roundTrips).padStart(9),
          r.readUnits.toFixed(1).padStart(6),
          r.p50Ms.toFixed(1).padStart(8),
          r.p99Ms.toFixed(1).padStart(8),
        ].join(' '),
      );
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
