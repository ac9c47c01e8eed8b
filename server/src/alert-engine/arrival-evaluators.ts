import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { AlertCondition } from '@gearwatch/contracts';
import { compare, placeOf, withinLimits } from './conditions.ts';
import type { TimeLimits } from './conditions.ts';
import type { PositionPoint, ReadingPoint, SessionSpan } from './data-repository.ts';
import { allConditions } from './timeline.ts';
import type { Observation } from './timeline.ts';
import { operatorSymbol } from './rules.ts';
import type { ParameterNames, ParsedRule } from './rules.ts';
import { MINUTE_MS } from '../time/calendar.ts';

/** The longest period a work reading reports (the 5-minute slots of a module's history). */
export const READING_PERIOD_MS = 5 * MINUTE_MS;
/** Work without operator ends with a card applied, or after this long without uncovered work (the run is over). */
export const WORK_PAUSE_MS = 30 * MINUTE_MS;
/** A geofence alert ends only once the truck has been clear this long: driving along the edge is one alert, not many. */
const GEOFENCE_SETTLE_MS = 10 * MINUTE_MS;
/**
 * How far before new data an arrival evaluation reads for the rules that end after a quiet time (work without
 * operator, geolocation): the last breach before the new data dates the quiet.
 */
export const QUIET_LOOKBACK_MS = Math.max(WORK_PAUSE_MS, GEOFENCE_SETTLE_MS);

/** The data of one device over an arrival's range, with what held just before it. */
export interface ArrivalData {
  readings: ReadingPoint[];
  /** Each parameter's last reading before the range (a condition's state when it starts). */
  before: ReadingPoint[];
  positions: PositionPoint[];
  sessions: SessionSpan[];
}

/** The parameters an arrival rule reads. */
export function arrivalParameters(rule: ParsedRule): number[] {
  if (rule.type === 'work-without-operator') return [PARAMETER_NUMBERS.work];
  if (rule.type === 'value' || rule.type === 'charging') return rule.conditions.map((c) => (c as AlertCondition<'value'>).variable);
  return [];
}

/** The observations of an arrival rule (authentication, work without operator, value, geolocation, charging). */
export function arrivalObservations(rule: ParsedRule, deviceId: number, data: ArrivalData, names: ParameterNames): Observation[] {
  switch (rule.type) {
    case 'value':
    case 'charging':
      return valueObservations(rule, deviceId, data, names);
    case 'geolocation':
      return allConditions(rule.conditions.map((c) => geofenceObservations(rule, c as AlertCondition<'geolocation'>, data.positions)));
    case 'authentication':
      return authenticationObservations(data.sessions);
    case 'work-without-operator':
      return workWithoutOperatorObservations(data);
    default:
      return [];
  }
}

function valueObservations(rule: ParsedRule, deviceId: number, data: ArrivalData, names: ParameterNames): Observation[] {
  const series: Observation[][] = [];
  const initial: (boolean | undefined)[] = [];
  for (const raw of rule.conditions) {
    const condition = raw as AlertCondition<'value'>;
    const limits: TimeLimits = condition;
    const observe = (r: ReadingPoint): Observation => ({
      at: r.ts.getTime(),
      breach: compare(r.value, condition.operator, condition.argument),
      params:
        rule.type === 'charging'
          ? { value: r.value, unit: names.unit(deviceId, r.parameter), operator: operatorSymbol(condition.operator), argument: condition.argument }
          : {
              parameter: names.name(deviceId, r.parameter),
              value: r.value,
              unit: names.unit(deviceId, r.parameter),
              operator: operatorSymbol(condition.operator),
              argument: condition.argument,
            },
    });
    const counted = (r: ReadingPoint) => r.parameter === condition.variable && withinLimits(limits, rule.zone, r.ts.getTime());
    series.push(data.readings.filter(counted).map(observe));
    const before = data.before.find(counted);
    initial.push(before ? observe(before).breach : undefined);
  }
  return allConditions(series, initial);
}

function geofenceObservations(rule: ParsedRule, condition: AlertCondition<'geolocation'>, positions: PositionPoint[]): Observation[] {
  const polygon = condition.polygon as [number, number][];
  const out: Observation[] = [];
  for (const p of positions) {
    const at = p.ts.getTime();
    if (!withinLimits(condition, rule.zone, at)) continue;
    const place = placeOf(polygon, p.lat, p.lon, p.accuracy);
    // A fix whose circle crosses the boundary neither breaches nor clears.
    if (place === 'uncertain') continue;
    const breach = condition.geofence === 'leave' ? place === 'outside' : place === 'inside';
    out.push({
      at,
      breach,
      endsAfterQuietMs: breach ? undefined : GEOFENCE_SETTLE_MS,
      params: { geofence: condition.geofence, lat: p.lat, lon: p.lon, accuracy: p.accuracy },
    });
  }
  return out;
}

/** A card no operator of the company carries (a session with no operator) breaches from its start to its end. */
function authenticationObservations(sessions: SessionSpan[]): Observation[] {
  const out: Observation[] = [];
  for (const s of sessions) {
    const unknown = s.operatorId === null;
    out.push({ at: s.startedAt.getTime(), breach: unknown, params: { rfid: s.rfid } });
    if (s.endedAt) out.push({ at: s.endedAt.getTime(), breach: false });
  }
  return out;
}

/**
 * Work (parameter 1 > 0) while no card is applied breaches; work with a card or a card applied clears, and so does a
 * reading of no work once the machine has stood WORK_PAUSE_MS (a pause between lifts is not the end of the run). A work reading reports the seconds worked in the period starting at its time (a minute live, five
 * minutes in a module's history), where in that period is not known: it is "with a card" when a card was applied at
 * any moment of the 5 minutes from its time. `minutes` counts from the alert's start to the end of the reading's work.
 */
function workWithoutOperatorObservations(data: ArrivalData): Observation[] {
  const covered = (from: number, to: number) => data.sessions.some((s) => s.startedAt.getTime() <= to && (s.endedAt === null || s.endedAt.getTime() > from));
  const out: Observation[] = [];
  for (const r of data.readings) {
    if (r.parameter !== PARAMETER_NUMBERS.work) continue;
    const at = r.ts.getTime();
    const breach = r.value > 0 && !covered(at, at + READING_PERIOD_MS);
    // A reading of no work ends the alert only after a pause that long; work with a card ends it at once.
    const endsAfterQuietMs = r.value > 0 ? undefined : WORK_PAUSE_MS;
    out.push({ at, breach, endsAfterQuietMs, params: (startedAt: number) => ({ minutes: (at - startedAt) / MINUTE_MS + r.value / 60 }) });
  }
  for (const s of data.sessions) out.push({ at: s.startedAt.getTime(), breach: false });
  return out;
}
