/**
 * Large scratch data for the report benchmarks, made in SQL inside PostgreSQL (generate_series), not through the
 * ingest service: a year for 100 devices is 52 million raw readings, which the ingest path loads in most of an hour
 * on two cores (bench/query.ts) and this in minutes.
 *
 * A company (Europe/Warsaw by default, three production shifts, the night one across midnight) with N devices of one
 * type (work 1, active 2, counter 3 summed; supply voltage 20 averaged; motor hours 22 last), one reading of each
 * parameter every 5 minutes over the range (devices × 5 × 288 a day: 100 devices for 365 days = 52.6 million), every
 * device in one device group, operators in one operator group with a session on each device per day shift of each
 * weekday. The rollups are derived from those readings as the ingest statement keeps them: 5 minutes (one reading
 * each), hours, the company's local days and months, shift cells (the migration's own rebuild_shift_rollup) and the
 * operator session days and hours (the same statements as migrations 006/007); so report numbers read from the
 * rollups equal the raw aggregation. Machines run 06:00–22:00 local on weekdays, every fourth also at night; work is
 * 50–95 % of active time; the counter counts one piece per 30 s of work.
 *
 * Measured 2026-11-25 (2-core AMD EPYC shared with five other test runs, load average 12): 10 devices for 365 days,
 * 5.26 million readings, in 211 s (raw readings 38 s, 5-minute rollup 31 s, hours 23 s, days 19 s, shift cells 89 s
 * through rebuild_shift_rollup, sessions 6 s); the 100 devices of the 50-million size scale linearly (~35 min
 * on such a machine, less on a quiet one). Keep the database (`--keep`) and reuse it.
 *
 * As a module: `seedReportData(db, options)`. As a command, on a new scratch database (or `--reuse NAME`):
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/reports/seed.ts [--devices 100] [--days 365] [--keep]
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import type { DB } from '../../server/src/db/schema.ts';
import { partitionForMonthKey } from '../../server/src/telemetry/partitions.ts';
import { createScratchDatabase, existingDatabase, flag, formatRate } from '../support/scratch-database.ts';

export interface ReportSeedOptions {
  devices: number;
  /** First local date `YYYY-MM-DD`; the range is `days` whole local days from it. */
  from: string;
  days: number;
  timezone?: string;
  operators?: number;
  /** Called after each step with what was done, for progress output. */
  log?: (step: string, seconds: number) => void;
}

export interface ReportSeed {
  companyId: number;
  timezone: string;
  deviceIds: number[];
  deviceGroupId: number;
  operatorIds: number[];
  operatorGroupId: number;
  /** Inclusive local dates. */
  from: string;
  to: string;
  readings: number;
}

const PARAMETERS = [
  { number: 1, name: 'work', aggregation: 'sum', tags: ['effective work time'] },
  { number: 2, name: 'active', aggregation: 'sum', tags: ['device active'] },
  { number: 3, name: 'counter', aggregation: 'sum', tags: ['counter'] },
  { number: 20, name: 'supply voltage', aggregation: 'avg', tags: ['power supply'] },
  { number: 22, name: 'motor hours', aggregation: 'last', tags: ['motor hours'] },
] as const;
const SHIFTS = [
  { name: 'I', hourStart: 6, hourEnd: 14 },
  { name: 'II', hourStart: 14, hourEnd: 22 },
  { name: 'III', hourStart: 22, hourEnd: 6 },
];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function timed<T>(options: ReportSeedOptions, step: string, action: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await action();
  options.log?.(step, (performance.now() - started) / 1000);
  return result;
}

