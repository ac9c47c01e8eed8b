// `npm test`: the whole suite. Unit and API tests on PGlite; the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set; the browser tests when Chromium is found. What is skipped is named, never silent.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientIfNeeded } from './build-client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'gearwatch-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const skipped = [];
let failed = false;

function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed = true;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

const vitest = (name, extra, env) => {
  const out = path.join(reports, `${name}.json`);
  run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra], env);
  countVitest(out);
};

// Coverage is measured on this run only: it is the one that runs every unit and API test.
const coverageDir = path.join(reports, 'coverage');
vitest('unit and API tests (PGlite)', ['--coverage.enabled', `--coverage.reportsDirectory=${coverageDir}`], { TEST_DB: 'pglite' });
const coverageSummary = path.join(coverageDir, 'coverage-summary.txt');
const coverage = existsSync(coverageSummary) ? readFileSync(coverageSummary, 'utf8').trim() : '';

if (process.env.TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL)', ['--project', 'server'], { TEST_DB: 'postgres' });
} else {
  skipped.push('API tests on PostgreSQL (TEST_DATABASE_URL is not set)');
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(chromium)) {
  buildClientIfNeeded();
  const out = path.join(reports, 'e2e.json');
  run('browser tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  countPlaywright(out);
} else {
  skipped.push(`browser tests (no Chromium at ${chromium}; set CHROMIUM_PATH)`);
}

rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\nCoverage of the unit and API tests (PGlite):\n${coverage || 'not measured (the run stopped before its report)'}\n`);
process.stdout.write(`\nSkipped: ${skipped.length ? skipped.join('; ') : 'nothing'}\n`);
if (failed && totals.failed === 0) totals.failed = 1; // a runner that crashed before reporting still fails the run
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failed ? 1 : 0);
