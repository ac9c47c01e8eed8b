import type { ReportCell } from '@gearwatch/contracts';
import type { WorkSums } from '../../rollups/work-repository.ts';
import type { ReportBuilder } from '../model.ts';
import { ALL_DEVICES_SECTION_TITLE, COLUMNS } from './support/columns.ts';
import { openDeviceReport } from './support/context.ts';
import { planBuckets } from './support/periods.ts';
import { BucketSumTable, addSums, noSums, sumCells } from './support/sums.ts';

const COLUMNS_OF_EFFICIENCY = [COLUMNS.period, COLUMNS.devicesWorked, COLUMNS.work, COLUMNS.active, COLUMNS.efficiency, COLUMNS.counter];

/**
 * Efficiency report: per selected device group, then for all selected devices together, one row per interval bucket
 * with how many of the devices worked (work above zero) in it and their summed work, active time, efficiency and
 * counter; the last row of each section is the period's totals (its device count: devices that worked at all).
 * Selecting devices only gives the all-devices section alone.
 */
export const efficiencyReport: ReportBuilder = {
  type: 'efficiency-report',
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
    const sections = [
      ...report.groups.map((g) => ({ title: g.name, deviceIds: g.deviceIds })),
      { title: ALL_DEVICES_SECTION_TITLE, deviceIds: report.devices.map((d) => d.id) },
    ];
    for (const section of sections) {
      await sink.section({ title: section.title, columns: COLUMNS_OF_EFFICIENCY, totals: true });
      const total = noSums();
      const workedAtAll = new Set<number>();
      const rows: ReportCell[][] = buckets.map((bucket, index) => {
        const sums = noSums();
        let worked = 0;
        for (const deviceId of section.deviceIds) {
          const cell: WorkSums = table.of(index, deviceId);
          addSums(sums, cell);
          if (cell.work > 0) {
            worked += 1;
            workedAtAll.add(deviceId);
          }
        }
        addSums(total, sums);
        return [bucket.label, worked, ...sumCells(sums)];
      });
      rows.push([null, workedAtAll.size, ...sumCells(total)]);
      await sink.rows(rows);
    }
    await sink.progress(1);
    return { empty: !table.hasReadings() };
  },
};
