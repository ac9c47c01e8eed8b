import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_PORT, MAIL_HTTP_PORT, MAIL_SINK_URL, MAIL_SMTP_PORT } from './support/ports.ts';

// The browser tests drive the built client against a real server on a fresh embedded database with the demo data,
// as a new user gets it from `npm start`, but without the simulator's live data (SIMULATOR=off: the 90-day history
// stored on the first start, then nothing by itself), so what a test counts changes only by what it does; a spec that
// needs live data sends exactly that through the ingest API (support/ingest.ts).
// Evaluated again in each worker; the environment carries the first process's choice to them.
const dataDir = (process.env.GEARWATCH_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'gearwatch-e2e-')));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = APP_PORT;

export default defineConfig({
  testDir: './specs',
  globalTeardown: './support/teardown.ts',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The app's mail goes to a real local SMTP server whose inbox the tests read.
      command: 'npx tsx e2e/support/mail-sink.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${MAIL_SINK_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${port}/readyz`,
      // Ready once the 90-day history is stored: about a minute on a quiet machine, several on a busy one. A deadline
      // for a start that hangs, not a measure of its speed.
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        // Any free port: the Teltonika listener's default (5027) may be taken on a test machine.
        TELTONIKA_PORT: '0',
        // Likewise the demo machine's OPC UA server (4841 by default; SIMULATOR=off starts none, this keeps it so).
        OPCUA_DEMO_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: 'on',
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    },
  ],
});
