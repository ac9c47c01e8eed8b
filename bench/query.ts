/**
 * Diagnostics query latency (ARCHITECTURE §8: p95 under 50 ms at 50 million readings, up to 50 devices × 5
 * parameters, any interval, any range up to a year). A fleet of devices with five parameters (work 1 sum, active 2
 * sum, counter 3 sum, a voltage avg, motor hours last) gets a year of readings up to now, loaded through the real
 * ingest service in big batches, so rollups are built exactly as in production; RFID events and positions go through
 * ingest too. Then every diagnostics call of spec 02 §7 is timed through HTTP with a company user's bearer token,
 * and each device-diagnostics case against the same aggregation done in raw SQL over the raw `readings` table,
 * measured in the same run.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/query.ts [--readings 2000000] [--devices 50]
 *     [--repetitions 30] [--batch 50000] [--writers 2] [--extra-seconds 60] [--keep] [--reuse gw_bench_query_xxxx]
 *
 * `--only TEXT` measures the cases whose name contains TEXT; `--no-raw` skips the raw-SQL baseline.
 * `--keep` leaves the scratch database in place and prints its name; `--reuse NAME` measures again on such a
 * database without loading (the 50-million-reading load takes most of an hour on two cores).
 *
 * Columns: `call` is the HTTP call (auth, service, response validation and serialisation, transport); `service` the
 * same service method called in-process; `serialize` what the route's serializer does with that answer (zod encode
 * and JSON.stringify); `rollup SQL` the rollup read alone (query, transfer, row parsing); `raw SQL` the baseline;
 * `call/raw` is call p95 / raw SQL p95. The calls are repeated --repetitions times; the in-process parts and the
 * baseline stop after --extra-seconds each per case (at least 5 repetitions; `n` says how many the baseline ran).
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import {
  DEFAULT_WEB_CLIENT,
  asyncDiagnosticsResponseSchema,
  deviceDiagnosticsResponseSchema,
  factoryReportResponseSchema,
  locationsResponseSchema,
  operatorDiagnosticsResponseSchema,
} from '@gearwatch/contracts';
import type { DiagnosticsInterval, TimeInterval } from '@gearwatch/contracts';
import type { ZodType } from 'zod';
import { hashPassword } from '../server/src/security/passwords.ts';
import { testConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import type { DB } from '../server/src/db/schema.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { coarsen, normaliseRange, planShifts, planTime } from '../server/src/rollups/plans.ts';
import { RollupRepository } from '../server/src/rollups/repository.ts';
import { ParameterCatalogue, readShiftColumns, selectionOf, storedNumbers } from '../server/src/rollups/series.ts';
import { addDays, dateText } from '../server/src/time/calendar.ts';
import { timeZone } from '../server/src/time/time-zone.ts';
import { createApp } from '../server/src/app.ts';
import { createServices } from '../server/src/services.ts';
import type { EventInput, ModuleIdentity, PositionInput, ReadingInput } from '../server/src/telemetry/types.ts';
import { createScratchDatabase, existingDatabase, flag, formatRate } from './support/scratch-database.ts';

const READINGS = flag('readings', 2_000_000);
const DEVICES = Math.min(flag('devices', 50), 100);
const REPETITIONS = Math.max(30, flag('repetitions', 30));
const WARM_UP = 3;
const BATCH = Math.min(flag('batch', 50_000), 50_000);
const WRITERS = flag('writers', 2);
const EXTRA_SECONDS = flag('extra-seconds', 60);
const EXTRA_MIN_REPETITIONS = 5;
const KEEP = process.argv.includes('--keep');
/** Measure only the cases whose name contains this text (e.g. `--only shifts`). */
const ONLY = (() => {
  const index = process.argv.indexOf('--only');
  return index >= 0 ? (process.argv[index + 1] ?? '') : '';
})();
/** Skip the raw-SQL baseline (a year of raw readings takes tens of seconds per run): for quick re-measuring. */
const NO_RAW = process.argv.includes('--no-raw');
const REUSE = (() => {
  const index = process.argv.indexOf('--reuse');
  const name = index >= 0 ? process.argv[index + 1] : undefined;
  if (name !== undefined && !/^gw_bench_query_[0-9a-f]+$/.test(name))
    throw new Error(`--reuse takes a database this benchmark kept, e.g. gw_bench_query_1a2b3c4d; got ${name}`);
  return name;
})();

const TIMEZONE = 'Europe/Warsaw';
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const OPERATORS = 20;
const POSITION_DAYS = 3;
const POSITION_STEP_MS = 10_000;

