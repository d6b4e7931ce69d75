/**
 * For browser tests that need the product to themselves (a scripted WhatsApp, a fake Meta): the local runtime
 * started in the test's process with its own data folder and admin, as `npm start` runs it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime, type Runtime, type RuntimeOptions } from '../../infra/local/runtime.ts';

/** Starts the product on a free port over a fresh data folder named from `prefix`; the caller removes the folder. */
export const startOwnRuntime = async (
  prefix: string,
  options: Partial<RuntimeOptions> = {},
): Promise<{ runtime: Runtime; dataDir: string }> => {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: 'root@example.com',
    adminPassword: 'root-password-1',
    ...options,
  });
  return { runtime, dataDir };
};
