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
      {
        // the same API tests with every function in its own isolate, holding only what its manifest entry grants
        // (infra/local/isolated): a missing grant, variable or listener fails here as it would in AWS. The files that
        // drive the product's clock, environment or ports from the test's own process cannot run this way.
        test: {
          name: 'isolated',
          include: [
            ...[
              'queues',
              'audit',
              'tags',
              'contacts',
              'schedules',
              'files',
              'invoices',
              'users',
              'chats',
              'settings',
              'announcements',
              'external-api',
              'flows',
            ].map((m) => `functions/src/modules/${m}/${m}.api.test.ts`),
            // (visitor-socket.api.test.ts answers the visitor within the publisher's one-second connection cache of
            // another instance, which the widget covers by re-reading when its socket opens: not run isolated)
            'functions/src/modules/webchat/webchat-menus.api.test.ts',
            'functions/src/modules/connections/whatsapp-sessions.api.test.ts',
          ],
          env: { ISOLATE_FUNCTIONS: '1' },
          globalSetup: ['test/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
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