/** The five parameters of the bench machine type, with their aggregations (ARCHITECTURE §4). */
const PARAMETERS = [
  { number: 1, name: 'work', aggregation: 'sum', unit: 'seconds', tags: ['effective work time'] },
  { number: 2, name: 'active', aggregation: 'sum', unit: 'seconds', tags: ['device active'] },
  { number: 3, name: 'counter', aggregation: 'sum', unit: 'pieces', tags: ['counter'] },
  { number: 20, name: 'supply voltage', aggregation: 'avg', unit: 'volt', tags: ['power supply'] },
  { number: 22, name: 'motor hours', aggregation: 'last', unit: 'hours', tags: ['motor hours'] },
] as const;
const NUMBERS = PARAMETERS.map((p) => p.number);
const LAST_NUMBERS = PARAMETERS.filter((p) => p.aggregation === 'last').map((p) => p.number);
const UNITS = {
  seconds: { short: 's', long: 'seconds' },
  pieces: { short: 'pcs', long: 'pieces' },
  volt: { short: 'V', long: 'volt' },
  hours: { short: 'h', long: 'hours' },
};
/** Production shifts of the bench company: the night shift crosses midnight. */
const SHIFTS = [
  { name: 'I', hourStart: 6, hourEnd: 14 },
  { name: 'II', hourStart: 14, hourEnd: 22 },
  { name: 'III', hourStart: 22, hourEnd: 6 },
];

interface Fleet {
  companyId: number;
  devices: { id: number; module: ModuleIdentity }[];
  operatorGroupId: number;
  cards: string[];
  username: string;
  password: string;
}

/** A deterministic hash of small integers to [0, 1): cheap per reading, the same data in every run. */
function noise(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4_294_967_296;
}

