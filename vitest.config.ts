import { defineConfig } from 'vitest/config';

// One runner for every workspace. Server tests open their own database (PGlite in memory, or a new PostgreSQL
// database with TEST_DB=postgres), so files run in parallel safely.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
