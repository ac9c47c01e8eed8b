import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { IngestResponse } from '@gearwatch/contracts';
import { migrate } from '../src/db/migrate.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { basicAuth, createModule } from './ingest-fixtures.ts';
import { crashDatabase } from './crash-database.ts';

/**
 * "A server killed during a stream loses no acknowledged reading": the real server (server/src/main.ts) runs in a
 * child process on its own database (PGlite files in a temporary directory, or a scratch PostgreSQL database with
 * TEST_DB=postgres); batches stream in, several at a time, and the process is SIGKILLed mid-stream. After a restart
 * every batch that was answered 200 is stored whole, every other batch is stored whole or not at all, and sending
 * everything again leaves each reading stored exactly once with rollups that agree with the raw rows.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BATCHES = 40;
const PER_BATCH = 2000;
const IN_FLIGHT = 3;
/** The kill comes right after this many answers, while the next requests are on their way. */
const KILL_AFTER = 8;

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      TELTONIKA_PORT: '0',
      HOST: '127.0.0.1',
      DEMO: 'off',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

const batchStart = (n: number) => Date.UTC(2026, 0, 5) + n * PER_BATCH * 1000;
function batchBody(n: number): string {
  const start = batchStart(n);
  return JSON.stringify({ readings: Array.from({ length: PER_BATCH }, (_, i) => ({ p: 1 + (i % 2), t: start + i * 1000, v: n + i / PER_BATCH })) });
}

describe('a server killed during a stream', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('loses no acknowledged reading', async () => {
    // The database: prepared here, then handed to the server (PGlite files are opened by one process at a time).
    const { env, open } = await crashDatabase('gw-crash-', cleanups);
    let module!: TestModule;
    const setup = await open();
    try {
      await migrate(setup);
      const company = await createCompany(setup.db);
      module = await createModule(setup.db, company.id, (await createDevice(setup.db, company.id)).id);
    } finally {
      await setup.close();
    }
    const headers = { ...basicAuth(module.serial, module.code), 'content-type': 'application/json' };

    const first = await startServer(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const acknowledged = new Set<number>();
    let next = 0;
    let killed = false;
    const stream = async () => {
      while (next < BATCHES && !killed) {
        const n = next++;
        try {
          const response = await fetch(`${first.url}/api/ingest`, { method: 'POST', headers, body: batchBody(n) });
          if (response.status === 200 && ((await response.json()) as IngestResponse).readings === PER_BATCH) acknowledged.add(n);
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (acknowledged.size >= KILL_AFTER && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, stream));
    expect(await first.exited).toBeNull(); // killed by the signal, not exited
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // Some batches were on their way when it died.
    expect(next).toBeGreaterThan(acknowledged.size);

    const storedPerBatch = async (): Promise<Map<number, number>> => {
      const database = await open();
      try {
        const rows = await sql<{ batch: number; n: number }>`
          select floor((extract(epoch from ts) * 1000 - ${Date.UTC(2026, 0, 5)}) / ${PER_BATCH * 1000})::int as batch, count(*)::int as n
          from readings group by 1`.execute(database.db);
        return new Map(rows.rows.map((r) => [r.batch, r.n]));
      } finally {
        await database.close();
      }
    };
    const afterKill = await storedPerBatch();
    for (const n of acknowledged) expect(afterKill.get(n), `acknowledged batch ${n}`).toBe(PER_BATCH);
    for (const [n, count] of afterKill) expect([0, PER_BATCH], `batch ${n} is all or nothing`).toContain(count);

    // Restarted, the module sends everything again: what was stored is a duplicate, the rest is stored now.
    const second = await startServer(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    let duplicates = 0;
    for (let n = 0; n < BATCHES; n++) {
      const response = await fetch(`${second.url}/api/ingest`, { method: 'POST', headers, body: batchBody(n) });
      expect(response.status).toBe(200);
      const result = (await response.json()) as IngestResponse;
      expect(result.readings + result.duplicates).toBe(PER_BATCH);
      duplicates += result.duplicates;
    }
    expect(duplicates).toBe([...afterKill.values()].reduce((a, b) => a + b, 0));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await open();
    try {
      const totals = await sql<{ raw: number; rolled: number; hours: number; days: number }>`
        select (select count(*)::int from readings) as raw,
          (select sum(count)::int from readings_5min) as rolled,
          (select sum(count)::int from readings_hour) as hours,
          (select sum(count)::int from readings_day) as days`.execute(database.db);
      expect(totals.rows[0]).toEqual({ raw: BATCHES * PER_BATCH, rolled: BATCHES * PER_BATCH, hours: BATCHES * PER_BATCH, days: BATCHES * PER_BATCH });
    } finally {
      await database.close();
    }
  }, 240_000);
});
