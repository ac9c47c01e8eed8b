import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_SUMMARY_NAME, efficiencyPercent } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { bearer, createUser, signIn } from '../../../test/fixtures.ts';
import type { ReportDataset } from '../../../test/report-builders-dataset.ts';
import { CollectingSink, SHIFTS, buildReportDataset, shiftSums, subjectOf } from '../../../test/report-builders-dataset.ts';
import { ALL_DEVICES_SECTION_TITLE, shiftChartReport } from './shift-chart.ts';

describe('shift chart report', () => {
  let ctx: TestContext;
  let data: ReportDataset;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const run = async (fields: Parameters<typeof subjectOf>[1]) => {
    const sink = new CollectingSink();
    const outcome = await shiftChartReport.write(ctx.database.db, data.scope, subjectOf('device-work-shift-chart', fields), sink);
    return { sink, outcome };
  };

  it('totals each shift over the period per device and for all devices, equal to the raw readings', async () => {
    const { sink, outcome } = await run({ deviceGroupIds: [data.groups.line] });
    expect(outcome.empty).toBe(false);
    expect(sink.sections.map((s) => s.title)).toEqual(['Lathe', 'Mill', ALL_DEVICES_SECTION_TITLE]);
    const sums = shiftSums(data.readings, '2026-10-24', '2026-10-26');
    const total = (devices: number[], shift: string | null) => {
      const t = { work: 0, active: 0, counter: 0 };
      for (const device of devices) {
        for (const [key, sum] of sums) {
          const [id, date, name] = key.split('|');
          if (Number(id) !== device || (shift === null ? date !== 'all' : name !== shift)) continue;
          t.work += sum.work;
          t.active += sum.active;
          t.counter += sum.counter;
        }
      }
      return { work: t.work, activity: t.active, efficiency: efficiencyPercent(t.work, t.active), counter: t.counter };
    };
    const sections = [[data.lathe.id], [data.mill.id], [data.lathe.id, data.mill.id]];
    for (const [i, devices] of sections.entries()) {
      expect(sink.records(i)).toEqual([...SHIFTS.map((s) => ({ shift: s.name, ...total(devices, s.name) })), { shift: null, ...total(devices, null) }]);
    }
  });

  it('has the numbers of the factory shift chart on screen', async () => {
    const user = await createUser(ctx.database.db, data.scope.companyId);
    const token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/factory/data?type=device-work-shift-chart&groups=${data.groups.line}&from=2026-10-24&to=2026-10-26`,
      headers: bearer(token),
    });
    const chart = response.json<{ data: { name: string; items: { name: string; workSum: number; activeSum: number; counterSum: number }[] }[] }>().data;
    const { sink } = await run({ deviceGroupIds: [data.groups.line] });
    expect(chart.map((entry) => entry.name)).toEqual(['Lathe', 'Mill', FACTORY_SUMMARY_NAME]);
    chart.forEach((entry, i) => {
      expect(sink.records(i).map((r) => [r.work, r.activity, r.counter])).toEqual(entry.items.map((item) => [item.workSum, item.activeSum, item.counterSum]));
    });
  });

  it("never reports another company's devices", async () => {
    const { sink, outcome } = await run({ deviceIds: [data.stranger.id], deviceGroupIds: [data.groups.strangers] });
    expect(sink.sections).toEqual([]);
    expect(outcome.empty).toBe(true);
    const mixed = await run({ deviceIds: [data.stranger.id, data.mill.id] });
    expect(mixed.sink.sections.map((s) => s.title)).toEqual(['Mill', ALL_DEVICES_SECTION_TITLE]);
  });
});
