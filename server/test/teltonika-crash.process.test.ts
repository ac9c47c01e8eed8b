import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TELTONIKA_IO } from '@gearwatch/contracts';
import { migrate } from '../src/db/migrate.ts';
import type { Database } from '../src/db/database.ts';
import { usingPostgres } from './context.ts';
import { crashDatabase } from './crash-database.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { telemetryCounts, telemetrySnapshot } from './ingest-fixtures.ts';
import { startServerProcess } from './support/server-process.ts';
import type { ServerProcess } from './support/server-process.ts';
import { forkliftRecords } from './teltonika-forklift.ts';
import { TrackerClient, ackOf, avlPacket, createTeltonikaModule, mapIoParameter, waitUntil } from './teltonika-listener-fixtures.ts';

/**
 * A server process killed with SIGKILL while a tracker's packet is in flight, on either side of its commit. The real
 * server (server/src/main.ts, as `npm start` runs it) on its own database; the test is the tracker, over TCP.
 *
 * - After the commit, before the acknowledgement: the process is preloaded with kill-after-group-commit.ts, which
 *   SIGKILLs it as soon as the packet's group has committed, before the listener can write the 4-byte answer.
 * - Before the commit: the test holds an EXCLUSIVE lock on teltonika_last_records, the last table the packet's
 *   transaction writes, so the transaction waits with the readings, positions and state written but not committed;
 *   the process is SIGKILLed while it waits. (PostgreSQL only: PGlite is one process's at a time.)
 *
 * Either way the tracker gets no acknowledgement, reconnects to a restarted server, sends the same packet again and
 * gets it acknowledged, and the records are stored exactly once.
 */
const RECORDS = 10;
const VOLTAGE = 11;
const BATTERY = 12;
const killAfterCommit = pathToFileURL(path.join(import.meta.dirname, 'support/kill-after-group-commit.ts')).href;

describe('a server killed while a Teltonika packet is stored', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database with a company's forklift, its type mapping IO 66 and 67 (volts), and its active tracker. */
  async function prepare(prefix: string) {
    const { env, open } = await crashDatabase(prefix, cleanups);
    const setup = await open();
    try {
      await migrate(setup);
      const company = await createCompany(setup.db);
      const device = await createDevice(setup.db, company.id);
      await mapIoParameter(setup.db, device.deviceTypeId, VOLTAGE, TELTONIKA_IO.externalVoltage, 0.001);
      await mapIoParameter(setup.db, device.deviceTypeId, BATTERY, TELTONIKA_IO.batteryVoltage, 0.001);
      const tracker = await createTeltonikaModule(setup.db, company.id, device.id);
      const before = await telemetryCounts(setup.db);
      // Ten records of a forklift's last minutes, 10 s apart: ignition, movement, GPS, voltages.
      const from = Math.floor((Date.now() - 600_000) / 1000) * 1000;
      const packet = avlPacket(forkliftRecords(tracker.id, from, RECORDS, 10_000));
      const serverEnv: Record<string, string> = { ...env, DEMO: 'off', LOG_LEVEL: 'warn' };
      return { env: serverEnv, open, deviceId: device.id, imei: tracker.imei, before, packet };
    } finally {
      await setup.close();
    }
  }

  /** Reads the database between server processes (PGlite's files are one process's at a time). */
  async function inspect<T>(open: () => Promise<Database>, read: (database: Database) => Promise<T>): Promise<T> {
    const database = await open();
    try {
      return await read(database);
    } finally {
      await database.close();
    }
  }

  async function start(env: Record<string, string>, preload: string[] = []): Promise<{ server: ServerProcess; port: number }> {
    const server = await startServerProcess(env, 120_000, preload);
    cleanups.push(() => server.kill());
    let port = 0;
    await waitUntil('the Teltonika port in the output', () => {
      port = Number(/Teltonika trackers:\s+TCP port (\d+)/.exec(server.output())?.[1] ?? 0);
      return port > 0;
    });
    return { server, port };
  }

  /** The tracker's resend to a restarted server: acknowledged, and nothing changes that the first commit stored. */
  async function resendAfterRestart(setup: Awaited<ReturnType<typeof prepare>>): Promise<void> {
    const { server, port } = await start(setup.env);
    const tracker = await TrackerClient.connect(port);
    expect(await tracker.handshake(setup.imei)).toBe(0x01);
    await tracker.write(setup.packet);
    expect(await tracker.receive(4)).toEqual(ackOf(RECORDS));
    await tracker.close();
    await server.stop();
  }

  const voltageTimestamps = (database: Database, deviceId: number) =>
    database.db
      .selectFrom('readings')
      .select('ts')
      .where('device_id', '=', deviceId)
      .where('parameter_number', '=', VOLTAGE)
      .execute()
      .then((rows) => rows.length);

  it('after the commit, before the acknowledgement: no answer, the resend is acknowledged and stored once', async () => {
    const setup = await prepare('gw-teltonika-kill-after-');
    const { server, port } = await start(setup.env, [killAfterCommit]);
    const tracker = await TrackerClient.connect(port);
    expect(await tracker.handshake(setup.imei)).toBe(0x01);
    await tracker.write(setup.packet);
    // The process killed itself after the commit: the connection ends with no acknowledgement.
    await tracker.closed;
    expect(tracker.unread).toBe(0);
    await server.kill();

    const committed = await inspect(setup.open, async (database) => ({
      voltages: await voltageTimestamps(database, setup.deviceId),
      snapshot: await telemetrySnapshot(database.db),
    }));
    expect(committed.voltages).toBe(RECORDS);
    expect(committed.snapshot.positions).toHaveLength(RECORDS);

    await resendAfterRestart(setup);
    expect(await inspect(setup.open, (database) => telemetrySnapshot(database.db))).toEqual(committed.snapshot);
  }, 240_000);

  it.runIf(usingPostgres())(
    'before the commit: nothing stored, the resend is acknowledged and stored once',
    async () => {
      const setup = await prepare('gw-teltonika-kill-before-');
      const holder = new pg.Client({ connectionString: setup.env.DATABASE_URL });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query('begin');
      await holder.query('lock table teltonika_last_records in exclusive mode');

      const { server, port } = await start(setup.env);
      const tracker = await TrackerClient.connect(port);
      expect(await tracker.handshake(setup.imei)).toBe(0x01);
      await tracker.write(setup.packet);
      let waiting: number[] = [];
      await waitUntil('the packet’s transaction waiting for the lock', async () => {
        const result = await holder.query<{ pid: number }>(
          `select l.pid from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'teltonika_last_records' and not l.granted`,
        );
        waiting = result.rows.map((row) => row.pid);
        return waiting.length > 0;
      });
      await server.kill();
      // Anything the server wrote before it died reaches the tracker before the close: it wrote nothing.
      await tracker.closed;
      expect(tracker.unread).toBe(0);
      // The killed server's session goes on only as far as its waiting statement, and its transaction is rolled back.
      await holder.query('rollback');
      await waitUntil('the killed server’s session to end', async () => {
        const result = await holder.query(`select 1 from pg_stat_activity where pid = any($1::int[])`, [waiting]);
        return result.rowCount === 0;
      });
      expect(await inspect(setup.open, (database) => telemetryCounts(database.db))).toEqual(setup.before);

      await resendAfterRestart(setup);
      const stored = await inspect(setup.open, async (database) => ({
        voltages: await voltageTimestamps(database, setup.deviceId),
        positions: (await telemetryCounts(database.db)).positions,
      }));
      expect(stored).toEqual({ voltages: RECORDS, positions: RECORDS });
    },
    240_000,
  );
});
