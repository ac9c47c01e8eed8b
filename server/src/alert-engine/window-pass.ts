import type { AlertDateInterval } from '@gearwatch/contracts';
import type { AlertCondition } from '@gearwatch/contracts';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { AlertDataRepository } from './data-repository.ts';
import type { WindowSum } from '../rollups/bucket-repository.ts';
import type { EngineAlertsRepository, AlertSubject } from './engine-alerts-repository.ts';
import { stateKey } from './engine-alerts-repository.ts';
import { AlertWriter } from './alert-writer.ts';
import type { WriteCounts } from './alert-writer.ts';
import { hasLimits } from './conditions.ts';
import type { TimeLimits } from './conditions.ts';
import { foldObservations } from './timeline.ts';
import type { AlertState, MessageParams, Observation } from './timeline.ts';
import { windowContaining, windowsBetween } from './windows.ts';
import type { Window } from './windows.ts';
import type { TimeZone } from '../time/time-zone.ts';
import { DAY_MS, isoWeekday } from '../time/calendar.ts';

/** How far back a rule or requirement is ever caught up. */
export const CATCH_UP_MS = 90 * DAY_MS;
/** Windows evaluated per subject in one pass; a longer catch-up continues in the next pass. */
const WINDOWS_PER_PASS = 3000;

/** One windowed subject: a rule, or the requirements. */
export interface WindowSubject {
  key: string;
  subject: AlertSubject;
  zone: TimeZone;
  interval: AlertDateInterval;
  limits: TimeLimits;
  parameters: number[];
  deviceIds: number[];
  /** Evaluation starts here for a device without a cursor (the rule's creation, at most 90 days back). */
  since: number;
  /** The outcome of a window, or null when it does not count (no data). */
  outcome(
    deviceId: number,
    window: Window,
    sums: (p: number) => number | undefined,
    previous: (p: number) => number | undefined,
  ): { breach: boolean; params: MessageParams } | null;
}

/**
 * Evaluates the closed windows of a subject on its devices, from each device's cursor up to the last window that
 * ended before both now and the module's last contact: while a module is offline, its windows wait for its data
 * instead of counting as empty. Each window's outcome is stored per (subject, device, window); a window evaluated
 * again (late data rewound the cursor) is applied only if it newly breaches, so nothing counts twice. Returns
 * whether windows remain (the catch-up continues).
 */