async function createFleet(db: Kysely<DB>): Promise<Fleet> {
  const company = await db.insertInto('companies').values({ name: 'Bench Factory', timezone: TIMEZONE }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('production_shifts')
    .values(SHIFTS.map((s, position) => ({ company_id: company.id, position, name: s.name, hour_start: s.hourStart, hour_end: s.hourEnd })))
    .execute();
  const unitIds = new Map<string, number>();
  for (const [name, unit] of Object.entries(UNITS)) {
    const row = await db
      .insertInto('units')
      .values({ name: `bench ${name}`, short: unit.short, long: unit.long, min: null, max: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    unitIds.set(name, row.id);
  }
  const type = await db.insertInto('device_types').values({ name: 'Bench machine' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values(
      PARAMETERS.map((p) => ({
        device_type_id: type.id,
        number: p.number,
        name: p.name,
        tags: [...p.tags],
        unit_id: unitIds.get(p.unit)!,
        aggregation: p.aggregation,
      })),
    )
    .execute();
  const devices: Fleet['devices'] = [];
  for (let d = 0; d < DEVICES; d++) {
    const name = `Machine ${String(d + 1).padStart(2, '0')}`;
    const device = await db.insertInto('devices').values({ company_id: company.id, device_type_id: type.id, name }).returning('id').executeTakeFirstOrThrow();
    const serial = `QB${String(d + 1).padStart(6, '0')}`;
    const sensor = await db
      .insertInto('sensors')
      .values({ company_id: company.id, device_id: device.id, name: `Module ${serial}`, serial_number: serial, security_code: 'BENCHCODE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    devices.push({ id: device.id, module: { sensorId: sensor.id, serialNumber: serial, companyId: company.id, deviceId: device.id, timezone: TIMEZONE } });
  }
  const group = await db.insertInto('operator_groups').values({ company_id: company.id, name: 'Bench operators' }).returning('id').executeTakeFirstOrThrow();
  const cards = Array.from({ length: OPERATORS }, (_, i) => `CARD${String(i + 1).padStart(4, '0')}`);
  await db
    .insertInto('operators')
    .values(
      cards.map((rfid, i) => ({ company_id: company.id, operator_group_id: group.id, firstname: 'Operator', lastname: String(i + 1).padStart(2, '0'), rfid })),
    )
    .execute();
  const username = 'bench-viewer';
  const password = 'bench password 1';
  await db
    .insertInto('users')
    .values({
      company_id: company.id,
      username,
      email: 'bench-viewer@example.test',
      firstname: 'Bench',
      lastname: 'Viewer',
      password_hash: await hashPassword(password),
    })
    .execute();
  return { companyId: company.id, devices, operatorGroupId: group.id, cards, username, password };
}

/** The fleet of a database an earlier run kept (`--keep`), found by the names createFleet gives. */
async function findFleet(db: Kysely<DB>): Promise<Fleet> {
  const company = await db.selectFrom('companies').select('id').where('name', '=', 'Bench Factory').executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('devices')
    .innerJoin('sensors', 'sensors.device_id', 'devices.id')
    .select(['devices.id', 'sensors.id as sensorId', 'sensors.serial_number as serialNumber'])
    .where('devices.company_id', '=', company.id)
    .orderBy('devices.name')
    .execute();
  const group = await db.selectFrom('operator_groups').select('id').where('company_id', '=', company.id).executeTakeFirstOrThrow();
  const operators = await db.selectFrom('operators').select('rfid').where('company_id', '=', company.id).orderBy('rfid').execute();
  return {
    companyId: company.id,
    devices: rows.map((row) => ({
      id: row.id,
      module: { sensorId: row.sensorId, serialNumber: row.serialNumber, companyId: company.id, deviceId: row.id, timezone: TIMEZONE },
    })),
    operatorGroupId: group.id,
    cards: operators.map((o) => o.rfid ?? ''),
    username: 'bench-viewer',
    password: 'bench password 1',
  };
}

/**
 * The shape of the load: every device reports all five parameters at the same spacing, spread evenly over the year
 * up to now. Machines are on during two shifts (06–22 local) on weekdays, every fourth also at night, and one day
 * in ten idle; operators apply their cards at the start of the day shifts (sometimes an unknown card).
 */
class LoadPlan {
  readonly perSeries: number;
  readonly spacingMs: number;
  readonly start: number;
  readonly timestampsPerBatch = Math.floor(BATCH / PARAMETERS.length);
  readonly batchesPerDevice: number;
  private readonly zone = timeZone(TIMEZONE);

  constructor(
    readonly now: number,
    readonly fleet: Fleet,
  ) {
    this.perSeries = Math.max(1, Math.floor(READINGS / (fleet.devices.length * PARAMETERS.length)));
    this.spacingMs = Math.max(1000, Math.floor(YEAR_MS / this.perSeries / 1000) * 1000);
    this.start = Math.floor((now - 60_000 - this.perSeries * this.spacingMs) / 60_000) * 60_000;
    this.batchesPerDevice = Math.ceil(this.perSeries / this.timestampsPerBatch);
  }

  get total(): number {
    return this.perSeries * this.fleet.devices.length * PARAMETERS.length;
  }

  /** Batches in time order, each round giving every device its next window: as a fleet sends its backlog. */
  *batches(): Generator<{ device: number; index: number }> {
    for (let index = 0; index < this.batchesPerDevice; index++) for (let device = 0; device < this.fleet.devices.length; device++) yield { device, index };
  }

  window(index: number): [number, number] {
    const from = this.start + index * this.timestampsPerBatch * this.spacingMs;
    const to = index === this.batchesPerDevice - 1 ? this.now : from + this.timestampsPerBatch * this.spacingMs;
    return [from, to];
  }

  private running(device: number, wall: Date): boolean {
    const weekday = wall.getUTCDay();
    const hour = wall.getUTCHours();
    const day = Math.floor(wall.getTime() / DAY_MS);
    if (weekday === 0 || weekday === 6 || noise(device, day, 7) < 0.1) return false;
    return (hour >= 6 && hour < 22) || device % 4 === 0;
  }

  readings(device: number, index: number): ReadingInput[] {
    const first = index * this.timestampsPerBatch;
    const last = Math.min(this.perSeries, first + this.timestampsPerBatch);
    const offset = (device * 7_000) % this.spacingMs;
    const spacing = this.spacingMs / 1000;
    const readings: ReadingInput[] = [];
    for (let i = first; i < last; i++) {
      const t = this.start + i * this.spacingMs + offset;
      const ts = new Date(t);
      const on = this.running(device, new Date(this.zone.wallMs(t)));
      const u = noise(device, i);
      const work = on ? Math.round(spacing * (0.4 + 0.6 * u)) : 0;
      readings.push(
        { parameter: 1, ts, value: work },
        { parameter: 2, ts, value: on ? spacing : 0 },
        { parameter: 3, ts, value: on ? Math.floor(u * 5) : 0 },
        { parameter: 20, ts, value: Math.round((24 + 1.5 * Math.sin(t / 3_600_000 + device) + u * 0.4) * 100) / 100 },
        { parameter: 22, ts, value: Math.round((1000 + device * 37 + ((t - this.start) / 3_600_000) * 0.55) * 100) / 100 },
      );
    }
    return readings;
  }

  /** Card on at a day shift's start, off before its end, within the batch's window. */
  events(device: number, index: number): EventInput[] {
    const [from, to] = this.window(index);
    const events: EventInput[] = [];
    for (let day = Math.floor(from / DAY_MS) - 1; day <= Math.floor(to / DAY_MS) + 1; day++) {
      const localDay = this.zone.dayOf(day * DAY_MS + 12 * 3_600_000);
      const wall = new Date(this.zone.wallMs(this.zone.instantAt(localDay, 12 * 60)));
      if (!this.running(device, wall)) continue;
      for (const [shift, startHour] of [6, 14].entries()) {
        const cardIndex = (device + day * 2 + shift) % this.fleet.cards.length;
        const rfid = noise(device, day, shift) < 0.03 ? `UNKNOWN${device}` : this.fleet.cards[cardIndex]!;
        const on = this.zone.instantAt(localDay, startHour * 60) + 180_000;
        const off = this.zone.instantAt(localDay, (startHour + 8) * 60) - 240_000;
        if (on >= from && on < to) events.push({ ts: new Date(on), type: 'rfid_on', rfid });
        if (off >= from && off < to) events.push({ ts: new Date(off), type: 'rfid_off', rfid });
      }
    }
    return events;
  }

  /** A GPS track around the yard every 10 seconds for the last few days. */
  positions(device: number): PositionInput[] {
    const positions: PositionInput[] = [];
    const end = Math.floor(this.now / POSITION_STEP_MS) * POSITION_STEP_MS;
    for (let t = end - POSITION_DAYS * DAY_MS; t < end; t += POSITION_STEP_MS) {
      const angle = t / 600_000 + device;
      positions.push({
        ts: new Date(t),
        lat: 52.2297 + 0.002 * Math.sin(angle),
        lon: 21.0122 + 0.003 * Math.cos(angle),
        accuracy: 3 + noise(device, t / POSITION_STEP_MS) * 5,
      });
    }
    return positions;
  }
}

interface Timings {
  ms: number[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

async function timed<T>(action: () => Promise<T> | T, into: Timings): Promise<T> {
  const started = performance.now();
  const result = await action();
  into.ms.push(performance.now() - started);
  return result;
}

/** Numbers and nulls in an answer (values, coordinates, ids): the size of what a chart gets. */
function countValues(value: unknown): number {
  if (value === null || typeof value === 'number') return 1;
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + countValues(item), 0);
  if (typeof value === 'object') return Object.values(value).reduce<number>((n, item) => n + countValues(item), 0);
  return 0;
}

interface Case {
  name: string;
  url: string;
  /** The same call in-process: the service method the route calls, with the same caller. */
  service: () => Promise<unknown>;
  /** What the route's serializer does with the service's answer: the zod response schema's encode, then JSON. */
  serialize: (answer: unknown) => string;
  /** The rollup read alone (device diagnostics). */
  /** The rollup read alone; answers its series, whose values are counted. */
  rollup?: () => Promise<{ values: unknown[] }[]>;
  /** The raw-SQL baseline (device diagnostics). */
  raw?: () => Promise<unknown>;
  /** Checked against the HTTP answer after timing, for answers the route sends as text built in SQL. */
  bodySchema?: ZodType;
}

function serializerOf(schema: ZodType, pick: (answer: unknown) => unknown = (answer) => answer): (answer: unknown) => string {
  return (answer) => {
    const encoded = schema.safeEncode(pick(answer));
    if (!encoded.success) throw new Error(`answer does not match its schema: ${encoded.error.message.slice(0, 300)}`);
    return JSON.stringify(encoded.data);
  };
}

interface Result {
  name: string;
  interval: string;
  values: number;
  bytes: number;
  rollupRows: number | null;
  call: Timings;
  service: Timings;
  serialize: Timings;
  rollup: Timings;
  raw: Timings;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${bytes} B`;
}

const count = (n: number) => n.toLocaleString('en-US');

const HEADER =
  'case                                  answer    values     size  rollup rows  call p50    p95    max  service p95  rollup SQL p95  serialize p95  raw SQL p50     p95   n  call/raw';

function formatRow(r: Result): string {
  const callP95 = percentile(r.call.ms, 0.95);
  const rawP95 = percentile(r.raw.ms, 0.95);
  const raw = r.raw.ms.length > 0;
  return [
    r.name.padEnd(37),
    r.interval.padEnd(6),
    count(r.values).padStart(9),
    formatBytes(r.bytes).padStart(8),
    (r.rollupRows === null ? '' : count(r.rollupRows)).padStart(12),
    ms(percentile(r.call.ms, 0.5)).padStart(9),
    ms(callP95).padStart(6),
    ms(Math.max(...r.call.ms)).padStart(6),
    ms(percentile(r.service.ms, 0.95)).padStart(12),
    (r.rollup.ms.length ? ms(percentile(r.rollup.ms, 0.95)) : '').padStart(15),
    ms(percentile(r.serialize.ms, 0.95)).padStart(14),
    (raw ? ms(percentile(r.raw.ms, 0.5)) : '').padStart(12),
    (raw ? ms(rawP95) : '').padStart(7),
    (raw ? String(r.raw.ms.length) : '').padStart(3),
    (raw ? (callP95 / rawP95).toFixed(3) : '').padStart(9),
  ].join(' ');
}

/** Loads the fleet's year of readings, RFID events and positions through the ingest service, then vacuums. */
async function load(db: Kysely<DB>, services: Awaited<ReturnType<typeof createServices>>, fleet: Fleet): Promise<void> {
  const plan = new LoadPlan(Date.now(), fleet);
  // 1. Load through the ingest service, a few writers at once; batches are built as they are sent (flat memory).
  const modules = await Promise.all(fleet.devices.map((d) => services.ingest.authenticate(d.module.serialNumber, 'BENCHCODE')));
  console.log(
    `data: ${count(plan.total)} readings, ${fleet.devices.length} devices × ${PARAMETERS.length} parameters, one reading each every ${plan.spacingMs / 1000} s ` +
      `from ${new Date(plan.start).toISOString().slice(0, 16)}Z to now; loading through IngestService.ingest() in batches of ${count(plan.timestampsPerBatch * PARAMETERS.length)}, ${WRITERS} writers`,
  );
  const batches = plan.batches();
  let loaded = 0;
  let events = 0;
  const loadStarted = performance.now();
  let lastReport = loadStarted;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let next = batches.next(); !next.done; next = batches.next()) {
        const { device, index } = next.value;
        const module = modules[device]!;
        const result = await services.ingest.ingest(module, { readings: plan.readings(device, index), positions: [], events: [] });
        loaded += result.readings;
        const cards = plan.events(device, index);
        if (cards.length > 0) {
          const stored = await services.ingest.ingest(module, { readings: [], positions: [], events: cards });
          events += stored.events;
        }
        const now = performance.now();
        if (now - lastReport > 10_000) {
          lastReport = now;
          const seconds = (now - loadStarted) / 1000;
          const rate = loaded / seconds;
          console.log(
            `  ${count(loaded).padStart(12)} readings (${((loaded / plan.total) * 100).toFixed(1).padStart(5)}%)  ${seconds.toFixed(0).padStart(5)} s  ` +
              `${formatRate(rate).padStart(12)}  ETA ${((plan.total - loaded) / rate).toFixed(0)} s  load average ${os.loadavg()[0]!.toFixed(1)}`,
          );
        }
      }
    }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  let positions = 0;
  for (const [device, module] of modules.entries()) {
    const stored = await services.ingest.ingest(module, { readings: [], positions: plan.positions(device), events: [] });
    positions += stored.positions;
  }
  console.log(
    `loaded ${count(loaded)} readings in ${loadSeconds.toFixed(0)} s (${formatRate(loaded / loadSeconds)}, with ${count(events)} RFID events); ${count(positions)} positions`,
  );
  const vacuumStarted = performance.now();
  await sql`vacuum (analyze)`.execute(db);
  console.log(`vacuum (analyze) in ${((performance.now() - vacuumStarted) / 1000).toFixed(0)} s`);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const scratch = REUSE ? existingDatabase(REUSE) : await createScratchDatabase('gw_bench_query');
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 10 });
  try {
    const db = database.db;
    const settings = (
      await sql<{
        version: string;
        buffers: string;
      }>`select current_setting('server_version') as version, current_setting('shared_buffers') as buffers`.execute(db)
    ).rows[0]!;
    console.log(`Diagnostics query benchmark · ${new Date().toISOString().slice(0, 10)}`);
    console.log(
      `machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} · ${os.cpus().length} cores · ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory · Node ${process.version} · ${os.platform()} ${os.release()}`,
    );
    console.log(`PostgreSQL ${settings.version} (shared_buffers ${settings.buffers}) · load average ${loadAverage()} at start`);
    await migrate(database);
    const config = testConfig({ DATABASE_URL: scratch.url, ACCESS_TOKEN_TTL_SECONDS: 86_400 });
    const services = await createServices(db, config);
    const app = await createApp({ config, database, services });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const fleet = REUSE ? await findFleet(db) : await createFleet(db);
    if (!REUSE) await load(db, services, fleet);

    // 2. A company user signs in through the token endpoint.
    const signIn = await fetch(`${address}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: DEFAULT_WEB_CLIENT.clientId,
        client_secret: DEFAULT_WEB_CLIENT.clientSecret,
        username: fleet.username,
        password: fleet.password,
      }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const auth = await services.auth.authenticate(token);
    if (!auth) throw new Error('the bench token does not authenticate');
    const headers = { authorization: `Bearer ${token}` };

    // 3. The cases: local dates in the company's timezone, whole days (yesterday and before) unless a range ends today.
    const zone = timeZone(TIMEZONE);
    const today = dateText(zone.dayOf(Date.now()));
    const yesterday = addDays(today, -1);
    const ranges = {
      day: { from: yesterday, to: yesterday, label: 'day' },
      week: { from: addDays(yesterday, -6), to: yesterday, label: 'week' },
      month: { from: addDays(yesterday, -30), to: yesterday, label: 'month' },
      year: { from: addDays(today, -365), to: today, label: 'year' },
    };
    const repository = new RollupRepository(db);
    const scope = { kind: 'company' as const, companyId: fleet.companyId };
    const sizes = [...new Set([Math.min(20, fleet.devices.length), Math.min(50, fleet.devices.length)])];
    const cases: Case[] = [];

    const deviceCase = (devices: number, numbers: number[], interval: DiagnosticsInterval, range: { from: string; to: string; label: string }): Case => {
      const ids = fleet.devices.slice(0, devices).map((d) => d.id);
      const request = { devices: ids, parameterNumber: numbers, interval, from: range.from, to: range.to };
      const what = numbers.length === 1 && numbers[0] === 0 ? 'efficiency' : `${numbers.length} par.`;
      return {
        name: `devices ${devices} × ${what} · ${range.label} @${interval}`,
        url: `/api/devices/diagnostics/multiple?devices=${ids.join(',')}&parameterNumber=${numbers.join(',')}&interval=${interval}&from=${range.from}&to=${range.to}`,
        service: () => services.diagnostics.deviceDiagnostics(auth, request),
        serialize: serializerOf(deviceDiagnosticsResponseSchema),
        rollup: async () => {
          const subjects = await repository.findDevices(scope, ids);
          const catalogue = new ParameterCatalogue(await repository.parametersOfTypes([...new Set(subjects.map((d) => d.deviceTypeId))]));
          const selection = selectionOf(subjects, storedNumbers(numbers), catalogue);
          const dates = normaliseRange(range.from, range.to);
          if (interval === 'shifts')
            return readShiftColumns(repository, planShifts(dates, await repository.shiftsOf(fleet.companyId), zone), selection, fleet.companyId);
          const time = planTime(coarsen(interval, dates.days, selection.series.length), dates, zone);
          return time.interval === '5min' || time.interval === 'hour'
            ? repository.bucketColumns(time.interval, selection, time.start, time.end)
            : repository.dayColumns(time.interval, selection, dates.from, dates.to);
        },
        // The baseline aggregates at the interval the service answers with (coarsened for long ranges or many series).
        raw: () => {
          const days = normaliseRange(range.from, range.to).days;
          const answered = interval === 'shifts' ? interval : coarsen(interval, days, ids.length * storedNumbers(numbers).length);
          return rawAggregation(db, fleet.companyId, ids, numbers, answered, range.from, range.to);
        },
      };
    };
    // The largest answers the values budget still gives 5-minute buckets: one device's parameters over a week.
    cases.push(deviceCase(1, NUMBERS, '5min', ranges.week));
    for (const devices of sizes) {
      cases.push(deviceCase(devices, NUMBERS, '5min', ranges.day));
      cases.push(deviceCase(devices, [0], '5min', ranges.day));
      cases.push(deviceCase(devices, NUMBERS, '5min', ranges.week));
      cases.push(deviceCase(devices, NUMBERS, 'shifts', ranges.week));
      cases.push(deviceCase(devices, NUMBERS, 'hour', ranges.month));
      cases.push(deviceCase(devices, [0], 'hour', ranges.month));
      cases.push(deviceCase(devices, NUMBERS, 'month', ranges.year));
      cases.push(deviceCase(devices, [0], 'month', ranges.year));
    }
    const dashboard = fleet.devices.slice(0, Math.min(50, fleet.devices.length)).map((d) => d.id);
    const { month, day } = ranges;
    for (const interval of ['day', 'hour'] as const) {
      cases.push({
        name: `operators group of ${OPERATORS} · month @${interval}`,
        url: `/api/deviceoperators/diagnostics/multiple?deviceOperatorsGroups=${fleet.operatorGroupId}&interval=${interval}&from=${month.from}&to=${month.to}`,
        service: () =>
          services.operatorDiagnostics.diagnostics(auth, { deviceOperatorsGroups: [fleet.operatorGroupId], interval, from: month.from, to: month.to }),
        serialize: serializerOf(operatorDiagnosticsResponseSchema),
      });
    }
    for (const [type, label] of [
      ['device-work-device-chart', 'device chart'],
      ['device-work-shift-chart', 'shift chart'],
    ] as const) {
      const interval: TimeInterval = '5min';
      cases.push({
        name: `factory ${label} ${dashboard.length} dev. · month`,
        url: `/api/reports/factory/data?type=${type}&devices=${dashboard.join(',')}&from=${month.from}&to=${month.to}`,
        service: () => services.factoryReports.data(auth, { type, devices: dashboard, interval, from: month.from, to: month.to }),
        serialize: serializerOf(factoryReportResponseSchema),
      });
    }
    const one = fleet.devices[0]!.id;
    cases.push({
      name: `async 1 device × ${NUMBERS.length} par. · day`,
      url: `/api/devices/diagnostics/async/multiple?devices=${one}&parameterNumber=${NUMBERS.join(',')}&from=${day.from}&to=${day.to}`,
      service: () => services.diagnostics.rawReadings(auth, { deviceId: one, parameterNumber: NUMBERS, from: day.from, to: day.to }),
      serialize: serializerOf(asyncDiagnosticsResponseSchema),
    });
    cases.push({
      name: 'locations 1 device · day',
      url: `/api/device/${one}/locations?from=${day.from}&to=${day.to}`,
      service: () => services.diagnostics.locations(auth, one, day.from, day.to),
      // The service answers the JSON text itself (built in SQL); the route sends it as it is.
      serialize: (answer) => (answer as { json: string }).json,
      bodySchema: locationsResponseSchema,
    });

    // 4. Measure: warm-up, then the call, the service, its serialisation, the rollup read and the raw baseline in turn,
    // so a change in the machine's load affects all of them alike.
    const relationBytes = async (name: string) =>
      Number((await sql<{ bytes: string }>`select pg_total_relation_size(${name}::regclass) as bytes`.execute(db)).rows[0]?.bytes ?? 0);
    const readingBytes = Number(
      (await sql<{ bytes: string }>`select sum(pg_total_relation_size(inhrelid)) as bytes from pg_inherits where inhparent = 'readings'::regclass`.execute(db))
        .rows[0]?.bytes ?? 0,
    );
    const tables: string[] = [];
    for (const name of ['readings_5min', 'readings_hour', 'readings_day', 'positions', 'operator_sessions']) {
      const rows = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db)).rows[0]?.n ?? 0);
      tables.push(`${name} ${count(rows)} rows ${formatBytes(await relationBytes(name))}`);
    }
    const stored = Number((await sql<{ n: string }>`select count(*) as n from readings`.execute(db)).rows[0]?.n ?? 0);
    console.log(
      `stored: readings ${count(stored)} rows ${formatBytes(readingBytes)} (${count(readingBytes / stored)} bytes a reading with its index); ${tables.join('; ')}`,
    );
    console.log(
      `load average ${loadAverage()} before measuring; ${REPETITIONS} repetitions after ${WARM_UP} warm-up calls; times in ms; service, rollup and raw SQL each stop after ${EXTRA_SECONDS} s per case (at least ${EXTRA_MIN_REPETITIONS}; n = raw SQL repetitions)`,
    );
    console.log(HEADER);
    const results: Result[] = [];
    for (const c of cases.filter((c) => c.name.includes(ONLY))) {
      if (NO_RAW) delete c.raw;
      let body = '';
      const call = async () => {
        const response = await fetch(`${address}${c.url}`, { headers });
        body = await response.text();
        if (response.status !== 200) throw new Error(`${c.name}: ${response.status} ${body.slice(0, 300)}`);
      };
      for (let i = 0; i < WARM_UP; i++) {
        await call();
        c.serialize(await c.service());
        await c.rollup?.();
      }
      if (c.raw) await c.raw();
      const result: Result = {
        name: c.name,
        interval: '',
        values: 0,
        bytes: 0,
        rollupRows: null,
        call: { ms: [] },
        service: { ms: [] },
        serialize: { ms: [] },
        rollup: { ms: [] },
        raw: { ms: [] },
      };
      // The in-process parts and the baseline stop after EXTRA_SECONDS each (at least EXTRA_MIN_REPETITIONS).
      const more = (t: Timings) => t.ms.length < EXTRA_MIN_REPETITIONS || t.ms.reduce((a, b) => a + b, 0) < EXTRA_SECONDS * 1000;
      for (let i = 0; i < REPETITIONS; i++) {
        await timed(call, result.call);
        if (more(result.service)) {
          const answer = await timed(c.service, result.service);
          await timed(() => c.serialize(answer), result.serialize);
        }
        if (c.rollup && more(result.rollup)) result.rollupRows = (await timed(c.rollup, result.rollup)).reduce((n, column) => n + column.values.length, 0);
        if (c.raw && more(result.raw)) await timed(c.raw, result.raw);
      }
      const answer = JSON.parse(body) as { interval?: string; data?: { interval?: string } };
      if (c.bodySchema) c.bodySchema.parse(answer);
      result.interval = answer.interval ?? answer.data?.interval ?? '';
      result.values = countValues(answer);
      result.bytes = Buffer.byteLength(body);
      results.push(result);
      console.log(formatRow(result));
    }
    const over = results.filter((r) => percentile(r.call.ms, 0.95) >= 50);
    console.log(
      `\nBudget p95 < 50 ms (ARCHITECTURE §8) at ${count(stored)} readings: ${results.length - over.length} of ${results.length} calls within` +
        (over.length ? `; over: ${over.map((r) => `${r.name} (${ms(percentile(r.call.ms, 0.95))})`).join(', ')}` : ''),
    );
    console.log(`load average after: ${loadAverage()}`);
    await app.close();
  } finally {
    await database.close();
    if (KEEP || REUSE) console.log(`kept the database ${new URL(scratch.url).pathname.slice(1)}: measure again with --reuse, drop it with dropdb when done`);
    else await scratch.drop();
  }
}

/**
 * The baseline: the same aggregation over the raw `readings` table, grouped by device, parameter and bucket in the
 * company's timezone — 5-minute and hour buckets UTC-aligned as the rollups are (local-aligned in whole-hour zones),
 * days, months and years as local dates, shifts as the company's shift windows in local time. Sum and average for
 * every parameter, the last value where the aggregation is `last`; efficiency from work and active per bucket.
 */
async function rawAggregation(
  db: Kysely<DB>,
  companyId: number,
  deviceIds: number[],
  numbers: number[],
  interval: DiagnosticsInterval,
  from: string,
  to: string,
): Promise<unknown> {
  const tz = TIMEZONE;
  const start = sql`(${from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const efficiency = numbers.length === 1 && numbers[0] === 0;
  const read = efficiency ? [1, 2] : numbers;
  const filter = sql`r.company_id = ${companyId} and r.device_id = any(${deviceIds}::int[]) and r.parameter_number = any(${read}::int[])`;
  if (interval === 'shifts') {
    const result = await sql`
      with windows as (
        select d::date as day, s.position,
          ((d::date + make_interval(hours => s.hour_start))::timestamp at time zone ${tz}) as starts,
          ((d::date + (s.hour_end <= s.hour_start)::int + make_interval(hours => s.hour_end))::timestamp at time zone ${tz}) as ends
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
        cross join production_shifts s where s.company_id = ${companyId}
      )
      select w.day, w.position, r.device_id, r.parameter_number, sum(r.value) as sum, avg(r.value) as avg,
        (array_agg(r.value order by r.ts desc) filter (where r.parameter_number = any(${LAST_NUMBERS}::int[])))[1] as last
      from windows w
      join readings r on r.ts >= w.starts and r.ts < w.ends
      where ${filter} and r.ts >= ${start} and r.ts < ${end} + interval '1 day'
      group by grouping sets ((w.day, w.position, r.device_id, r.parameter_number), (w.day, r.device_id, r.parameter_number))`.execute(db);
    return result.rows;
  }
  const bucket =
    interval === '5min'
      ? sql`date_bin('5 minutes', r.ts, timestamptz '2000-01-01 00:00:00+00')::text`
      : interval === 'hour'
        ? sql`date_bin('1 hour', r.ts, timestamptz '2000-01-01 00:00:00+00')::text`
        : interval === 'day'
          ? sql`((r.ts at time zone ${tz})::date)::text`
          : sql`to_char(r.ts at time zone ${tz}, ${interval === 'month' ? 'YYYY-MM' : 'YYYY'})`;
  if (efficiency) {
    const result = await sql`
      select r.device_id, ${bucket} as bucket,
        coalesce(round(100 * sum(r.value) filter (where r.parameter_number = 1) / nullif(sum(r.value) filter (where r.parameter_number = 2), 0)), 0) as efficiency
      from readings r
      where ${filter} and r.ts >= ${start} and r.ts < ${end}
      group by 1, 2`.execute(db);
    return result.rows;
  }
  const result = await sql`
    select r.device_id, r.parameter_number, ${bucket} as bucket, sum(r.value) as sum, avg(r.value) as avg,
      (array_agg(r.value order by r.ts desc) filter (where r.parameter_number = any(${LAST_NUMBERS}::int[])))[1] as last
    from readings r
    where ${filter} and r.ts >= ${start} and r.ts < ${end}
    group by 1, 2, 3`.execute(db);
  return result.rows;
}

await main();
