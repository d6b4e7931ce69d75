/**
 * `node --import tsx scripts/bench-dashboard.ts`: the dashboard's read cost alone, on companies seeded as
 * `npm run bench` seeds them (BENCH_SIZES, default 1000,100000), without the rest of the benchmark.
 */
import { fixed, printTable, runMain, withBenchRuntime } from './bench-kit.ts';
import { measureCosts } from './bench-inbox.ts';

const main = async () => {
  process.removeAllListeners('warning');
  process.env.BENCH_CASES ??= 'dashboard';
  await withBenchRuntime({}, async (runtime) => {
    const sizes = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
    printTable(
      [
        ['tickets', 8, (r) => r.size],
        ['request', 48, (r) => r.name, 'left'],
        ['counted', 8, (r) => r.items],
        ['requests', 9, (r) => r.roundTrips],
        ['RCU', 6, (r) => fixed(r.readUnits)],
        ['p50 ms', 8, (r) => fixed(r.p50Ms)],
        ['p99 ms', 8, (r) => fixed(r.p99Ms)],
      ],
      await measureCosts(runtime, sizes, 0),
    );
  });
};

runMain(main);
