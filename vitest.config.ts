import { defineConfig } from 'vitest/config';
import { TestOrder } from './test/runner/sequencer.ts';

/**
 * Every test layer of the repository. `npm test` runs them all; `--project <name>` runs one.
 * Parallel but bounded: the machine has two cores and one DynamoDB Local serves the whole run.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    // the browser files on one worker from the start, one at a time, the rest beside them (test/runner/plan.ts)
    sequence: { sequencer: TestOrder },
    projects: [
      {
        test: {
          name: 'backend',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'connector-container/src/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          globalSetup: ['test/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // the same API tests with every function in its own isolate, holding only what its manifest entry grants
        // (infra/local/isolated): a missing grant, variable or listener fails here as it would in AWS. A test moves the
        // functions' clock, random draws and environment through the runtime (runtime.setClock, runtime.setRandom,
        // runtime.setEnv), which reaches the workers too, and stands in for the queue or the scheduler through this
        // thread's ports (setLocalPorts), which the workers' calls reach; a test waits for what another function sees
        // later (test/api.ts: until, outliveLookupCaches).
        test: {
          name: 'isolated',
          include: ['functions/src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          env: { ISOLATE_FUNCTIONS: '1' },
          globalSetup: ['test/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          // a file's setup cold-starts every function it calls (about a second each, more on a loaded machine)
          hookTimeout: 240_000,
        },
      },
      'infra/vitest.config.{ts,mts}',
      'web/vitest.config.{ts,mts}',
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/product-global-setup.ts'],
          // one browser file at a time (they share the product), beside the other projects' files
          setupFiles: ['test/runner/one-browser-at-a-time.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
