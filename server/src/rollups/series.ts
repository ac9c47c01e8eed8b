import { DIAGNOSTICS_MESSAGE_KEYS, EFFICIENCY_PARAMETER_NAME, EFFICIENCY_UNIT, PARAMETER_NUMBERS, efficiencyPercent } from '@gearwatch/contracts';
import type { DiagnosticsUnit, ParameterAggregation } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import type { ShiftDefinition, ShiftPlan, TimePlan } from './plans.ts';
import { windowsDisjoint } from './plans.ts';
import type { DeviceSubject, RollupRepository, SeriesColumn, SeriesSelection, TypeParameter } from './repository.ts';
import { SHIFT_KEY_STRIDE } from './repository.ts';

/** The values of each device parameter, indexed by category; categories without data stay null. */
export class ValueGrid {
  private readonly cells = new Map<string, (number | null)[]>();

  constructor(readonly size: number) {}

  set(deviceId: number, number: number, index: number, value: number | null): void {
    const key = `${deviceId}:${number}`;
    let row = this.cells.get(key);
    if (!row) this.cells.set(key, (row = new Array<number | null>(this.size).fill(null)));
    row[index] = value;
  }

  /** One value per category; null where nothing was stored. */
  values(deviceId: number, number: number): (number | null)[] {
    return this.cells.get(`${deviceId}:${number}`)?.slice() ?? new Array<number | null>(this.size).fill(null);
  }
}

/** What a parameter number means on one device type (efficiency included). */
export interface ParameterDescription {
  number: number;
  name: string;
  unit: DiagnosticsUnit;
  aggregation: ParameterAggregation;
}

/** The parameters of a set of device types, answering which numbers exist on which type. */
export class ParameterCatalogue {
  private readonly byType = new Map<number, Map<number, TypeParameter>>();

  constructor(parameters: TypeParameter[]) {
    for (const p of parameters) {
      let numbers = this.byType.get(p.deviceTypeId);
      if (!numbers) this.byType.set(p.deviceTypeId, (numbers = new Map()));
      numbers.set(p.number, p);
    }
  }

  /** Efficiency (0) exists where the type has both work (1) and active (2); 10000 never does. */
  describe(deviceTypeId: number, number: number): ParameterDescription | undefined {
    const numbers = this.byType.get(deviceTypeId);
    if (!numbers) return undefined;
    if (number === PARAMETER_NUMBERS.efficiency) {
      if (!numbers.has(PARAMETER_NUMBERS.work) || !numbers.has(PARAMETER_NUMBERS.active)) return undefined;
      return { number, name: EFFICIENCY_PARAMETER_NAME, unit: EFFICIENCY_UNIT, aggregation: 'last' };
    }
    const p = numbers.get(number);
    if (!p || number === PARAMETER_NUMBERS.internal) return undefined;
    return {
      number,
      name: p.name,
      aggregation: p.aggregation,
      unit: { short: p.unitShort ?? '', long: p.unitLong ?? '', min: p.unitMin, max: p.unitMax },
    };
  }

  /** Whether the type has the stored parameter `number` (not the efficiency pseudo-parameter). */
  has(deviceTypeId: number, number: number): boolean {
    return this.byType.get(deviceTypeId)?.has(number) ?? false;
  }

  aggregationOf(deviceTypeId: number, number: number): ParameterAggregation {
    return this.byType.get(deviceTypeId)?.get(number)?.aggregation ?? 'sum';
  }
}

/** The numbers to read for the requested ones: efficiency is computed from work and active. */
export function storedNumbers(requested: Iterable<number>): number[] {
  const numbers = new Set<number>();
  for (const n of requested) {
    if (n === PARAMETER_NUMBERS.efficiency) {
      numbers.add(PARAMETER_NUMBERS.work);
      numbers.add(PARAMETER_NUMBERS.active);
    } else numbers.add(n);
  }
  return [...numbers];
}

/** A series' values from a grid; efficiency per bucket from the device's work and active there. */
export function seriesValues(grid: ValueGrid, device: DeviceSubject, number: number): (number | null)[] {
  if (number !== PARAMETER_NUMBERS.efficiency) return grid.values(device.id, number);
  const work = grid.values(device.id, PARAMETER_NUMBERS.work);
  const active = grid.values(device.id, PARAMETER_NUMBERS.active);
  return work.map((w, i) => efficiencyPercent(w, active[i]));
}