async function createCompany(db: Kysely<DB>, options: ReportSeedOptions, timezone: string) {
  const company = await db.insertInto('companies').values({ name: 'Report Bench Factory', timezone }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('production_shifts')
    .values(SHIFTS.map((shift, position) => ({ company_id: company.id, position, name: shift.name, hour_start: shift.hourStart, hour_end: shift.hourEnd })))
    .execute();
  const unit = await db
    .insertInto('units')
    .values({ name: `report bench ${company.id}`, short: 'u', long: 'units', min: null, max: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = await db
    .insertInto('device_types')
    .values({ name: `Report bench machine ${company.id}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values(
      PARAMETERS.map((p) => ({ device_type_id: type.id, number: p.number, name: p.name, tags: [...p.tags], unit_id: unit.id, aggregation: p.aggregation })),
    )
    .execute();
  const group = await db.insertInto('device_groups').values({ company_id: company.id, name: 'All machines' }).returning('id').executeTakeFirstOrThrow();
  const devices: { id: number; sensorId: number }[] = [];
  for (let index = 1; index <= options.devices; index += 1) {
    const device = await db
      .insertInto('devices')
      .values({ company_id: company.id, device_type_id: type.id, name: `Maszyna ${String(index).padStart(3, '0')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serial = `RB${String(company.id).padStart(3, '0')}${String(index).padStart(5, '0')}`;
    const sensor = await db
      .insertInto('sensors')
      .values({ company_id: company.id, device_id: device.id, name: `Module ${serial}`, serial_number: serial, security_code: 'BENCHCODE', timezone })
      .returning('id')
      .executeTakeFirstOrThrow();
    devices.push({ id: device.id, sensorId: sensor.id });
  }
  await db
    .insertInto('device_group_devices')
    .values(devices.map((device) => ({ company_id: company.id, device_group_id: group.id, device_id: device.id })))
    .execute();
  const operatorGroup = await db.insertInto('operator_groups').values({ company_id: company.id, name: 'Operatorzy' }).returning('id').executeTakeFirstOrThrow();
  const operators = await db
    .insertInto('operators')
    .values(
      Array.from({ length: options.operators ?? 20 }, (_, index) => ({
        company_id: company.id,
        operator_group_id: operatorGroup.id,
        firstname: 'Operator',
        lastname: String(index + 1).padStart(2, '0'),
        rfid: `RB${company.id}CARD${String(index + 1).padStart(4, '0')}`,
      })),
    )
    .returning(['id', 'rfid'])
    .execute();
  return { companyId: company.id, deviceGroupId: group.id, devices, operatorGroupId: operatorGroup.id, operators };
}

/** Monthly partitions of `readings` covering [start, end) (UTC months, as the ingest repository names them). */
async function createPartitions(db: Kysely<DB>, start: Date, end: Date): Promise<void> {
  const first = start.getUTCFullYear() * 12 + start.getUTCMonth();
  const last = end.getUTCFullYear() * 12 + end.getUTCMonth();
  for (let key = first; key <= last; key += 1) {
    const partition = partitionForMonthKey(key);
    await sql`create table if not exists ${sql.table(partition.name)} partition of readings
      for values from (${sql.lit(partition.from.toISOString())}) to (${sql.lit(partition.to.toISOString())})`.execute(db);
  }
}

export async function seedReportData(db: Kysely<DB>, options: ReportSeedOptions): Promise<ReportSeed> {
  const timezone = options.timezone ?? 'Europe/Warsaw';
  const to = addDays(options.from, options.days - 1);
  const fleet = await timed(options, 'company, devices, operators', () => createCompany(db, options, timezone));
  const company = fleet.companyId;
  const bounds = (
    await sql<{ start: Date; end: Date }>`select (${options.from}::date::timestamp at time zone ${timezone}) as start,
      ((${to}::date + 1)::timestamp at time zone ${timezone}) as end`.execute(db)
  ).rows[0]!;
  await createPartitions(db, bounds.start, bounds.end);

  // Raw readings, a device per statement (each a few hundred thousand rows). `slot` numbers the 5-minute slots since
  // the epoch; the machine runs in local hours 6–21 on weekdays (every fourth device around the clock).
  let readings = 0;
  await timed(options, 'raw readings', async () => {
    for (const device of fleet.devices) {
      const result = await sql`
        insert into readings (company_id, device_id, sensor_id, parameter_number, ts, value)
        select ${company}, ${device.id}, ${device.sensorId}, p.n, g.ts,
          case p.n
            when 1 then case when g.running then 150 + (g.slot * 7 + ${device.id} * 13) % 136 else 0 end
            when 2 then case when g.running then 300 else 0 end
            when 3 then case when g.running then (150 + (g.slot * 7 + ${device.id} * 13) % 136) / 30 else 0 end
            when 20 then 23.5 + ((g.slot + ${device.id}) % 11) / 10.0
            else (g.slot - ${Math.floor(bounds.start.getTime() / 300_000)}) / 20.0
          end
        from (
          select ts, (extract(epoch from ts) / 300)::bigint as slot,
            ${device.id % 4 === 0} or (extract(isodow from ts at time zone ${timezone}) < 6 and extract(hour from ts at time zone ${timezone}) between 6 and 21) as running
          from generate_series(${bounds.start}::timestamptz, ${bounds.end}::timestamptz - interval '5 minutes', interval '5 minutes') as ts
        ) g
        cross join (values (1), (2), (3), (20), (22)) as p(n)`.execute(db);
      readings += Number(result.numAffectedRows ?? 0);
    }
  });

  await timed(options, '5-minute rollup', () =>
    sql`insert into readings_5min (company_id, device_id, parameter_number, bucket, sum, count, min, max, last_ts, last_value)
      select company_id, device_id, parameter_number, ts, value, 1, value, value, ts, value from readings
      where company_id = ${company} and ts >= ${bounds.start} and ts < ${bounds.end}`.execute(db),
  );
  const aggregates = sql.raw(`sum(sum), sum(count)::int, min(min), max(max), max(last_ts), (array_agg(last_value order by last_ts desc))[1]`);
  await timed(options, 'hour rollup', () =>
    sql`insert into readings_hour (company_id, device_id, parameter_number, bucket, sum, count, min, max, last_ts, last_value)
      select company_id, device_id, parameter_number, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00'), ${aggregates}
      from readings_5min where company_id = ${company}
      group by company_id, device_id, parameter_number, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00')`.execute(db),
  );
  await timed(options, 'day rollup', () =>
    sql`insert into readings_day (company_id, device_id, parameter_number, day, sum, count, min, max, last_ts, last_value)
      select company_id, device_id, parameter_number, (bucket at time zone ${timezone})::date, ${aggregates}
      from readings_5min where company_id = ${company}
      group by 1, 2, 3, 4`.execute(db),
  );
  await timed(options, 'month rollup', () =>
    sql`insert into readings_month (company_id, device_id, parameter_number, month, sum, count, min, max, last_ts, last_value)
      select company_id, device_id, parameter_number, date_trunc('month', day)::date, ${aggregates}
      from readings_day where company_id = ${company}
      group by company_id, device_id, parameter_number, date_trunc('month', day)::date`.execute(db),
  );
  await timed(options, 'shift rollup', () => sql`select rebuild_shift_rollup(${company})`.execute(db));

  // Sessions: on weekdays, operator k takes device d for shift I and operator k+1 for shift II.
  const operatorIds = fleet.operators.map((operator) => operator.id);
  const rfids = fleet.operators.map((operator) => operator.rfid ?? '');
  await timed(options, 'operator sessions', async () => {
    await sql`
      insert into operator_sessions (company_id, device_id, operator_id, rfid, started_at, ended_at)
      select ${company}, d.id, (${operatorIds}::int[])[o.i], (${rfids}::text[])[o.i],
        (g.day + make_interval(hours => s.hour_start)) at time zone ${timezone},
        (g.day + make_interval(hours => s.hour_end)) at time zone ${timezone}
      from unnest(${fleet.devices.map((device) => device.id)}::int[]) with ordinality as d(id, n)
      cross join generate_series(${options.from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as g(day)
      cross join (values (6, 14, 0), (14, 22, 1)) as s(hour_start, hour_end, shift)
      cross join lateral (select 1 + ((d.n + s.shift + extract(doy from g.day)::int) % ${operatorIds.length}) as i) o
      where extract(isodow from g.day) < 6`.execute(db);
    await sql`insert into operator_session_days (session_id, company_id, day, work, active)
      select s.id, s.company_id, (r.bucket at time zone ${timezone})::date,
        sum(r.sum) filter (where r.parameter_number = 1), sum(r.sum) filter (where r.parameter_number = 2)
      from operator_sessions s
      join readings_5min r on r.device_id = s.device_id and r.parameter_number in (1, 2) and r.bucket >= s.started_at and r.bucket < s.ended_at
      where s.company_id = ${company}
      group by 1, 2, 3`.execute(db);
    await sql`insert into operator_session_hours (session_id, company_id, hour, work, active)
      select s.id, s.company_id, date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00'),
        sum(r.sum) filter (where r.parameter_number = 1), sum(r.sum) filter (where r.parameter_number = 2)
      from operator_sessions s
      join readings_5min r on r.device_id = s.device_id and r.parameter_number in (1, 2) and r.bucket >= s.started_at and r.bucket < s.ended_at
      where s.company_id = ${company}
      group by s.id, s.company_id, date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00')`.execute(db);
  });
  await timed(options, 'analyze', () => sql`analyze`.execute(db));

  return {
    companyId: company,
    timezone,
    deviceIds: fleet.devices.map((device) => device.id),
    deviceGroupId: fleet.deviceGroupId,
    operatorIds,
    operatorGroupId: fleet.operatorGroupId,
    from: options.from,
    to,
    readings,
  };
}

async function main(): Promise<void> {
  const reuseIndex = process.argv.indexOf('--reuse');
  const reuse = reuseIndex >= 0 ? process.argv[reuseIndex + 1] : undefined;
  const scratch = reuse ? existingDatabase(reuse) : await createScratchDatabase('gw_bench_reports');
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 4 });
  const keep = process.argv.includes('--keep');
  try {
    if (!reuse) await migrate(database);
    const days = flag('days', 365);
    const from = addDays(new Date().toISOString().slice(0, 10), -days);
    const started = performance.now();
    const seed = await seedReportData(database.db, {
      devices: flag('devices', 100),
      from,
      days,
      log: (step, seconds) => console.log(`${step.padEnd(28)} ${seconds.toFixed(1).padStart(7)} s`),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `company ${seed.companyId}: ${seed.deviceIds.length} devices, ${seed.from}..${seed.to}, ${seed.readings.toLocaleString('en-US')} readings in ${seconds.toFixed(0)} s (${formatRate(seed.readings / seconds)})`,
    );
  } finally {
    await database.close();
    if (keep || reuse) console.log(`kept database: ${scratch.url.replace(/^.*\//, '')}`);
    else await scratch.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
