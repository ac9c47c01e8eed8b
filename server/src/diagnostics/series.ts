import { EFFICIENCY_PARAMETER_NAME, EFFICIENCY_UNIT, PARAMETER_NUMBERS, efficiencyPercent } from '@gearwatch/contracts';
import type { DiagnosticsUnit, ParameterAggregation } from '@gearwatch/contracts';
import type { Aggregate, ShiftPlan, TimePlan } from './buckets.ts';
import { aggregateValue } from './buckets.ts';
import type { AggregateRow, DeviceSubject, DiagnosticsRepository, SeriesSelection, TypeParameter } from './repository.ts';
import { ZoneClock } from './zone-clock.ts';

/** Aggregates of each device parameter, indexed by category; cells without data stay empty. */
export class AggregateGrid {
  private readonly cells = new Map<string, (Aggregate | undefined)[]>();

  constructor(readonly size: number) {}

  set(deviceId: number, number: number, index: number, aggregate: Aggregate): void {
    const key = `${deviceId}:${number}`;
    let row = this.cells.get(key);
    if (!row) this.cells.set(key, (row = new Array<Aggregate | undefined>(this.size).fill(undefined)));
    row[index] = aggregate;
  }

  /** One value per category as the aggregation asks for; null where nothing was stored. */
  values(deviceId: number, number: number, aggregation: ParameterAggregation): (number | null)[] {
    const row = this.cells.get(`${deviceId}:${number}`);
    if (!row) return new Array<number | null>(this.size).fill(null);
    return row.map((cell) => (cell ? aggregateValue(aggregation, cell) : null));
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
export function seriesValues(grid: AggregateGrid, catalogue: ParameterCatalogue, device: DeviceSubject, number: number): (number | null)[] {
  if (number !== PARAMETER_NUMBERS.efficiency) return grid.values(device.id, number, catalogue.aggregationOf(device.deviceTypeId, number));
  const work = grid.values(device.id, PARAMETER_NUMBERS.work, catalogue.aggregationOf(device.deviceTypeId, PARAMETER_NUMBERS.work));
  const active = grid.values(device.id, PARAMETER_NUMBERS.active, catalogue.aggregationOf(device.deviceTypeId, PARAMETER_NUMBERS.active));
  return work.map((w, i) => efficiencyPercent(w, active[i]));
}

export function selectionOf(devices: DeviceSubject[], numbers: number[]): SeriesSelection {
  return { companyIds: [...new Set(devices.map((d) => d.companyId))], deviceIds: devices.map((d) => d.id), numbers };
}

function fill(grid: AggregateGrid, rows: AggregateRow[], indexOf: (key: string) => number | undefined): void {
  for (const row of rows) {
    const index = indexOf(row.key);
    if (index !== undefined) grid.set(row.deviceId, row.number, index, row);
  }
}

/** Reads the rollup level a plan needs: 5 minutes, hours, or days (also summed into months and years). */
export async function readTimeGrid(repository: DiagnosticsRepository, plan: TimePlan, selection: SeriesSelection): Promise<AggregateGrid> {
  const rows =
    plan.interval === '5min' || plan.interval === 'hour'
      ? await repository.bucketRows(plan.interval, selection, plan.start, plan.end)
      : await repository.dayRows(plan.interval, selection, plan.range.from, plan.range.to);
  const grid = new AggregateGrid(plan.categories.length);
  fill(grid, rows, (key) => plan.index.get(key));
  return grid;
}

export interface ShiftGrids {
  /** By shift position. */
  shifts: Map<number, AggregateGrid>;
  /** Per date over all the date's shift windows. */
  total: AggregateGrid;
}

export async function readShiftGrids(repository: DiagnosticsRepository, plan: ShiftPlan, selection: SeriesSelection): Promise<ShiftGrids> {
  const rows = await repository.shiftRows(selection, plan.windows);
  const size = plan.categories.length;
  const grids: ShiftGrids = { shifts: new Map(plan.shifts.map((s) => [s.position, new AggregateGrid(size)])), total: new AggregateGrid(size) };
  for (const row of rows) {
    const [day, position] = row.key.split(':') as [string, string];
    const grid = position === 'all' ? grids.total : grids.shifts.get(Number(position));
    grid?.set(row.deviceId, row.number, Number(day), row);
  }
  return grids;
}

const clocks = new Map<string, ZoneClock>();
/** One clock per timezone for the process: its offset cache then serves every request. */
export function clockFor(timezone: string): ZoneClock {
  let clock = clocks.get(timezone);
  if (!clock) clocks.set(timezone, (clock = new ZoneClock(timezone)));
  return clock;
}

/** Rows looked up by id, put back in the order the ids were asked for. */
export function inRequestOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
