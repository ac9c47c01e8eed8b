import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDocument, ReportInterval } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import type { ReportDataset } from '../../../test/report-builders-dataset.ts';
import { buildReportDataset } from '../../../test/report-builders-dataset.ts';
import { TEST_PARAMETERS, createDeviceGroup, createDeviceType, createOperator, createTelemetryDevice, ingest } from '../../../test/telemetry-fixtures.ts';
import type { ReportSubject } from '../model.ts';
import { deviceOperatorsPage } from './device-operators-pages.ts';
import { expectPagesJoinInto } from './test/paged-documents.ts';
import { runReport } from './test/run-report.ts';

/** A Warsaw wall-clock time of the spring weeks here as an instant: +01:00 until 29 March 02:00, +02:00 after. */
function warsaw(date: string, hour: number): Date {
  const summer = date > '2026-03-29' || (date === '2026-03-29' && hour >= 3);
  return new Date(`${date}T${String(hour).padStart(2, '0')}:00${summer ? '+02:00' : '+01:00'}`);
}

/** The dates from..to, inclusive. */
function dates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The device operators screen's pages against the whole document of the builder (itself checked against the raw
 * sessions and readings in device-operators.test.ts): every page is the exact slice of the document's rows, its
 * totals rows included, across both of 2026's clock changes, night sessions across midnight, operators whose names
 * differ only in case (the id decides), by day, week, month and shift, at small page sizes.
 */
