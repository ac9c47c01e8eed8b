import { efficiencyPercent } from '@gearwatch/contracts';
import type { FactoryShiftChartItem } from '@gearwatch/contracts';
import { RollupRepository } from '../../rollups/repository.ts';
import { shiftChartData } from '../../rollups/shift-chart.ts';
import type { ReportBuilder } from '../model.ts';
import { WINDOW_COLUMNS, reportShifts, reportColumn, reportRange, seconds } from './report-windows.ts';
import { selectedDevices } from './selected-devices.ts';

/**
 * The shift chart report: per device, the period's totals in each production shift, and the device's total over all
 * shifts last; then the same for all the devices together. The numbers are the factory shift chart's
 * (diagnostics/shift-chart.ts), computed by the same function, so the chart on screen and this report agree.
 */

const COLUMNS = [
  WINDOW_COLUMNS.shift,
  reportColumn('work', 'reports.column.work', 'duration'),
  reportColumn('activity', 'reports.column.activity', 'duration'),
  reportColumn('efficiency', 'reports.column.efficiency', 'percent'),
  reportColumn('counter', 'reports.column.counter', 'number'),
];

/** The all-devices section's title: a translation key (`reports.section.*`), unlike a section named after a device. */
export const ALL_DEVICES_SECTION_TITLE = 'reports.section.all-devices';

export const shiftChartReport: ReportBuilder = {
  type: 'device-work-shift-chart',
  async write(db, scope, subject, sink) {
    const range = reportRange(subject);
    const devices = await selectedDevices(db, scope, subject);
    const shifts = await reportShifts(db, scope.companyId);
    const rollups = new RollupRepository(db);
    const entries = await shiftChartData(rollups, devices, shifts, range);
    await sink.progress(0.5);
    const cells = (item: FactoryShiftChartItem) => {
      const [work, active] = [seconds(item.workSum), seconds(item.activeSum)];
      return [work, active, efficiencyPercent(work, active), item.counterSum];
    };
    // Each entry's items are its shifts, then its summary (the last item): the section's totals row.
    for (const [i, entry] of entries.entries()) {
      const title = i === entries.length - 1 ? ALL_DEVICES_SECTION_TITLE : entry.name;
      const shiftRows = entry.items.slice(0, -1).map((item) => [item.name, ...cells(item)]);
      await sink.section({ title, columns: COLUMNS, totals: true });
      await sink.rows([...shiftRows, [null, ...cells(entry.items.at(-1)!)]]);
    }
    await sink.progress(1);
    const empty = !(await rollups.hasWorkReadings(
      scope.companyId,
      devices.map((d) => d.id),
      range.from,
      range.to,
    ));
    return { empty };
  },
};
