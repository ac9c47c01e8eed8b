// `npm test`: the whole suite. With TEST_DATABASE_URL, every unit and API test once with the API tests on PostgreSQL
// (the engine installations run), then the PGlite smoke set (pglite-smoke.mjs) that proves the zero-setup default;
// without it, every unit and API test on PGlite. The browser tests when Chromium is found. What is skipped is named,
// never silent. docs/testing.md explains the split.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildClientIfNeeded } from './build-client.mjs';
import { PGLITE_SMOKE_FILES } from './pglite-smoke.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'gearwatch-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const skipped = [];
// Named again at the end: CI shows only the tail of the output, and a run can fail without a failed test
// (an unhandled error, a crash), so both the failed runs and the failed tests are listed there.
const failedRuns = [];
const failedTests = [];
let failed = false;

const unhandled = [];

// The output is teed to a log so that errors outside any test (vitest's "Unhandled Errors") can be repeated
// at the end too.
function run(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const log = path.join(reports, `${title.replace(/\W+/g, '-')}.log`);
  const quoted = [command, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync('bash', ['-c', `${quoted} 2>&1 | tee '${log}'; exit \${PIPESTATUS[0]}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status === 0) return;
  failed = true;
  failedRuns.push(`${title}: exit ${result.status ?? result.signal}`);
  if (!existsSync(log)) return;
  const lines = readFileSync(log, 'utf8').split('\n');
  const start = lines.findIndex((line) => /Unhandled (Errors?|Rejection)/.test(line));
  if (start >= 0) unhandled.push(`${title}:`, ...lines.slice(start, start + 40));
}

// The first line of a failure's message, after the test's name: CI's tail then says why, not only what.
function reason(message) {
  const first = stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((line) => line.trim());
  return first ? `: ${first.trim().slice(0, 240)}` : '';
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${file} › ${test.fullName}${reason(test.failureMessages?.[0])}`);
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failedTests.push(`${file}: ${(suite.message || 'failed outside its tests').split('\n')[0]}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function listPlaywrightFailures(file) {
  if (!existsSync(file)) return;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failedTests.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}${reason(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) visit(suite, []);
}

// Vitest's default is one worker less than the cores: on a 2-core machine one file at a time, while an API test
// mostly waits on PostgreSQL, another process. At least two workers halve the unit and API run there (709 s against
// 1,722 s, docs/testing.md); TEST_WORKERS sets another number.
const workerCount = process.env.TEST_WORKERS || String(Math.max(2, availableParallelism() - 1));
const workers = [`--maxWorkers=${workerCount}`];

const vitest = (name, extra, env) => {
  const out = path.join(reports, `${name}.json`);
  run(name, 'npx', ['vitest', 'run', ...workers, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra], env);
  countVitest(out);
};

// Coverage is measured on the run of every unit and API test, the first one.
const coverageDir = path.join(reports, 'coverage');
const coverageArgs = ['--coverage.enabled', `--coverage.reportsDirectory=${coverageDir}`];
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const everyTest = postgres ? 'unit and API tests (API on PostgreSQL)' : 'unit and API tests (PGlite)';
vitest(everyTest, coverageArgs, { TEST_DB: postgres ? 'postgres' : 'pglite' });
const coverageSummary = path.join(coverageDir, 'coverage-summary.txt');
const coverage = existsSync(coverageSummary) ? readFileSync(coverageSummary, 'utf8').trim() : '';

if (postgres) {
  vitest('PGlite smoke set', ['--project', 'server', ...PGLITE_SMOKE_FILES], { TEST_DB: 'pglite' });
} else {
  skipped.push('API tests on PostgreSQL (TEST_DATABASE_URL is not set; every API test ran on PGlite instead)');
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
  listPlaywrightFailures(out);
} else {
  skipped.push(`browser tests (no Chromium at ${chromium}; set CHROMIUM_PATH)`);
}

process.stdout.write(`\nCoverage of the ${everyTest}:\n${coverage || 'not measured (the run stopped before its report)'}\n`);
process.stdout.write(`\nSkipped: ${skipped.length ? skipped.join('; ') : 'nothing'}\n`);
if (failedRuns.length) process.stdout.write(`Failed runs: ${failedRuns.join('; ')}\n`);
for (const test of failedTests) process.stdout.write(`Failed: ${test}\n`);
if (unhandled.length) process.stdout.write(`${unhandled.join('\n')}\n`);
if (failed && totals.failed === 0) totals.failed = 1; // a runner that crashed before reporting still fails the run
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
