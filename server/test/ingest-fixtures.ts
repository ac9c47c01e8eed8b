import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import type { ModuleIdentity } from '../src/telemetry/types.ts';
import { createPostgresDatabase } from './template-database.ts';

let counter = 0;

export interface TestModule {
  id: number;
  serial: string;
  code: string;
  identity: ModuleIdentity;
}

/** A telemetry module of the company, fitted to `deviceId` (null: unassigned), with a serial unique to this run. */
export async function createModule(db: Kysely<DB>, companyId: number, deviceId: number | null, options: { active?: boolean } = {}): Promise<TestModule> {
  const serial = `TST${process.pid}X${++counter}X${Math.floor(Math.random() * 1e6)}`;
  const code = `C0DE${counter}`;
  const row = await db
    .insertInto('sensors')
    .values({
      company_id: companyId,
      device_id: deviceId,
      name: `Module ${serial}`,
      serial_number: serial,
      security_code: code,
      is_active: options.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  return { id: row.id, serial, code, identity: { sensorId: row.id, serialNumber: serial, companyId, deviceId, timezone: company.timezone } };
}

export function basicAuth(serial: string, code: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${serial}:${code}`).toString('base64')}` };
}

/** Rows of a table as JSON text, in a stable order, for comparing whole tables before and after. */
async function rowsOf(db: Kysely<DB>, table: string, orderBy: string, exclude: string[] = []): Promise<unknown[]> {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(orderBy)}`.execute(db);
  return result.rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([key]) => !exclude.includes(key)))));
}

/**
 * Everything ingest writes. The contact times (last_sync_at, last_contact_at) are left out: they record that a
 * module called, which a repeated batch rightly updates.
 */
export async function telemetrySnapshot(db: Kysely<DB>): Promise<Record<string, unknown[]>> {
  return {
    readings: await rowsOf(db, 'readings', 'device_id, parameter_number, ts'),
    readings_5min: await rowsOf(db, 'readings_5min', 'device_id, parameter_number, bucket'),
    readings_hour: await rowsOf(db, 'readings_hour', 'device_id, parameter_number, bucket'),
    readings_day: await rowsOf(db, 'readings_day', 'device_id, parameter_number, day'),
    readings_month: await rowsOf(db, 'readings_month', 'device_id, parameter_number, month'),
    readings_shift: await rowsOf(db, 'readings_shift', 'device_id, parameter_number, day, position'),
    // Session ids change when sessions are rebuilt: the rows are named by their session's device and start.
    operator_session_days: (
      await sql<Record<string, unknown>>`select s.device_id, s.started_at, d.day, d.work, d.active
        from operator_session_days d join operator_sessions s on s.id = d.session_id order by s.device_id, s.started_at, d.day`.execute(db)
    ).rows.map((row) => JSON.stringify(row)),
    operator_session_hours: (
      await sql<Record<string, unknown>>`select s.device_id, s.started_at, h.hour, h.work, h.active
        from operator_session_hours h join operator_sessions s on s.id = h.session_id order by s.device_id, s.started_at, h.hour`.execute(db)
    ).rows.map((row) => JSON.stringify(row)),
    unassigned_readings: await rowsOf(db, 'unassigned_readings', 'sensor_id, parameter_number, ts', ['received_at']),
    positions: await rowsOf(db, 'positions', 'sensor_id, ts'),
    module_events: await rowsOf(db, 'module_events', 'sensor_id, ts, type'),
    operator_sessions: await rowsOf(db, 'operator_sessions', 'device_id, started_at', ['id']),
    device_state: await rowsOf(db, 'device_state', 'device_id', ['last_sync_at']),
    sensor_state: await rowsOf(db, 'sensor_state', 'sensor_id', ['last_contact_at']),
    devices_power: (await db.selectFrom('devices').select(['id', 'power_state']).orderBy('id').execute()).map((r) => JSON.stringify(r)),
  };
}

/** Row counts of every table ingest writes. */
export async function telemetryCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = [
    'readings',
    'readings_5min',
    'readings_hour',
    'readings_day',
    'readings_month',
    'readings_shift',
    'operator_session_days',
    'operator_session_hours',
    'unassigned_readings',
    'positions',
    'module_events',
    'operator_sessions',
    'device_state',
    'sensor_state',
    'ingest_rejects',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

/**
 * An empty PostgreSQL database for a test that hands it to another process (as context.ts makes one for its own
 * app); dropped by `drop`.
 */
export async function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createPostgresDatabase(adminUrl);
}