/** The rollup series to read: each device × stored number its type has, with the type's aggregation of it. */
export function selectionOf(devices: DeviceSubject[], numbers: number[], catalogue: ParameterCatalogue): SeriesSelection {
  const series = devices.flatMap((device) =>
    numbers
      .filter((number) => catalogue.has(device.deviceTypeId, number))
      .map((number) => ({ deviceId: device.id, number, aggregation: catalogue.aggregationOf(device.deviceTypeId, number) })),
  );
  return {
    companyIds: [...new Set(devices.map((d) => d.companyId))],
    deviceIds: [...new Set(series.map((s) => s.deviceId))],
    numbers: [...new Set(series.map((s) => s.number))],
    series,
  };
}

function fill(grid: ValueGrid, columns: SeriesColumn[], indexOf: (key: string) => number | undefined): void {
  for (const column of columns) {
    column.keys.forEach((key, i) => {
      const index = indexOf(String(key));
      if (index !== undefined) grid.set(column.deviceId, column.number, index, column.values[i] ?? null);
    });
  }
}

/** Reads the rollup level a plan needs: 5 minutes, hours, or days (also summed into months and years). */
export async function readTimeGrid(repository: RollupRepository, plan: TimePlan, selection: SeriesSelection): Promise<ValueGrid> {
  const grid = new ValueGrid(plan.categories.length);
  if (plan.interval === '5min' || plan.interval === 'hour') {
    // Bucket keys come back in epoch seconds; the plan indexes bucket starts in milliseconds.
    fill(grid, await repository.bucketColumns(plan.interval, selection, plan.start, plan.end), (key) => plan.index.get(`${key}000`));
  } else fill(grid, await repository.dayColumns(plan.interval, selection, plan.range.from, plan.range.to), (key) => plan.index.get(key));
  return grid;
}

export interface ShiftGrids {
  /** By shift position. */
  shifts: Map<number, ValueGrid>;
  /** Per date over all the date's shift windows. */
  total: ValueGrid;
}

/**
 * Whether the shift rollup answers a plan whose windows are the shifts of company `shiftsCompanyId`: when the shifts
 * do not overlap and every device is of that company (the rollup holds each company's own shifts). Null: windows
 * cut short (a summary's previous period, server/src/summaries/periods.ts), which only the bucket rollups answer.
 */
export function canReadShiftRollup(plan: ShiftPlan, selection: SeriesSelection, shiftsCompanyId: number | null): boolean {
  return shiftsCompanyId !== null && windowsDisjoint(plan.windows) && selection.companyIds.every((id) => id === shiftsCompanyId);
}

/**
 * Shift cells and date totals of the plan's windows, which are the shifts of company `shiftsCompanyId`: from the
 * shift rollup when it answers, otherwise grouped from the hour or 5-minute rollup.
 */
export function readShiftColumns(
  repository: RollupRepository,
  plan: ShiftPlan,
  selection: SeriesSelection,
  shiftsCompanyId: number | null,
): Promise<SeriesColumn[]> {
  return canReadShiftRollup(plan, selection, shiftsCompanyId)
    ? repository.shiftCells(selection, plan.categories[0]!, plan.categories.at(-1)!)
    : repository.shiftColumns(selection, plan.windows);
}

/** The production shifts of a company; none defined is the spec's "no shifts defined" (400 on `field`, spec 02 §5). */
export async function companyShifts(repository: Pick<RollupRepository, 'shiftsOf'>, companyId: number, field = 'interval'): Promise<ShiftDefinition[]> {
  const shifts = await repository.shiftsOf(companyId);
  if (shifts.length === 0) throw ValidationError.field(field, DIAGNOSTICS_MESSAGE_KEYS.noShiftsDefined);
  return shifts;
}

export async function readShiftGrids(
  repository: RollupRepository,
  plan: ShiftPlan,
  selection: SeriesSelection,
  shiftsCompanyId: number | null,
): Promise<ShiftGrids> {
  const columns = await readShiftColumns(repository, plan, selection, shiftsCompanyId);
  const size = plan.categories.length;
  const grids: ShiftGrids = { shifts: new Map(plan.shifts.map((s) => [s.position, new ValueGrid(size)])), total: new ValueGrid(size) };
  for (const column of columns) {
    column.keys.forEach((key, i) => {
      const slot = Number(key) % SHIFT_KEY_STRIDE;
      const grid = slot === 0 ? grids.total : grids.shifts.get(slot - 1);
      grid?.set(column.deviceId, column.number, Math.floor(Number(key) / SHIFT_KEY_STRIDE), column.values[i] ?? null);
    });
  }
  return grids;
}

/** Rows looked up by id, put back in the order the ids were asked for. */
export function inRequestOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
