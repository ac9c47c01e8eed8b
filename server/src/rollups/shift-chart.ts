import { FACTORY_SUMMARY_NAME, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { FactoryShiftChartItem, FactoryShiftChartResponse } from '@gearwatch/contracts';
import { timeZone } from '../time/time-zone.ts';
import type { DateRange, ShiftDefinition, ShiftPlan } from './plans.ts';
import { planShifts } from './plans.ts';
import type { DeviceSubject, RollupRepository, SeriesSelection } from './repository.ts';
import type { ValueGrid } from './series.ts';
import { ParameterCatalogue, canReadShiftRollup, readShiftGrids, selectionOf } from './series.ts';

/**
 * The shift chart's numbers (spec 02 §3 "Factory report"): per device, the sums of work, active and counter in each
 * shift over the range and over all shifts, then the same for all devices together. One computation serves the
 * factory report call and the shift chart report (server/src/reports/builders/shift-chart.ts), so both agree.
 */

const WORK_NUMBERS = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active, PARAMETER_NUMBERS.counter];

/**
 * Devices of one company (its shifts and time zone apply to all of them): one entry per device, then one named
 * FACTORY_SUMMARY_NAME for all of them; each entry's items are the shifts in position order and a summary item.
 * `until` (epoch ms) ends every window there: a window starting after it counts nothing (a summary's previous period
 * cut where the running one stands, server/src/summaries/periods.ts).
 */
export async function shiftChartData(
  repository: RollupRepository,
  devices: DeviceSubject[],
  shifts: ShiftDefinition[],
  range: DateRange,
  until?: number,
): Promise<FactoryShiftChartResponse['data']> {
  if (devices.length === 0) return [];
  const companyId = devices[0]!.companyId;
  const catalogue = new ParameterCatalogue(await repository.parametersOfTypes([...new Set(devices.map((d) => d.deviceTypeId))]));
  const plan = cutShifts(planShifts(range, shifts, timeZone(devices[0]!.timezone)), until);
  const selection = selectionOf(devices, WORK_NUMBERS, catalogue);
  const totals =
    until === undefined && canReadShiftRollup(plan, selection, companyId)
      ? await rollupTotals(repository, selection, range.from, range.to)
      : await gridTotals(repository, plan, selection, until === undefined ? companyId : null);
  const itemOf = (name: string, position: number | null, of: DeviceSubject[]): FactoryShiftChartItem => ({
    name,
    workSum: totals(of, PARAMETER_NUMBERS.work, position),
    activeSum: totals(of, PARAMETER_NUMBERS.active, position),
    counterSum: totals(of, PARAMETER_NUMBERS.counter, position),
  });
  const itemsOf = (of: DeviceSubject[]) => [...plan.shifts.map((s) => itemOf(s.name, s.position, of)), itemOf(FACTORY_SUMMARY_NAME, null, of)];
  return [...devices.map((device) => ({ name: device.name, items: itemsOf([device]) })), { name: FACTORY_SUMMARY_NAME, items: itemsOf(devices) }];
}

/** The plan's windows ended at `until`, those starting after it left out (they have not begun by then). */
function cutShifts(plan: ShiftPlan, until: number | undefined): ShiftPlan {
  if (until === undefined) return plan;
  const windows = plan.windows.filter((w) => w.start.getTime() < until).map((w) => ({ ...w, end: new Date(Math.min(w.end.getTime(), until)) }));
  return { ...plan, windows };
}

/** The sum of a number's stored values over the range for some devices, in one shift or (null) all of them. */
type ShiftTotals = (devices: DeviceSubject[], number: number, position: number | null) => number;

/** Totals from the shift rollup: one row per device, number and shift; a device's summary is its shifts' sum. */
async function rollupTotals(repository: RollupRepository, selection: SeriesSelection, from: string, to: string): Promise<ShiftTotals> {
  const sums = new Map<string, number>();
  for (const row of await repository.shiftTotals(selection, from, to)) {
    sums.set(`${row.deviceId}:${row.number}:${row.position}`, row.sum);
    sums.set(`${row.deviceId}:${row.number}:all`, (sums.get(`${row.deviceId}:${row.number}:all`) ?? 0) + row.sum);
  }
  return (devices, number, position) => devices.reduce((sum, d) => sum + (sums.get(`${d.id}:${number}:${position ?? 'all'}`) ?? 0), 0);
}

/** Totals of the per-date shift grids (overlapping shifts: a date's summary counts each bucket once). */
async function gridTotals(repository: RollupRepository, plan: ShiftPlan, selection: SeriesSelection, companyId: number | null): Promise<ShiftTotals> {
  const grids = await readShiftGrids(repository, plan, selection, companyId);
  return (devices, number, position) => total(position === null ? grids.total : grids.shifts.get(position)!, devices, number);
}

/** The sum of the raw values of a parameter over every date of a grid and the given devices. */
function total(grid: ValueGrid, devices: DeviceSubject[], number: number): number {
  let sum = 0;
  for (const device of devices) for (const value of grid.values(device.id, number)) sum += value ?? 0;
  return sum;
}
