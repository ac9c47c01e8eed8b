import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ParameterAggregation } from '@gearwatch/contracts';
import type { DB } from '../src/db/schema.ts';
import type { Services } from '../src/services.ts';
import type { EventInput, ModuleIdentity, PositionInput, ReadingInput } from '../src/telemetry/types.ts';

/**
 * Test data for the diagnostics: device types with chosen parameters, devices with an assigned module, company
 * timezone and shifts, operators; and telemetry written either through the real ingest service or (test fixture
 * only) straight into the tables with the rollups rebuilt from raw readings by plain SQL GROUP BY.
 */

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}x${++counter}`;

export interface ParameterSpec {
  number: number;
  name: string;
  aggregation: ParameterAggregation;
  unit: { short: string; long: string; min?: number | null; max?: number | null } | null;
  tags?: string[];
}

/** The parameters of the diagnostics tests: one per aggregation, plus the internal 10000. */
export const TEST_PARAMETERS: ParameterSpec[] = [
  { number: 1, name: 'work', aggregation: 'sum', unit: { short: 's', long: 'seconds' }, tags: ['effective work time'] },
  { number: 2, name: 'active', aggregation: 'sum', unit: { short: 's', long: 'seconds' }, tags: ['device active'] },
  { number: 3, name: 'counter', aggregation: 'sum', unit: { short: 'pcs', long: 'pieces' } },
  { number: 20, name: 'battery voltage', aggregation: 'avg', unit: { short: 'V', long: 'volt' } },
  { number: 21, name: 'lowest voltage', aggregation: 'min', unit: { short: 'V', long: 'volt' } },
  { number: 22, name: 'peak current', aggregation: 'max', unit: { short: 'A', long: 'ampere' } },
  { number: 23, name: 'motor hours', aggregation: 'last', unit: { short: 'h', long: 'hours' } },
  { number: 24, name: 'door open', aggregation: 'max', unit: null },
  { number: 10000, name: 'internal', aggregation: 'last', unit: null },
];

export async function createDeviceType(db: Kysely<DB>, parameters: ParameterSpec[] = TEST_PARAMETERS, name = unique('Type')): Promise<number> {
  const type = await db.insertInto('device_types').values({ name }).returning('id').executeTakeFirstOrThrow();
  for (const p of parameters) {
    let unitId: number | null = null;
    if (p.unit) {
      const unit = await db
        .insertInto('units')
        .values({ name: unique(p.unit.long), short: p.unit.short, long: p.unit.long, min: p.unit.min ?? null, max: p.unit.max ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      unitId = unit.id;
    }
    await db
      .insertInto('parameters')
      .values({ device_type_id: type.id, number: p.number, name: p.name, tags: p.tags ?? [], unit_id: unitId, aggregation: p.aggregation })
      .execute();
  }
  return type.id;
}

export interface TelemetryDevice {
  id: number;
  name: string;
  companyId: number;
  /** The module fitted to the device, as the ingest service knows it after authentication. */
  module: ModuleIdentity;
}

export async function createTelemetryDevice(db: Kysely<DB>, companyId: number, deviceTypeId: number, name = unique('Device')): Promise<TelemetryDevice> {
  const device = await db.insertInto('devices').values({ company_id: companyId, device_type_id: deviceTypeId, name }).returning('id').executeTakeFirstOrThrow();
  const serial = `T${process.pid}${++counter}`.slice(0, 20);
  const sensor = await db
    .insertInto('sensors')
    .values({ company_id: companyId, device_id: device.id, name: `Module ${serial}`, serial_number: serial, security_code: 'CODE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  return {
    id: device.id,
    name,
    companyId,
    module: { sensorId: sensor.id, serialNumber: serial, companyId, deviceId: device.id, timezone: company.timezone },
  };
}

export async function setCompanyTimezone(db: Kysely<DB>, companyId: number, timezone: string): Promise<void> {
  await db.updateTable('companies').set({ timezone }).where('id', '=', companyId).execute();
}

export async function createShifts(db: Kysely<DB>, companyId: number, shifts: { name: string; hourStart: number; hourEnd: number }[]): Promise<void> {
  await db
    .insertInto('production_shifts')
    .values(shifts.map((s, position) => ({ company_id: companyId, position, name: s.name, hour_start: s.hourStart, hour_end: s.hourEnd })))
    .execute();
}

export async function createDeviceGroup(db: Kysely<DB>, companyId: number, name: string, deviceIds: number[]): Promise<number> {
  const group = await db.insertInto('device_groups').values({ company_id: companyId, name }).returning('id').executeTakeFirstOrThrow();
  if (deviceIds.length > 0) {
    await db
      .insertInto('device_group_devices')
      .values(deviceIds.map((device_id) => ({ company_id: companyId, device_group_id: group.id, device_id })))
      .execute();
  }
  return group.id;
}

export async function createOperatorGroup(db: Kysely<DB>, companyId: number, name: string): Promise<number> {
  return (await db.insertInto('operator_groups').values({ company_id: companyId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function createOperator(
  db: Kysely<DB>,
  companyId: number,
  operator: { firstname: string; lastname: string; rfid?: string | null; groupId?: number | null },
): Promise<number> {
  const row = await db
    .insertInto('operators')
    .values({
      company_id: companyId,
      firstname: operator.firstname,
      lastname: operator.lastname,
      rfid: operator.rfid ?? null,
      operator_group_id: operator.groupId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Telemetry {
  readings?: ReadingInput[];
  positions?: PositionInput[];
  events?: EventInput[];
}

/** Writes through the ingest service, as modules do, in batches it accepts. */
export async function ingest(services: Services, device: TelemetryDevice, telemetry: Telemetry): Promise<void> {
  const chunk = 20_000;
  const readings = telemetry.readings ?? [];
  for (let i = 0; i < readings.length; i += chunk) {
    await services.ingest.ingest(device.module, { readings: readings.slice(i, i + chunk), positions: [], events: [] });
  }
  if (telemetry.positions?.length || telemetry.events?.length) {
    await services.ingest.ingest(device.module, { readings: [], positions: telemetry.positions ?? [], events: telemetry.events ?? [] });
  }
}

/**
 * TEST FIXTURE, not the ingest: inserts raw readings into a default partition and rebuilds the device's rollups
 * from them with plain GROUP BY (5 minutes and hours UTC-aligned, days and months in the company's timezone; shift
 * cells by the database's rebuild of them). Used to check
 * the diagnostics reads against rollups made independently of the ingest service.
 */
export async function writeFixtureReadings(db: Kysely<DB>, device: TelemetryDevice, readings: ReadingInput[]): Promise<void> {
  await sql`create table if not exists readings_fixture_default partition of readings default`.execute(db);
  const chunk = 10_000;
  for (let i = 0; i < readings.length; i += chunk) {
    const part = readings.slice(i, i + chunk);
    await sql`
      insert into readings (company_id, device_id, sensor_id, parameter_number, ts, value)
      select ${device.companyId}::int, ${device.id}::int, ${device.module.sensorId}::int, u.p, u.ts, u.v
      from unnest(${part.map((r) => r.parameter)}::int[], ${part.map((r) => r.ts.toISOString())}::timestamptz[], ${part.map((r) => r.value)}::float8[]) as u(p, ts, v)
      on conflict do nothing`.execute(db);
  }
  const origin = sql`timestamptz '2000-01-01 00:00:00+00'`;
  for (const [table, bucket] of [
    ['readings_5min', sql`date_bin('5 minutes', ts, ${origin})`],
    ['readings_hour', sql`date_bin('1 hour', ts, ${origin})`],
  ] as const) {
    await sql`delete from ${sql.table(table)} where device_id = ${device.id}`.execute(db);
    await sql`
      insert into ${sql.table(table)} (company_id, device_id, parameter_number, bucket, sum, count, min, max, last_ts, last_value)
      select company_id, device_id, parameter_number, ${bucket}, sum(value), count(*), min(value), max(value), max(ts),
        (array_agg(value order by ts desc))[1]
      from readings where device_id = ${device.id} group by 1, 2, 3, 4`.execute(db);
  }
  await sql`delete from readings_day where device_id = ${device.id}`.execute(db);
  await sql`
    insert into readings_day (company_id, device_id, parameter_number, day, sum, count, min, max, last_ts, last_value)
    select company_id, device_id, parameter_number, (ts at time zone ${device.module.timezone})::date, sum(value), count(*), min(value), max(value),
      max(ts), (array_agg(value order by ts desc))[1]
    from readings where device_id = ${device.id} group by 1, 2, 3, 4`.execute(db);
  await sql`delete from readings_month where device_id = ${device.id}`.execute(db);
  await sql`
    insert into readings_month (company_id, device_id, parameter_number, month, sum, count, min, max, last_ts, last_value)
    select company_id, device_id, parameter_number, date_trunc('month', (ts at time zone ${device.module.timezone}))::date, sum(value), count(*),
      min(value), max(value), max(ts), (array_agg(value order by ts desc))[1]
    from readings where device_id = ${device.id} group by 1, 2, 3, 4`.execute(db);
  // The shift cells: the migration's rebuild, which takes them from the 5-minute rollup written above.
  await sql`select rebuild_shift_rollup(${device.companyId}::int)`.execute(db);
}
