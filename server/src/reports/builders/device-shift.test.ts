import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { efficiencyPercent } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import type { ReportDataset } from '../../../test/report-builders-dataset.ts';
import { CollectingSink, SHIFTS, bucketOf, buildReportDataset, shiftOf, shiftSums, subjectOf } from '../../../test/report-builders-dataset.ts';
import { deviceShiftReport } from './device-shift.ts';

describe('shift report', () => {
  let ctx: TestContext;
  let data: ReportDataset;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const run = async (fields: Parameters<typeof subjectOf>[1]) => {
    const sink = new CollectingSink();
    const outcome = await deviceShiftReport.write(ctx.database.db, data.scope, subjectOf('device-work-device-shift', fields), sink);
    return { sink, outcome };
  };

  it('gives each device a row per date and shift equal to the raw readings, night shifts on the date they start, and its totals', async () => {
    const { sink, outcome } = await run({ deviceGroupIds: [data.groups.line], deviceIds: [data.stranger.id] });
    expect(outcome.empty).toBe(false);
    expect(sink.sections.map((s) => s.title)).toEqual(['Lathe', 'Mill']);
    const expected = shiftSums(data.readings, '2026-10-24', '2026-10-26');
    for (const [i, device] of [data.lathe, data.mill].entries()) {
      const records = sink.records(i);
      expect(records).toHaveLength(3 * SHIFTS.length + 1);
      for (const r of records) {
        const sum = expected.get(r.date === null ? `${device.id}|all` : `${device.id}|${String(r.date)}|${String(r.shift)}`) ?? {
          work: 0,
          active: 0,
          counter: 0,
        };
        expect(r, `${device.name} ${String(r.date)} ${String(r.shift)}`).toEqual({
          date: r.date,
          shift: r.shift,
          work: sum.work,
          activity: sum.active,
          efficiency: efficiencyPercent(sum.work, sum.active),
          counter: sum.counter,
        });
      }
    }
    // The night shift through the repeated hour has 9 hours of readings (every 10 minutes): 54 of each.
    const night = data.readings.filter(
      (r) => r.device === data.lathe.id && r.parameter === 3 && shiftOf(bucketOf(r.ts))?.date === '2026-10-24' && shiftOf(bucketOf(r.ts))?.shift === 'III',
    );
    expect(night).toHaveLength(54);
  });

  it("never reports another company's devices and says when nothing was read", async () => {
    const stranger = await run({ deviceIds: [data.stranger.id], deviceGroupIds: [data.groups.strangers] });
    expect(stranger.sink.sections).toEqual([]);
    expect(stranger.outcome.empty).toBe(true);
    const quiet = await run({ deviceIds: [data.lathe.id], from: '2026-09-01', to: '2026-09-02' });
    expect(quiet.outcome.empty).toBe(true);
    expect(quiet.sink.records(0).at(-1)).toEqual({ date: null, shift: null, work: 0, activity: 0, efficiency: 0, counter: 0 });
  });
});
