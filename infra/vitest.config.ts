import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'infra',
    include: ['test/**/*.test.ts'],
    // each file synthesises the whole stack a few times
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
