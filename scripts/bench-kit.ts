/**
 * What the benchmarks share: the local runtime over a DynamoDB Local of their own, percentiles, the table printer,
 * calls to the API, load generators run in their own process, sockets opened with a connect ticket and the runner
 * that ends the process with the script's outcome.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local.ts';
import { startRuntime, type Runtime, type RuntimeOptions } from '../infra/local/runtime.ts';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password' };

/** The value below which `p` percent of `values` fall (NaN for none). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** A number with one decimal, as every table of the benchmarks shows times and units. */
export const fixed = (n: number): string => n.toFixed(1);

/** A column of a printed table: its heading, its width, the cell of a row, and whether it aligns left. */
export type Column<R> = [title: string, width: number, cell: (row: R) => string | number, align?: 'left'];

const line = <R>(columns: Column<R>[], cell: (column: Column<R>) => string): string =>
  columns.map((c) => (c[3] === 'left' ? cell(c).padEnd(c[1]) : cell(c).padStart(c[1]))).join(' ');

/** Prints the heading and a line a row; `after` prints what goes under a row. */
export const printTable = <R>(columns: Column<R>[], rows: R[], after?: (row: R) => void): void => {
  console.log(line(columns, (c) => c[0]));
  for (const row of rows) {
    console.log(line(columns, (c) => String(c[2](row))));
    after?.(row);
  }
};

/**
 * Runs `work` against the local runtime, on a DynamoDB Local and a data folder of its own that are gone after. The
 * runtime's admin is `BENCH_ADMIN` unless `options` say otherwise.
 */
export const withBenchRuntime = async <T>(
  options: Partial<RuntimeOptions> & { dirPrefix?: string },
  work: (runtime: Runtime) => Promise<T>,
): Promise<T> => {
  const { dirPrefix = 'sb-bench-', ...runtimeOptions } = options;
  const dataDir = mkdtempSync(join(tmpdir(), dirPrefix));
  const ddb = await startDynamoDbLocal();
  const runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    dynamoEndpoint: ddb.endpoint,
    adminEmail: BENCH_ADMIN.email,
    adminPassword: BENCH_ADMIN.password,
    webDir: join(dataDir, 'no-web'),
    ...runtimeOptions,
  });
  try {
    return await work(runtime);
  } finally {
    await runtime.stop();
    await ddb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** A JSON call to the API at `base` (the runtime's address), failing on any status but 2xx. */
export const callApi = async <T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Runs the load generator `script` (beside this file) in its own process with `input` on stdin; answers its rows. */
export const runInChild = async <T>(script: string, input: unknown): Promise<T> => {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`./${script}`, import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stdin.end(JSON.stringify(input));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(out) as T;
};

/** A load generator's settings, read as JSON from stdin. */
export const readStdinJson = async <T>(): Promise<T> => {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text) as T;
};

/** An agent's socket, opened as the web app opens it: with a one-time connect ticket asked for with the token. */
export const openAgentSocket = async (baseUrl: string, token: string): Promise<WebSocket> => {
  const issued = await fetch(`${baseUrl}/api/auth/ws-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { ticket } = (await issued.json()) as { ticket: string };
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
  await new Promise((r) => ws.once('open', r));
  return ws;
};

/** Calls `send(i)` for i from 0 to `total` - 1, one every 1000 / `rate` ms from now, without waiting for each. */
export const paced = async (rate: number, total: number, send: (i: number) => void): Promise<void> => {
  const interval = 1000 / rate;
  const begin = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = begin + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    send(i);
  }
};

/** Waits until `done` holds or `seconds` have passed. */
export const drain = async (done: () => boolean, seconds: number): Promise<void> => {
  const deadline = performance.now() + seconds * 1000;
  while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
};

/** Runs a script's `main` and ends the process with its outcome (an error printed, exit code 1). */
export const runMain = (main: () => Promise<unknown>): void => {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
