import { defineConfig } from 'vitest/config';

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
