import type { ReportCell } from '@gearwatch/contracts';
import type { ReportBuilder } from '../model.ts';
import { COLUMNS } from './support/columns.ts';
import { openDeviceReport } from './support/context.ts';
import { planBuckets } from './support/periods.ts';
import { BucketSumTable, addSums, noSums, sumCells } from './support/sums.ts';

const COLUMNS_OF_DEVICE_EFFICIENCY = [COLUMNS.period, COLUMNS.work, COLUMNS.active, COLUMNS.efficiency, COLUMNS.counter];

/** Device efficiency report: a section per device, a row per interval bucket (work, active, efficiency, counter), then its totals. */
export const deviceEfficiencyReport: ReportBuilder = {
  type: 'device-efficiency-report',
  async write(db, scope, subject, sink) {
    const report = await openDeviceReport(db, scope, subject);
    const shifts = subject.interval === 'shifts' ? await report.repository.shifts(report.companyId) : [];
    const buckets = planBuckets(subject.interval, report.period, report.zone, shifts);
    const table = await BucketSumTable.read(
      report.rollups,
      report.companyId,
      report.devices.map((d) => d.id),
      buckets,
    );
    for (const [done, device] of report.devices.entries()) {
      await sink.section({ title: device.name, columns: COLUMNS_OF_DEVICE_EFFICIENCY, totals: true });
      const total = noSums();
      const rows: ReportCell[][] = buckets.map((bucket, index) => {
        const sums = table.of(index, device.id);
        addSums(total, sums);
        return [bucket.label, ...sumCells(sums)];
      });
      rows.push([null, ...sumCells(total)]);
      await sink.rows(rows);
      await sink.progress((done + 1) / report.devices.length);
    }
    return { empty: !table.hasReadings() };
  },
};