describe('device operators report pages', () => {
  let ctx: TestContext;
  let data: ReportDataset;
  let spring: number[];
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
    const companyId = data.scope.companyId;
    const typeId = await createDeviceType(
      db(),
      TEST_PARAMETERS.filter((p) => p.number <= 3),
    );
    const drill = await createTelemetryDevice(db(), companyId, typeId, 'Drill');
    const saw = await createTelemetryDevice(db(), companyId, typeId, 'saw');
    await createDeviceGroup(db(), companyId, 'Hall 2', [drill.id, saw.id]);
    const dora = await createOperator(db(), companyId, { firstname: 'Dora', lastname: 'Nowak', rfid: 'CARD-D' });
    // Equal to Anna Nowak but for case: the two sort by id.
    const lowerAnna = await createOperator(db(), companyId, { firstname: 'anna', lastname: 'nowak', rfid: 'CARD-E' });
    const ewa = await createOperator(db(), companyId, { firstname: 'Ewa', lastname: 'Ćwik', rfid: 'CARD-F' });
    const crew = [dora, lowerAnna, ewa, data.operators.bartek];
    const cards: Record<number, string> = { [dora]: 'CARD-D', [lowerAnna]: 'CARD-E', [ewa]: 'CARD-F', [data.operators.bartek]: 'CARD-B' };
    spring = [...crew, data.operators.anna];
    // From 26 March to 1 April: the drill in three shifts back to back (the night one across midnight and, on the
    // 28th, across the skipped hour 02:00–03:00), the saw from 07:00 to 15:30 and from 20:00 to 04:00 the next date.
    const days = dates('2026-03-26', '2026-04-01');
    const drillEvents: { ts: Date; type: 'rfid_on' | 'rfid_off'; rfid: string }[] = days.flatMap((date, i) =>
      [6, 14, 22].map((hour, shift) => ({ ts: warsaw(date, hour), type: 'rfid_on' as const, rfid: cards[crew[(i + shift) % crew.length]!]! })),
    );
    drillEvents.push({ ts: warsaw('2026-04-02', 6), type: 'rfid_off', rfid: drillEvents.at(-1)!.rfid });
    const sawEvents = days.flatMap((date, i) => {
      const day = cards[crew[(i + 3) % crew.length]!]!;
      const night = cards[crew[i % crew.length]!]!;
      const next = dates(date, '2026-04-02')[1]!;
      return [
        { ts: new Date(warsaw(date, 7).getTime()), type: 'rfid_on' as const, rfid: day },
        { ts: new Date(warsaw(date, 15).getTime() + 1_800_000), type: 'rfid_off' as const, rfid: day },
        { ts: warsaw(date, 20), type: 'rfid_on' as const, rfid: night },
        { ts: warsaw(next, 4), type: 'rfid_off' as const, rfid: night },
      ];
    });
    for (const [device, seed, events] of [
      [drill, 3, drillEvents],
      [saw, 5, sawEvents],
    ] as const) {
      const readings = [];
      for (let t = warsaw('2026-03-26', 0).getTime() + 120_000, i = 0; t < warsaw('2026-04-02', 12).getTime(); t += 600_000, i++) {
        const work = ((i * 7 + seed) % 11) * 30;
        readings.push({ parameter: 1, ts: new Date(t), value: work }, { parameter: 2, ts: new Date(t), value: work + 60 });
      }
      await ingest(ctx.services, device, { readings, events: [...events] });
    }
  });
  afterAll(() => ctx?.close());

  const subjectOf = (from: string, to: string, interval: ReportInterval, operatorIds: number[], operatorGroupIds: number[] = []): ReportSubject => ({
    type: 'device-operators-report',
    from,
    to,
    interval,
    deviceIds: [],
    deviceGroupIds: [],
    operatorIds,
    operatorGroupIds,
  });

  async function expectPagesMakeTheDocument(subject: ReportSubject, pageRows: number, scope = data.scope): Promise<ReportDocument[]> {
    const selection = {
      from: subject.from,
      to: subject.to,
      interval: subject.interval,
      operators: [...subject.operatorIds],
      operatorGroups: [...subject.operatorGroupIds],
    };
    const whole = await runReport(db(), scope, subject.type, selection);
    expect(whole.sections.length).toBeGreaterThan(0);
    return expectPagesJoinInto(whole, pageRows, (page) => deviceOperatorsPage(db(), scope, subject, page, pageRows));
  }

  it.each([
    ['day', 5],
    ['day', 7],
    ['week', 6],
    ['month', 11],
    ['shifts', 4],
  ] as const)('joins its pages into the whole document across 29 March: by %s, %i rows a page', async (interval, pageRows) => {
    const pages = await expectPagesMakeTheDocument(subjectOf('2026-03-25', '2026-04-02', interval, spring), pageRows);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.some((page) => page.sections[0]?.continued)).toBe(true);
  });

  it('splits the night session of 28 March at midnight, the skipped hour left out', async () => {
    const pages = await expectPagesMakeTheDocument(subjectOf('2026-03-28', '2026-03-29', 'day', spring), 1000);
    const drill = (date: string) =>
      new Map(
        pages[0]!.sections
          .flatMap((s) => s.rows)
          .filter((r) => r[2] === date && r[5] === 'Drill')
          .map((r) => [r[1], r[3]]),
      );
    // The drill's night shift of the 28th (Dora, 22:00 → 06:00) is 2 hours there and 5 on the 29th, whose 02:00–03:00
    // never was; Bartek's night shift before it and his afternoon shift make one row of 14 hours on the 28th.
    expect(drill('2026-03-28')).toEqual(
      new Map([
        ['Bartek', 14 * 3600],
        ['Dora', 2 * 3600],
        ['Ewa', 8 * 3600],
      ]),
    );
    expect(drill('2026-03-29')).toEqual(
      new Map([
        ['anna', 2 * 3600],
        ['Bartek', 8 * 3600],
        ['Dora', 13 * 3600],
      ]),
    );
  });

  it('joins its pages across 25 October, the night session through the repeated hour, by day and by shifts', async () => {
    const { crew } = data.operatorGroups;
    const pages = await expectPagesMakeTheDocument(subjectOf('2026-10-24', '2026-10-26', 'day', [data.operators.celina], [crew]), 2);
    // Anna's session 21:00 → 07:00 across the night the clocks go back: 8 hours on the 25th.
    const annaOn25th = pages.flatMap((page) => page.sections.flatMap((s) => s.rows)).find((r) => r[1] === 'Anna' && r[2] === '2026-10-25' && r[5] === 'Lathe');
    expect(annaOn25th?.[3]).toBe(8 * 3600);
    await expectPagesMakeTheDocument(subjectOf('2026-10-24', '2026-10-26', 'day', [data.operators.celina], [crew]), 1);
    await expectPagesMakeTheDocument(subjectOf('2026-10-24', '2026-10-26', 'shifts', [data.operators.anna, data.operators.bartek, data.operators.celina]), 3);
    await expectPagesMakeTheDocument(subjectOf('2026-10-20', '2026-10-31', 'month', [data.operators.celina], [crew]), 4);
  });

  it('answers one empty page for a period or a selection without sessions, and no sections past the last page', async () => {
    const none = await deviceOperatorsPage(db(), data.scope, subjectOf('2026-06-01', '2026-06-30', 'day', spring), 1, 10);
    expect(none).toMatchObject({ empty: true, sections: [], paging: { page: 1, pageCount: 1, pageRows: 10, totalRows: 0 } });
    const past = await deviceOperatorsPage(db(), data.scope, subjectOf('2026-03-26', '2026-03-27', 'day', spring), 99, 10);
    expect(past.sections).toEqual([]);
    expect(past.paging!.totalRows).toBeGreaterThan(0);
  });

  it('never pages through the operators of another company, also when their ids are asked for', async () => {
    const stranger = await deviceOperatorsPage(
      db(),
      data.scope,
      subjectOf('2026-10-24', '2026-10-26', 'day', [data.operators.zed], [data.operatorGroups.strangers]),
      1,
      10,
    );
    expect(stranger).toMatchObject({ empty: true, sections: [], paging: { totalRows: 0 } });
    const theirs = await expectPagesMakeTheDocument(
      subjectOf('2026-10-24', '2026-10-26', 'day', [data.operators.zed, data.operators.anna]),
      2,
      data.otherScope,
    );
    const names = new Set(
      theirs.flatMap((page) => page.sections.flatMap((s) => s.rows.filter((r) => r[0] !== null).map((r) => `${String(r[1])}@${String(r[5])}`))),
    );
    expect(names).toEqual(new Set(['Zed@Stranger lathe']));
  });
});
