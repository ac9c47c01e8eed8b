import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../src/db/migrate.ts';
import { createCompany, createDevice, createUser } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { basicAuth, createModule } from './ingest-fixtures.ts';
import { crashDatabase } from './crash-database.ts';
import { createRule } from './alert-fixtures.ts';

/**
 * "A server killed between commit and evaluation loses no alert": the real server (server/src/main.ts) in a child
 * process; breaching batches of many devices are answered 200 and the process is SIGKILLed at once, while the
 * engine is still behind. Every committed batch is then either evaluated (its alert exists) or still queued (its
 * arrival row); after a restart every device has exactly one alert.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEVICES = 40;

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

describe('a server killed between commit and evaluation', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('loses no alert and makes none twice', async () => {
    const { env, open } = await crashDatabase('gw-alert-crash-', cleanups);
    const modules: TestModule[] = [];
    const setup = await open();
    try {
      await migrate(setup);
      const company = await createCompany(setup.db);
      const user = await createUser(setup.db, company.id);
      const deviceIds: number[] = [];
      for (let i = 0; i < DEVICES; i++) {
        const device = await createDevice(setup.db, company.id);
        deviceIds.push(device.id);
        modules.push(await createModule(setup.db, company.id, device.id));
      }
      await createRule(setup.db, {
        companyId: company.id,
        type: 'value',
        conditions: [{ variable: 1, operator: 'gt', argument: 0, date_interval: '10m' }],
        deviceIds,
        userIds: [user.id],
      });
    } finally {
      await setup.close();
    }

    const first = await startServer(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const t = Date.now() - 3_600_000;
    const body = JSON.stringify({ readings: Array.from({ length: 200 }, (_, i) => ({ p: 1, t: t + i * 1000, v: 1 + (i % 7) })) });
    const statuses = await Promise.all(
      modules.map((m) =>
        fetch(`${first.url}/api/ingest`, { method: 'POST', headers: { ...basicAuth(m.serial, m.code), 'content-type': 'application/json' }, body }).then(
          (r) => r.status,
        ),
      ),
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(statuses.every((s) => s === 200)).toBe(true);

    const count = async () => {
      const database = await open();
      try {
        const result = await sql<{ alerts: number; queued: number; evaluated: number }>`
          select (select count(*)::int from alerts) as alerts, (select count(*)::int from alert_arrivals) as queued,
            (select count(distinct device_id)::int from alerts) as evaluated`.execute(database.db);
        return result.rows[0]!;
      } finally {
        await database.close();
      }
    };
    const afterKill = await count();
    // Each committed batch is evaluated or still queued, never lost; no device has two alerts.
    expect(afterKill.alerts).toBe(afterKill.evaluated);
    expect(afterKill.evaluated + afterKill.queued).toBe(DEVICES);

    const second = await startServer(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    // The runner starts with the app and its first turn drains the queue; a graceful stop lets that turn finish.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const settled = await count();
    expect(settled).toEqual({ alerts: DEVICES, queued: 0, evaluated: DEVICES });
  }, 240_000);
});
