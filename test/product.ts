/**
 * Starts the product exactly as `npm start` does (a child process running infra/local/main.ts) and stops it
 * with a signal, for the browser tests and the start/stop tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../infra/local/dynamodb-local.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ProductProcess {
  url: string;
  port: number;
  output: () => string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `detached` runs the product in a process group of its own, as a terminal does, so a test can signal the group. */
export const startProduct = async (
  env: Record<string, string>,
  timeoutMs = 90_000,
  options: { detached?: boolean } = {},
): Promise<ProductProcess> => {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The product did not start in time:\n${output}`)), timeoutMs);
    const check = setInterval(() => {
      if (output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`The product exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    port,
    output: () => output,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
};