export async function evaluateWindows(
  subject: WindowSubject,
  now: number,
  repositories: { alerts: EngineAlertsRepository; data: AlertDataRepository },
  counts: WriteCounts,
): Promise<boolean> {
  const { alerts, data } = repositories;
  if (subject.deviceIds.length === 0) return false;
  const cursors = await alerts.cursors(subject.key, subject.deviceIds);
  const contacts = await data.lastContacts(subject.deviceIds);
  const floor = Math.max(subject.since, now - CATCH_UP_MS);
  const ranges = new Map<number, { from: number; until: number }>();
  for (const deviceId of subject.deviceIds) {
    const contact = contacts.get(deviceId);
    if (!contact) continue;
    const from = Math.max(cursors.get(deviceId)?.getTime() ?? floor, floor - DAY_MS * 31);
    const until = Math.min(now, contact.getTime());
    if (until > from) ranges.set(deviceId, { from, until });
  }
  if (ranges.size === 0) return false;
  const from = Math.min(...[...ranges.values()].map((r) => r.from));
  const until = Math.max(...[...ranges.values()].map((r) => r.until));
  const windows = windowsBetween(subject.interval, subject.zone, from, until, WINDOWS_PER_PASS);
  if (windows.length === 0) return false;
  const previous = windowContaining(subject.interval, subject.zone, windows[0]!.start - 1);
  const all = [previous, ...windows];
  const sums = indexSums(await data.windowSums([...ranges.keys()], subject.parameters, all, subject.zone.name, subject.limits, hasLimits(subject.limits)));
  const results = await alerts.windowResults(subject.key, [...ranges.keys()], new Date(windows[0]!.start));
  const states = await alerts.states([subject.subject.ruleId], [...ranges.keys()]);
  const writer = new AlertWriter(alerts);
  const outcomes: { deviceId: number; start: number; breached: boolean }[] = [];
  for (const [deviceId, range] of ranges) {
    const state: AlertState = states.get(stateKey(subject.subject.ruleId, deviceId)) ?? { open: null, coveredUntil: -Infinity };
    const observations: Observation[] = [];
    let evaluatedUntil: number | null = null;
    for (let i = 1; i < all.length; i++) {
      const window = all[i]!;
      if (window.end <= range.from || window.end > range.until) continue;
      evaluatedUntil = window.end;
      const outcome = subject.outcome(
        deviceId,
        window,
        (p) => sums.get(`${deviceId}:${p}:${i}`),
        (p) => sums.get(`${deviceId}:${p}:${i - 1}`),
      );
      if (!outcome) continue;
      const before = results.get(`${deviceId}:${window.start}`);
      if (before === true || (before === false && !outcome.breach)) continue;
      outcomes.push({ deviceId, start: window.start, breached: outcome.breach });
      if (outcome.breach && window.start <= state.coveredUntil) {
        // Late data made a window breach that lies behind alerts already written: its own, ended alert.
        if (before === false) {
          await alerts.insertEnded(subject.subject, deviceId, new Date(window.start), new Date(window.end), outcome.params);
          counts.opened++;
        }
        continue;
      }
      observations.push({ at: window.start, breach: outcome.breach, params: outcome.params });
    }
    const { actions } = foldObservations(state, observations, 1);
    await writer.apply(subject.subject, deviceId, state, actions, counts);
    if (evaluatedUntil !== null) await alerts.setCursor(subject.key, deviceId, new Date(evaluatedUntil));
  }
  await alerts.saveWindowResults(subject.key, outcomes);
  return windows.length >= WINDOWS_PER_PASS;
}

function indexSums(rows: WindowSum[]): Map<string, number> {
  return new Map(rows.map((row) => [`${row.deviceId}:${row.parameter}:${row.window}`, row.sum]));
}

/** Requirements: per ISO weekday, minutes of work and of activity; a day below either breaches. */
export interface RequirementDay {
  workMinutes: number | null;
  activeMinutes: number | null;
}

/**
 * The outcome of one company day against a device's requirements for its weekday: null when the weekday requires
 * nothing or the day has no data at all (no data is not zero).
 */
export function requirementOutcome(
  zone: TimeZone,
  requirement: RequirementDay | undefined,
  window: Window,
  sums: (p: number) => number | undefined,
): { breach: boolean; params: MessageParams } | null {
  if (!requirement || (requirement.workMinutes === null && requirement.activeMinutes === null)) return null;
  const work = sums(PARAMETER_NUMBERS.work);
  const active = sums(PARAMETER_NUMBERS.active);
  if (work === undefined && active === undefined) return null;
  const workMinutes = (work ?? 0) / 60;
  const activeMinutes = (active ?? 0) / 60;
  const breach =
    (requirement.workMinutes !== null && workMinutes < requirement.workMinutes) ||
    (requirement.activeMinutes !== null && activeMinutes < requirement.activeMinutes);
  const day = zone.format(window.start).slice(0, 10);
  return {
    breach,
    params: { day, workMinutes, requiredWorkMinutes: requirement.workMinutes, activeMinutes, requiredActiveMinutes: requirement.activeMinutes },
  };
}

export const weekdayOf = (zone: TimeZone, window: Window) => isoWeekday(zone.dayOf(window.start));

/** The interval and limits a windowed rule is evaluated on: its first condition's (the others are read over them). */
export function windowSettings(condition: AlertCondition): { interval: AlertDateInterval; limits: TimeLimits } {
  const c = condition as AlertCondition<'effective-work-time'>;
  return { interval: c.date_interval, limits: { fromHour: c.fromHour, toHour: c.toHour, workDays: c.workDays } };
}
