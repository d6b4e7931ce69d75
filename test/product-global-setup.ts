/** Vitest global setup of the browser tests: the product started as `npm start` starts it, on a fresh data folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProduct } from './product.ts';

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'browser-test-password';

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-browser-'));
  // every visitor and company of the browser tests comes from this machine's one address
  const product = await startProduct({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    WEBCHAT_VISITORS_PER_ADDRESS: '1000',
    SIGNUPS_PER_ADDRESS: '1000',
  });
  project.provide('baseUrl', product.url);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', dataDir);
  return async () => {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    dataDir: string;
  }
}
