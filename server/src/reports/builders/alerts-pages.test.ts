import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDocument, ReportInterval } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { createRule } from '../../../test/alert-fixtures.ts';
import { createUser } from '../../../test/fixtures.ts';
import type { ReportDataset } from '../../../test/report-builders-dataset.ts';
import { buildReportDataset } from '../../../test/report-builders-dataset.ts';
import type { ReportSubject } from '../model.ts';
import { alertsReportPage } from './alerts-pages.ts';
import { expectPagesJoinInto } from './test/paged-documents.ts';
import { runReport } from './test/run-report.ts';

/**
 * The alerts screen's pages against the whole document of the builder (itself checked alert by alert in
 * alerts.test.ts): every page is the exact slice of the document's rows, its totals rows included, with alerts
 * spread over both of 2026's clock changes, instants with microseconds (the durations' rounding), alerts open before
 * the period, still open, and confirmed while active.
 */
describe('alerts report pages', () => {
  let ctx: TestContext;
  let data: ReportDataset;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
    const user = await createUser(db(), data.scope.companyId);
    const rule = await createRule(db(), { companyId: data.scope.companyId, type: 'value', importance: 'warning', userIds: [user.id] });
    const strangerRule = await createRule(db(), { companyId: data.otherScope.companyId, type: 'value', userIds: [] });
    const rows = [];
    // Three alerts a day on each device from 2026-03-20 to 2026-04-05 and from 2026-10-20 to 2026-11-05, at odd
    // microseconds, lasting a few minutes and a few hundred milliseconds, some confirmed, some still open.
    for (const [first, days] of [
      [Date.UTC(2026, 2, 20), 17],
      [Date.UTC(2026, 9, 20), 17],
    ] as const) {
      for (let day = 0; day < days; day++) {
        for (const [index, device] of [data.lathe, data.mill].entries()) {
          for (let n = 0; n < 3; n++) {
            const start = first + day * 86_400_000 + (n * 7 + index) * 3_600_000 + 1_234_567 * (n + 1) + 0.499 + day * 0.001;
            // One open alert per rule and device at most (the engine's rule): the last of the October run.
            const open = first === Date.UTC(2026, 9, 20) && day === days - 1 && n === 2;
            const confirmed = !open && (day + n + index) % 4 === 0;
            const end = start + (n + 1) * 187_500.5 + day;
            rows.push({
              company_id: data.scope.companyId,
              source: 'rule',
              rule_id: rule,
              device_id: device.id,
              importance: 'warning',
              started_at: new Date(start).toISOString().replace('Z', `${String(Math.round((start % 1) * 1000)).padStart(3, '0')}Z`),
              last_at: new Date(start),
              ended_at: open || confirmed ? null : new Date(end).toISOString().replace('Z', '250Z'),
              confirmed_at: confirmed ? new Date(end).toISOString().replace('Z', '750Z') : null,
              confirmed_by: confirmed ? user.id : null,
              counter: 1 + ((day + n) % 5),
              message_key: 'alert.message.test',
              message_params: JSON.stringify({}),
            });
          }
        }
      }
    }
    // Open from before the period of the October runs.
    rows.push({ ...rows[0]!, started_at: '2026-10-10T08:00:00.123456Z', ended_at: '2026-10-21T08:00:00.5Z', confirmed_at: null, confirmed_by: null });
    // Another company's alerts never count.
    rows.push({ ...rows[0]!, company_id: data.otherScope.companyId, rule_id: strangerRule, device_id: data.stranger.id, started_at: '2026-10-25T12:00:00Z' });
    await db().insertInto('alerts').values(rows).execute();
  });
  afterAll(() => ctx?.close());

  const subjectOf = (from: string, to: string, interval: ReportInterval, deviceIds: number[]): ReportSubject => ({
    type: 'alerts-report',
    from,
    to,
    interval,
    deviceIds,
    deviceGroupIds: [],
    operatorIds: [],
    operatorGroupIds: [],
  });

  async function expectPagesMakeTheDocument(subject: ReportSubject, pageRows: number): Promise<ReportDocument[]> {
    const whole = await runReport(db(), data.scope, subject.type, {
      from: subject.from,
      to: subject.to,
      interval: subject.interval,
      devices: [...subject.deviceIds],
    });
    return expectPagesJoinInto(whole, pageRows, (page) => alertsReportPage(db(), data.scope, subject, page, pageRows));
  }

  it('joins into the whole document across the spring clock change, by day, week and month, at any page size', async () => {
    const subject = (interval: ReportInterval) => subjectOf('2026-03-18', '2026-04-07', interval, [data.lathe.id, data.mill.id]);
    const pages = await expectPagesMakeTheDocument(subject('day'), 5);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.some((page) => page.sections[0]?.continued)).toBe(true);
    await expectPagesMakeTheDocument(subject('week'), 13);
    await expectPagesMakeTheDocument(subject('month'), 40);
    await expectPagesMakeTheDocument(subject('shifts'), 1000);
  });

  it('joins into the whole document across the autumn clock change with an alert open before the period', async () => {
    const subject = subjectOf('2026-10-20', '2026-11-06', 'day', [data.lathe.id, data.mill.id]);
    const pages = await expectPagesMakeTheDocument(subject, 5);
    const firstSection = pages[0]!.sections[0]!;
    // The alert open since 10 October counts on the period's first date, and its duration is whole seconds.
    expect(firstSection.rows[0]![4]).toBe('2026-10-10T10:00');
    expect(Number.isInteger(firstSection.rows[0]![6])).toBe(true);
    await expectPagesMakeTheDocument(subjectOf('2026-10-01', '2026-11-30', 'month', [data.mill.id]), 9);
  });

  it('answers one empty page for a period or a selection without alerts, and no sections past the last page', async () => {
    const none = await alertsReportPage(db(), data.scope, subjectOf('2026-06-01', '2026-06-30', 'day', [data.lathe.id]), 1, 10);
    expect(none).toMatchObject({ empty: true, sections: [], paging: { page: 1, pageCount: 1, pageRows: 10, totalRows: 0 } });
    const stranger = await alertsReportPage(db(), data.scope, subjectOf('2026-10-20', '2026-10-30', 'day', [data.stranger.id]), 1, 10);
    expect(stranger).toMatchObject({ empty: true, sections: [] });
    const past = await alertsReportPage(db(), data.scope, subjectOf('2026-10-20', '2026-10-22', 'day', [data.lathe.id]), 99, 10);
    expect(past.sections).toEqual([]);
    expect(past.paging!.totalRows).toBeGreaterThan(0);
  });
});
