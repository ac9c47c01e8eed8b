import { PRODUCTION_LIVE, PRODUCTION_PARAMETERS, efficiencyPercent, productionValueKindOf } from '@gearwatch/contracts';
import type { ProductionLineState, ProductionLineStatus, ProductionOee } from '@gearwatch/contracts';
import type { LineAggregate } from '../../rollups/line-sums-repository.ts';
import type { Period } from './period.ts';

export interface LineDefinition {
  label: string;
  deviceId: number | null;
  deviceName: string | null;
  param: number;
  paramName: string;
  unit: string | null;
  goal: number;
  /** device_state.last_work_at: the newest reading with work (parameter 1 > 0). */
  lastWorkAt: Date | null;
}

export interface LineContext {
  period: Period;
  now: number;
  /** Now is inside one of the company's shifts. */
  inShift: boolean;
  /** Shift time inside [period start, now], milliseconds. */
  plannedMs: number;
}

/** The line's value in the goal's unit: percent (rounded), minutes, or the counter's sum; null without data. */
export function lineValue(param: number, aggregate: LineAggregate | undefined): number | null {
  if (!aggregate) return null;
  if (param === PRODUCTION_PARAMETERS.efficiency) {
    if (aggregate.work === null && aggregate.active === null) return null;
    return efficiencyPercent(aggregate.work ?? 0, aggregate.active ?? 0);
  }
  if (aggregate.valueSum === null) return null;
  return productionValueKindOf(param) === 'minutes' ? aggregate.valueSum / 60 : aggregate.valueSum;
}

/**
 * A line's standing (contracts PRODUCTION_LINE_STATUSES, docs/production.md): no data is grey, never red; a machine
 * without work for PRODUCTION_LIVE.stoppedAfterSeconds inside a shift is blue whatever its numbers; otherwise the
 * value against the pace.
 */
export function lineStatus(value: number | null, pace: number, lastWorkAt: Date | null, context: LineContext): ProductionLineStatus {
  if (value === null) return 'no-data';
  if (context.inShift && (lastWorkAt === null || context.now - lastWorkAt.getTime() > PRODUCTION_LIVE.stoppedAfterSeconds * 1000)) return 'stopped';
  if (value >= pace) return 'on-pace';
  if (value >= pace * (1 - PRODUCTION_LIVE.behindTolerance)) return 'behind';
  return 'far-behind';
}

/**
 * OEE of a counter line for the period so far (docs/production.md "OEE"): planned = shift time inside [period
 * start, now] (the shift model has no breaks); run = work inside it; the ideal rate spreads the goal over the
 * period's hours. availability = run / planned; performance = count in planned time / (ideal rate × run hours),
 * capped at 1 (a goal is a target, not the machine's ideal cycle: beating it is shown as 100 %); quality = 1 (no
 * reject counts yet). A factor is null when undefined (no planned time, no run, a goal of 0, no data).
 */
export function lineOee(goal: number, aggregate: LineAggregate | undefined, value: number | null, context: LineContext): ProductionOee {
  const plannedSeconds = context.plannedMs / 1000;
  const runSeconds = value === null || !aggregate ? 0 : Math.min(aggregate.plannedWork, plannedSeconds);
  const availability = value === null || plannedSeconds <= 0 ? null : runSeconds / plannedSeconds;
  const periodHours = (context.period.end - context.period.start) / 3_600_000;
  const idealPerHour = goal / periodHours;
  const performance =
    value === null || !aggregate || runSeconds <= 0 || idealPerHour <= 0 ? null : Math.min(1, aggregate.plannedCount / (idealPerHour * (runSeconds / 3600)));
  const quality = value === null ? null : 1;
  const oee = availability === null || performance === null || quality === null ? null : availability * performance * quality;
  return { availability, performance, quality, oee, plannedSeconds, runSeconds };
}

/** Everything the screen shows of one line. */
export function lineState(line: LineDefinition, aggregate: LineAggregate | undefined, context: LineContext): ProductionLineState {
  const valueKind = productionValueKindOf(line.param);
  const value = line.deviceId === null ? null : lineValue(line.param, aggregate);
  const length = context.period.end - context.period.start;
  const elapsed = Math.max(0, context.now - context.period.start);
  const isEfficiency = line.param === PRODUCTION_PARAMETERS.efficiency;
  const pace = isEfficiency ? line.goal : (line.goal * elapsed) / length;
  const projection = value === null ? null : isEfficiency ? value : elapsed > 0 ? (value * length) / elapsed : value;
  return {
    label: line.label,
    deviceId: line.deviceId,
    deviceName: line.deviceName,
    param: line.param,
    paramName: line.paramName,
    valueKind,
    unit: line.unit,
    goal: line.goal,
    value,
    pace,
    projection,
    status: lineStatus(value, pace, line.lastWorkAt, context),
    lastDataAt: value === null || !aggregate?.lastTs ? null : aggregate.lastTs.toISOString(),
    oee: valueKind === 'count' ? lineOee(line.goal, line.deviceId === null ? undefined : aggregate, value, context) : null,
  };
}
