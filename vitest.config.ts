import { defineConfig } from 'vitest/config';

// One runner for every workspace. Server tests open their own database (PGlite in memory, or a new PostgreSQL
// database with TEST_DB=postgres), so files run in parallel safely.
export default defineConfig({
  test: {
    // Off by default so a single test file runs as fast as before; `npm test` turns it on (scripts/test.mjs) and
    // prints the summary at the end. A report, not a gate: no thresholds.
    coverage: {
      enabled: false,
      provider: 'v8',
      include: ['contracts/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**', 'server/src/db/migrations/**'],
      reporter: [['text-summary', { file: 'coverage-summary.txt' }]],
    },
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          // The migrations run once per run, not per file: a migrated template database or PGlite dump.
          globalSetup: ['server/test/template-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
