import { PARAMETER_NUMBERS, efficiencyPercent } from '@gearwatch/contracts';
import type { ReportCell } from '@gearwatch/contracts';
import { planShifts } from '../../rollups/plans.ts';
import { RollupRepository } from '../../rollups/repository.ts';
import { ParameterCatalogue, readShiftGrids, selectionOf } from '../../rollups/series.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportBuilder } from '../model.ts';
import { WINDOW_COLUMNS, reportShifts, reportColumn, reportRange, seconds } from './report-windows.ts';
import { selectedDevices } from './selected-devices.ts';

/**
 * The shift report: a section per device with a row per date and production shift (work, active, efficiency,
 * counter) and the device's totals last. Cells come from the same shift grids as the diagnostics by shifts: the
 * shift rollup, or for overlapping shifts the hour / 5-minute rollup grouped into the windows; a night shift belongs
 * to the date it starts on. A device's totals count each 5-minute bucket once, also where shifts overlap. The report
 * is by shifts whatever its interval.
 */

const COLUMNS = [
  WINDOW_COLUMNS.date,
  WINDOW_COLUMNS.shift,
  reportColumn('work', 'reports.column.work', 'duration'),
  reportColumn('activity', 'reports.column.activity', 'duration'),
  reportColumn('efficiency', 'reports.column.efficiency', 'percent'),
  reportColumn('counter', 'reports.column.counter', 'number'),
];
const NUMBERS = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active, PARAMETER_NUMBERS.counter];
/** Devices read per query: a year of shifts for this many devices is a few thousand values per series. */
const DEVICES_PER_READ = 10;

/** Work, active, efficiency and counter cells. */
function measureCells(work: number, active: number, counter: number): ReportCell[] {
  return [seconds(work), seconds(active), efficiencyPercent(seconds(work), seconds(active)), counter];
}

const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);

export const deviceShiftReport: ReportBuilder = {
  type: 'device-work-device-shift',
  async write(db, scope, subject, sink) {
    const repository = new RollupRepository(db);
    const range = reportRange(subject);
    const devices = await selectedDevices(db, scope, subject);
    const plan = planShifts(range, await reportShifts(db, scope.companyId), timeZone(scope.timezone));
    const catalogue = new ParameterCatalogue(await repository.parametersOfTypes([...new Set(devices.map((d) => d.deviceTypeId))]));
    for (let first = 0; first < devices.length; first += DEVICES_PER_READ) {
      const chunk = devices.slice(first, first + DEVICES_PER_READ);
      const grids = await readShiftGrids(repository, plan, selectionOf(chunk, NUMBERS, catalogue), scope.companyId);
      for (const device of chunk) {
        const rows: ReportCell[][] = [];
        plan.categories.forEach((date, day) => {
          for (const shift of plan.shifts) {
            const [work, active, counter] = NUMBERS.map((n) => grids.shifts.get(shift.position)!.values(device.id, n)[day] ?? 0) as [number, number, number];
            rows.push([date, shift.name, ...measureCells(work, active, counter)]);
          }
        });
        const [work, active, counter] = NUMBERS.map((n) => sum(grids.total.values(device.id, n))) as [number, number, number];
        await sink.section({ title: device.name, columns: COLUMNS, totals: true });
        await sink.rows([...rows, [null, null, ...measureCells(work, active, counter)]]);
      }
      await sink.progress(Math.min(first + DEVICES_PER_READ, devices.length) / devices.length);
    }
    const empty = !(await repository.hasWorkReadings(
      scope.companyId,
      devices.map((d) => d.id),
      range.from,
      range.to,
    ));
    return { empty };
  },
};
