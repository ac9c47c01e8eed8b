import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { createRule } from '../../../test/alert-fixtures.ts';
import { createUser } from '../../../test/fixtures.ts';
import type { ReportDataset } from '../../../test/report-builders-dataset.ts';
import { CollectingSink, at, buildReportDataset, subjectOf } from '../../../test/report-builders-dataset.ts';
import { alertsReport } from './alerts.ts';

describe('alerts report', () => {
  let ctx: TestContext;
  let data: ReportDataset;
  let ruleName: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
    const db = ctx.database.db;
    const user = await createUser(db, data.scope.companyId);
    await db.updateTable('users').set({ firstname: 'Ewa', lastname: 'Lis' }).where('id', '=', user.id).execute();
    const rule = await createRule(db, { companyId: data.scope.companyId, type: 'value', importance: 'error', userIds: [user.id] });
    ruleName = (await db.selectFrom('alert_rules').select('name').where('id', '=', rule).executeTakeFirstOrThrow()).name;
    const strangerRule = await createRule(db, { companyId: data.otherScope.companyId, type: 'lastsync', userIds: [] });
    const alert = (fields: { company?: number; device: number; rule: number | null; started: string; ended?: string; confirmed?: string; counter?: number }) =>
      db
        .insertInto('alerts')
        .values({
          company_id: fields.company ?? data.scope.companyId,
          source: fields.rule === null ? 'requirement' : 'rule',
          rule_id: fields.rule,
          device_id: fields.device,
          importance: fields.rule === null ? 'warning' : 'error',
          started_at: at(fields.started),
          last_at: at(fields.started),
          ended_at: fields.ended ? at(fields.ended) : null,
          confirmed_at: fields.confirmed ? at(fields.confirmed) : null,
          confirmed_by: fields.confirmed ? user.id : null,
          counter: fields.counter ?? 1,
          message_key: 'alert.message.test',
          message_params: JSON.stringify({}),
        })
        .execute();
    // Open before the period, ended inside it: counted on the period's first date.
    await alert({ device: data.lathe.id, rule, started: '2026-10-23T23:00+02:00', ended: '2026-10-24T01:00+02:00', counter: 2 });
    // Ended before the period, and started after it: not in the report.
    await alert({ device: data.lathe.id, rule, started: '2026-10-22T10:00+02:00', ended: '2026-10-23T10:00+02:00' });
    await alert({ device: data.lathe.id, rule, started: '2026-10-27T00:30+01:00' });
    // Confirmed while active (never ended): open from 01:00 CEST to 09:00 CET, 9 hours on the 25-hour day.
    await alert({ device: data.lathe.id, rule, started: '2026-10-25T01:00+02:00', confirmed: '2026-10-25T09:00+01:00', counter: 4 });
    // A requirement alert from the repeated hour's second pass, still open.
    await alert({ device: data.mill.id, rule: null, started: '2026-10-25T02:30+01:00' });
    await alert({ device: data.mill.id, rule, started: '2026-10-26T23:59+01:00', ended: '2026-10-27T00:01+01:00' });
    // Another company's alert on its own device in the same period.
    await alert({ company: data.otherScope.companyId, device: data.stranger.id, rule: strangerRule, started: '2026-10-25T12:00+01:00' });
  });
  afterAll(() => ctx?.close());

  const run = async (fields: Parameters<typeof subjectOf>[1]) => {
    const sink = new CollectingSink();
    const outcome = await alertsReport.write(ctx.database.db, data.scope, subjectOf('alerts-report', fields), sink);
    return { sink, outcome };
  };

  it('lists the alerts open in the period by the date they start, with local times, durations, who confirmed them and the text keys of type and importance', async () => {
    // The other company's device asked for by id is dropped.
    const { sink, outcome } = await run({ deviceGroupIds: [data.groups.line], deviceIds: [data.stranger.id], interval: 'day' });
    expect(outcome.empty).toBe(false);
    expect(sink.sections.map((s) => s.title)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    const row = (
      device: string | null,
      rule: string | null,
      type: string | null,
      importance: string | null,
      start: string | null,
      end: string | null,
      duration: number | null,
      occurrences: number,
      confirmedBy: string | null = null,
      confirmedAt: string | null = null,
    ) => ({
      device,
      rule,
      type,
      importance,
      start,
      end,
      duration,
      occurrences,
      'confirmed-by': confirmedBy,
      'confirmed-at': confirmedAt,
    });
    const totals = (duration: number, occurrences: number) => row(null, null, null, null, null, null, duration, occurrences);
    expect(sink.records(0)).toEqual([
      row('Lathe', ruleName, 'reports.alert-type.value', 'reports.importance.error', '2026-10-23T23:00', '2026-10-24T01:00', 7200, 2),
      totals(7200, 2),
    ]);
    expect(sink.records(1)).toEqual([
      row(
        'Lathe',
        ruleName,
        'reports.alert-type.value',
        'reports.importance.error',
        '2026-10-25T01:00',
        '2026-10-25T09:00',
        9 * 3600,
        4,
        'Ewa Lis',
        '2026-10-25T09:00',
      ),
      row('Mill', null, 'reports.alert-type.requirement', 'reports.importance.warning', '2026-10-25T02:30', null, null, 1),
      totals(9 * 3600, 5),
    ]);
    expect(sink.records(2)).toEqual([
      row('Mill', ruleName, 'reports.alert-type.value', 'reports.importance.error', '2026-10-26T23:59', '2026-10-27T00:01', 120, 1),
      totals(120, 1),
    ]);
  });

  it('puts every alert in one section of a longer interval, and by shifts in the date it starts', async () => {
    const month = await run({ deviceIds: [data.lathe.id, data.mill.id], interval: 'month' });
    expect(month.sink.sections.map((s) => s.title)).toEqual(['2026-10']);
    expect(month.sink.records(0).map((r) => r.start)).toEqual(['2026-10-23T23:00', '2026-10-25T01:00', '2026-10-25T02:30', '2026-10-26T23:59', null]);
    const shifts = await run({ deviceIds: [data.mill.id], interval: 'shifts' });
    expect(shifts.sink.sections.map((s) => s.title)).toEqual(['2026-10-25', '2026-10-26']);
  });

  it("never shows another company's alerts and says when the period has none", async () => {
    const stranger = await run({ deviceIds: [data.stranger.id], deviceGroupIds: [data.groups.strangers] });
    expect(stranger.outcome.empty).toBe(true);
    expect(stranger.sink.sections).toEqual([]);
    const quiet = await run({ deviceIds: [data.lathe.id], from: '2026-09-01', to: '2026-09-30' });
    expect(quiet.outcome.empty).toBe(true);
    expect(quiet.sink.progressValues.at(-1)).toBe(1);
  });
});
