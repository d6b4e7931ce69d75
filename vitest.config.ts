import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Every test layer of the repository. `npm test` runs them all; `--project <name>` runs one.
 * Parallel but bounded: the machine has two cores and one DynamoDB Local serves the whole run.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
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
        // functions' clock and environment through the runtime (runtime.setClock, runtime.setEnv), which reaches the
        // workers too; a test waits for what another function sees later (test/api.ts: until, outliveLookupCaches). The
        // files left out check behaviour that only one process has, each for the reason given.
        test: {
          name: 'isolated',
          include: ['functions/src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...[
              // in-process hooks the workers do not share: the flow's random numbers, the integrations' pauses, a
              // stubbed variable with a spy on this thread's logger
              'engine/flow-runtime',
              'engine/integrations/typebot',
              'engine/integration-runtime',
              // the test takes the queues or calls a handler, a job or a cycle in its own process
              'modules/outbound/outbound',
              'modules/campaigns/campaign-sending',
              'modules/tags/tags-admin',
              'modules/connections/company-suspension',
            ].map((f) => `functions/src/${f}.api.test.ts`),
          ],
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
