import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpcuaMapping } from '@gearwatch/contracts';
import { ModuleSampler } from '../src/telemetry/protocols/opcua/sampler.ts';
import type { ModuleIdentity, ReadingInput } from '../src/telemetry/types.ts';
import { dateText } from '../src/time/calendar.ts';
import { timeZone } from '../src/time/time-zone.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';

/**
 * Work and activity from a machine's "running" or "state" node, as stored: sampler.test.ts checks the sampler's
 * readings per local day against a second-by-second computation; this stores them through the ingest service and
 * compares the company's day rollups (readings_day, Europe/Warsaw) with the same raw computation, over midnight and
 * both 2026 DST days (23 and 25 hours), for a running node and for a state node whose "other" mode counts as off.
 */
const RUNNING: OpcuaMapping = { kind: 'running', nodeId: 'ns=1;s=Running', parameter: null, multiplier: 1, offset: 0, workValues: [], activeValues: [] };
const STATE: OpcuaMapping = { kind: 'state', nodeId: 'ns=1;s=Mode', parameter: null, multiplier: 1, offset: 0, workValues: [1, 2], activeValues: [3, 4] };
const warsaw = timeZone('Europe/Warsaw');
const WINDOWS = [
  ['2026-03-28T20:00:00Z', '2026-03-30T03:00:00Z'], // spring forward: Sunday 29 March has 23 hours
  ['2026-10-24T20:00:00Z', '2026-10-26T03:00:00Z'], // fall back: Sunday 25 October has 25 hours
] as const;

/** A seeded pseudo-random sequence, so a failure repeats. */
function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

type Sums = Map<string, { work: number; active: number }>;

/** Second by second over [from, to): the state last sampled at or before that second, summed per Warsaw day. */
function rawPerDay(changes: { at: number; working: boolean; on: boolean }[], from: number, to: number, into: Sums): void {
  let i = -1;
  for (let t = from; t < to; t += 1000) {
    while (i + 1 < changes.length && changes[i + 1]!.at <= t) i++;
    if (i < 0 || !changes[i]!.on) continue;
    const day = dateText(warsaw.dayOf(t));
    const sums = into.get(day) ?? { work: 0, active: 0 };
    sums.active += 1;
    if (changes[i]!.working) sums.work += 1;
    into.set(day, sums);
  }
}

/**
 * A session over [from, to): the node changes at whole seconds minutes to hours apart, the connector's flush every
 * 10 s with its heartbeat; returns the readings and adds the raw computation to `raw`.
 */
function session(mapping: OpcuaMapping, from: number, to: number, raw: Sums): ReadingInput[] {
  const next = random(from / 1000 + (mapping.kind === 'state' ? 7 : 0));
  const sampler = new ModuleSampler([mapping], 1, {});
  sampler.sessionStarted(from);
  const modes = [1, 2, 3, 4, 0];
  const valueAt = () => (mapping.kind === 'running' ? next() < 0.6 : modes[Math.floor(next() * modes.length)]!);
  const stateOf = (value: boolean | number) =>
    typeof value === 'boolean' ? { on: true, working: value } : { on: value !== 0, working: value === 1 || value === 2 };
  const changes: { at: number; working: boolean; on: boolean }[] = [];
  const readings: ReadingInput[] = [];
  let nextChange = from + 2000;
  for (let now = from; now <= to; now += 10_000) {
    while (nextChange <= now) {
      const value = valueAt();
      changes.push({ at: nextChange, ...stateOf(value) });
      sampler.add({ nodeId: mapping.nodeId, value, sourceMs: nextChange });
      nextChange += (60 + Math.floor(next() * 2 * 3600)) * 1000;
    }
    sampler.heartbeat(now);
    readings.push(...sampler.drain().readings);
  }
  sampler.sessionLost(to);
  readings.push(...sampler.drain().readings);
  rawPerDay(changes, from, to, raw);
  return readings;
}

describe('OPC UA work and activity per local day, stored, across midnight and DST', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  for (const mapping of [RUNNING, STATE]) {
    it(`a ${mapping.kind} node: the company's day rollups equal the raw computation`, async () => {
      const db = ctx.database.db;
      const company = await createCompany(db);
      await db.updateTable('companies').set({ timezone: 'Europe/Warsaw' }).where('id', '=', company.id).execute();
      const device = await createDevice(db, company.id);
      const sensor = await db
        .insertInto('sensors')
        .values({
          company_id: company.id,
          device_id: device.id,
          name: 'PLC',
          serial_number: `PLC-${mapping.kind}-${process.pid}`,
          security_code: '',
          protocol: 'opcua',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const identity: ModuleIdentity = {
        sensorId: sensor.id,
        serialNumber: `PLC-${mapping.kind}`,
        companyId: company.id,
        deviceId: device.id,
        timezone: 'Europe/Warsaw',
      };
      const raw: Sums = new Map();
      for (const [start, end] of WINDOWS) {
        const readings = session(mapping, Date.parse(start), Date.parse(end), raw);
        // In hour-sized batches, as a connector's flushes arrive over a day (the order within the day kept).
        for (let i = 0; i < readings.length; i += 200)
          await ctx.services.ingest.ingest(identity, { readings: readings.slice(i, i + 200), positions: [], events: [] });
      }
      const rows = await db
        .selectFrom('readings_day')
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'parameter_number as parameter', 'sum'])
        .where('device_id', '=', device.id)
        .where('parameter_number', 'in', [1, 2])
        .execute();
      const stored: Sums = new Map();
      for (const row of rows) {
        const sums = stored.get(row.day) ?? { work: 0, active: 0 };
        if (row.parameter === 1) sums.work += Number(row.sum);
        else sums.active += Number(row.sum);
        stored.set(row.day, sums);
      }
      // Days with nothing counted have no row; the raw computation has them only when something was on.
      for (const [day, sums] of raw) if (sums.active === 0) raw.delete(day);
      expect(stored).toEqual(raw);
      // The DST days are in it: 23 and 25 hours long, and counted as one local day each.
      expect([...stored.keys()]).toEqual(expect.arrayContaining(['2026-03-29', '2026-10-25']));
    }, 120_000);
  }
});
