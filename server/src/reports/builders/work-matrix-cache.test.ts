import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportCell, ReportDocument } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext, usingPostgres } from '../../../test/context.ts';
import { createCompany } from '../../../test/fixtures.ts';
import type { TelemetryDevice } from '../../../test/telemetry-fixtures.ts';
import { TEST_PARAMETERS, createDeviceType, createTelemetryDevice, ingest, setCompanyTimezone } from '../../../test/telemetry-fixtures.ts';
import type { ReportScope } from '../model.ts';
import { readingsOf } from './test/device-reports-dataset.ts';
import { rawQuarterHours } from './test/raw-reference.ts';
import { datesBetween, runReport } from './test/run-report.ts';

/**
 * The work matrix's cache of closed local days (migration 022): the answer read from stored rows equals the one
 * computed from the 5-minute rollup and the raw readings; a late reading deletes its date's row in the ingest
 * statement; days of 23 and 25 hours keep 92 and 100 cells; companies in different zones (and a zone changed
 * afterwards) each get their own local quarter hours; today is never stored.
 */
describe('work matrix: stored quarter hours of closed days', () => {
  let ctx: TestContext;
  let warsaw: ReportScope;
  let kolkata: ReportScope;
  let lift: TelemetryDevice;
  let press: TelemetryDevice;
  let kolkataLift: TelemetryDevice;
  let typeId: number;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    const first = await createCompany(db());
    await setCompanyTimezone(db(), first.id, 'Europe/Warsaw');
    const second = await createCompany(db());
    await setCompanyTimezone(db(), second.id, 'Asia/Kolkata');
    warsaw = { companyId: first.id, timezone: 'Europe/Warsaw' };
    kolkata = { companyId: second.id, timezone: 'Asia/Kolkata' };
    typeId = await createDeviceType(
      db(),
      TEST_PARAMETERS.filter((p) => p.number <= 3),
    );
    lift = await createTelemetryDevice(db(), first.id, typeId, 'Lift');
    press = await createTelemetryDevice(db(), first.id, typeId, 'Press');
    kolkataLift = await createTelemetryDevice(db(), second.id, typeId, 'Lift');
    await ingest(ctx.services, lift, { readings: readingsOf(1) });
    await ingest(ctx.services, press, { readings: readingsOf(2) });
    // The same readings as the Warsaw lift: the same instants fall into other local dates and quarter hours.
    await ingest(ctx.services, kolkataLift, { readings: readingsOf(1) });
  });
  afterAll(() => ctx?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const matrix = (scope: ReportScope, devices: TelemetryDevice[], from: string, to: string) =>
    runReport(db(), scope, 'production-device-work-matrix', { from, to, devices: devices.map((d) => d.id) });

  /** The matrix's sections computed from the raw readings in the zone (the devices in name order). */
  async function rawSections(devices: TelemetryDevice[], from: string, to: string, tz: string): Promise<ReportCell[][][]> {
    const sections: ReportCell[][][] = [];
    for (const date of datesBetween(from, to)) {
      const raw = await rawQuarterHours(
        db(),
        devices.map((d) => d.id),
        date,
        tz,
      );
      const rows: ReportCell[][] = raw.map((slot) => [
        raw.length !== 96 ? `${slot.clock} +${slot.offset}` : slot.clock,
        ...devices.map((d) => slot.work[d.id] ?? 0),
      ]);
      rows.push([null, ...devices.map((_, i) => rows.reduce((sum, row) => sum + Number(row[i + 1]), 0))]);
      sections.push(rows);
    }
    return sections;
  }

  const rowsOf = (doc: ReportDocument) => doc.sections.map((s) => s.rows);

  async function storedRows(deviceIds: number[]): Promise<{ deviceId: number; day: string; timezone: string; cells: number[] }[]> {
    const result = await sql<{ deviceId: number; day: string; timezone: string; work: string }>`
      select device_id as "deviceId", day::text as "day", timezone, work from work_quarter_days
      where device_id = any(${deviceIds}::int[]) order by device_id, day`.execute(db());
    return result.rows.map((r) => ({ deviceId: r.deviceId, day: r.day, timezone: r.timezone, cells: JSON.parse(r.work) as number[] }));
  }

  const clearStored = () => sql`delete from work_quarter_days`.execute(db());

  it('the first read stores each closed day; the answer from stored rows is the same, and both equal the raw readings', async () => {
    await clearStored();
    for (const [from, to, lengths] of [
      ['2026-03-28', '2026-03-30', [96, 92, 96]],
      ['2026-10-24', '2026-10-26', [96, 100, 96]],
    ] as const) {
      const computed = await matrix(warsaw, [press, lift], from, to);
      const stored = await storedRows([lift.id, press.id]);
      const days = datesBetween(from, to);
      expect(stored.filter((r) => days.includes(r.day)).map((r) => [r.deviceId, r.day, r.timezone, r.cells.length])).toEqual(
        [lift.id, press.id].flatMap((id) => days.map((day, i) => [id, day, 'Europe/Warsaw', lengths[i]])),
      );
      const cached = await matrix(warsaw, [press, lift], from, to);
      expect(cached).toEqual(computed);
      expect(computed.empty).toBe(false);
      expect(computed.sections.map((s) => s.rows.length - 1)).toEqual([...lengths]);
      expect(rowsOf(computed)).toEqual(await rawSections([lift, press], from, to, 'Europe/Warsaw'));
    }
  });

  it('a date without any reading is stored as such and still reads as zeros, and the period stays empty', async () => {
    await clearStored();
    const doc = await matrix(warsaw, [lift], '2026-06-01', '2026-06-02');
    expect(doc.empty).toBe(true);
    expect((await storedRows([lift.id])).map((r) => [r.day, r.cells])).toEqual([
      ['2026-06-01', []],
      ['2026-06-02', []],
    ]);
    const again = await matrix(warsaw, [lift], '2026-06-01', '2026-06-02');
    expect(again).toEqual(doc);
    expect(again.sections[0]!.rows.slice(0, -1).every((row) => row[1] === 0)).toBe(true);
  });

  it('a late reading on a closed day deletes that day in the ingest statement, and the matrix shows it', async () => {
    await clearStored();
    const before = await matrix(warsaw, [lift], '2026-10-23', '2026-10-24');
    expect((await storedRows([lift.id])).map((r) => r.day)).toEqual(['2026-10-23', '2026-10-24']);
    // 10:00:30 CEST on 24 October: no reading of the lift at that second, so it is new and lands in the 10:00 quarter.
    await ingest(ctx.services, lift, { readings: [{ parameter: 1, ts: new Date('2026-10-24T08:00:30Z'), value: 500 }] });
    expect((await storedRows([lift.id])).map((r) => r.day)).toEqual(['2026-10-23']);
    const after = await matrix(warsaw, [lift], '2026-10-23', '2026-10-24');
    const quarter = (doc: ReportDocument) => doc.sections[1]!.rows.find((row) => row[0] === '10:00')![1] as number;
    expect(quarter(after)).toBe(quarter(before) + 500);
    expect(rowsOf(after)).toEqual(await rawSections([lift], '2026-10-23', '2026-10-24', 'Europe/Warsaw'));
    // Stored again on that read, with the late reading in it.
    expect((await storedRows([lift.id])).map((r) => r.day)).toEqual(['2026-10-23', '2026-10-24']);
    expect(await matrix(warsaw, [lift], '2026-10-23', '2026-10-24')).toEqual(after);
  });

  it("two companies in different zones: each date is stored in its company's zone and matches its raw quarter hours", async () => {
    await clearStored();
    const inWarsaw = await matrix(warsaw, [lift], '2026-10-24', '2026-10-24');
    const inKolkata = await matrix(kolkata, [kolkataLift], '2026-10-24', '2026-10-24');
    expect(rowsOf(inKolkata)).toEqual(await rawSections([kolkataLift], '2026-10-24', '2026-10-24', 'Asia/Kolkata'));
    expect(rowsOf(inWarsaw)).toEqual(await rawSections([lift], '2026-10-24', '2026-10-24', 'Europe/Warsaw'));
    // The same readings, other local quarter hours (Kolkata is 3.5 hours ahead of Warsaw that day).
    expect(rowsOf(inKolkata)).not.toEqual(rowsOf(inWarsaw));
    expect((await storedRows([lift.id, kolkataLift.id])).map((r) => [r.deviceId, r.timezone])).toEqual([
      [lift.id, 'Europe/Warsaw'],
      [kolkataLift.id, 'Asia/Kolkata'],
    ]);
    expect(await matrix(kolkata, [kolkataLift], '2026-10-24', '2026-10-24')).toEqual(inKolkata);
  });

  it("a change of the company's zone never shows cells of the old zone: they are computed again and replaced", async () => {
    await clearStored();
    const company = await createCompany(db());
    await setCompanyTimezone(db(), company.id, 'Europe/Warsaw');
    const mover = await createTelemetryDevice(db(), company.id, typeId, 'Mover');
    await ingest(ctx.services, mover, { readings: readingsOf(3) });
    const inWarsaw = await matrix({ companyId: company.id, timezone: 'Europe/Warsaw' }, [mover], '2026-10-24', '2026-10-25');
    await setCompanyTimezone(db(), company.id, 'Europe/London');
    const inLondon = await matrix({ companyId: company.id, timezone: 'Europe/London' }, [mover], '2026-10-24', '2026-10-25');
    expect(rowsOf(inLondon)).toEqual(await rawSections([mover], '2026-10-24', '2026-10-25', 'Europe/London'));
    expect(rowsOf(inLondon)).not.toEqual(rowsOf(inWarsaw));
    expect((await storedRows([mover.id])).map((r) => [r.day, r.timezone])).toEqual([
      ['2026-10-24', 'Europe/London'],
      ['2026-10-25', 'Europe/London'],
    ]);
  });

  it('today and later dates are computed from the 5-minute rollup and never stored', async () => {
    await clearStored();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Noon of 24 October in Warsaw: the 23rd has ended, the 24th has not.
    vi.setSystemTime(new Date('2026-10-24T10:00:00Z'));
    const doc = await matrix(warsaw, [press], '2026-10-23', '2026-10-25');
    expect(rowsOf(doc)).toEqual(await rawSections([press], '2026-10-23', '2026-10-25', 'Europe/Warsaw'));
    expect((await storedRows([press.id])).map((r) => r.day)).toEqual(['2026-10-23']);
  });

  it.skipIf(!usingPostgres())('a device whose batch is being written is computed but not stored (its session lock is taken)', async () => {
    await clearStored();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another connection holds the lift's session lock, as an ingest transaction does until it commits.
    const holder = db()
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(device_batch_lock_class(), ${lift.id}::int)`.execute(trx);
        locked();
        await held;
      });
    await lockTaken;
    try {
      const doc = await matrix(warsaw, [lift, press], '2026-10-24', '2026-10-24');
      expect(rowsOf(doc)).toEqual(await rawSections([lift, press], '2026-10-24', '2026-10-24', 'Europe/Warsaw'));
      expect((await storedRows([lift.id, press.id])).map((r) => r.deviceId)).toEqual([press.id]);
    } finally {
      release();
      await holder;
    }
    await matrix(warsaw, [lift, press], '2026-10-24', '2026-10-24');
    expect((await storedRows([lift.id, press.id])).map((r) => r.deviceId)).toEqual([lift.id, press.id]);
  });
});
