import type { AlertCondition } from '@gearwatch/contracts';
import type { AlertDataRepository } from './data-repository.ts';
import type { EngineAlertsRepository } from './engine-alerts-repository.ts';
import type { AlertHistoryRepository } from './engine-alerts-repository.ts';
import { stateKey } from './engine-alerts-repository.ts';
import { AlertWriter } from './alert-writer.ts';
import type { WriteCounts } from './alert-writer.ts';
import { foldObservations } from './timeline.ts';
import type { AlertState, Observation } from './timeline.ts';
import type { ParameterNames, ParsedRule } from './rules.ts';
import { CATCH_UP_MS } from './window-pass.ts';
import { DAY_MS, MINUTE_MS, parseDate } from '../time/calendar.ts';

export interface TimerRepositories {
  alerts: EngineAlertsRepository;
  data: AlertDataRepository;
  history: AlertHistoryRepository;
}

const emptyState = (): AlertState => ({ open: null, coveredUntil: -Infinity });

/**
 * lastsync: no contact from the device's modules for longer than `argument` minutes. The alert opens at the last
 * contact + argument (the moment the silence became too long), counts one repeat per further `argument` minutes of
 * silence, and ends at the next contact. A device never heard from has no contact to measure from and waits.
 * All devices of all rules are read in one query per pass (a 10,000-device sweep is one read and a few writes).
 */
export async function sweepLastsync(rules: ParsedRule[], now: number, repositories: TimerRepositories, counts: WriteCounts): Promise<void> {
  const { alerts, data } = repositories;
  const deviceIds = [...new Set(rules.flatMap((r) => r.row.deviceIds))];
  if (deviceIds.length === 0) return;
  const contacts = await data.lastContacts(deviceIds);
  const states = await alerts.states(
    rules.map((r) => r.row.id),
    deviceIds,
  );
  const opens: Parameters<EngineAlertsRepository['openMany']>[1] = [];
  const repeats: Parameters<EngineAlertsRepository['repeatMany']>[0] = [];
  const ends: Parameters<EngineAlertsRepository['endMany']>[0] = [];
  rules.forEach((rule, index) => {
    const minutes = Math.min(...rule.conditions.map((c) => (c as AlertCondition<'lastsync'>).argument));
    const span = minutes * MINUTE_MS;
    for (const deviceId of rule.row.deviceIds) {
      const contact = contacts.get(deviceId)?.getTime();
      if (contact === undefined) continue;
      const state = states.get(stateKey(rule.row.id, deviceId)) ?? emptyState();
      const params = { minutes, lastContact: rule.zone.isoWithOffset(contact) };
      const open = state.open;
      if (open) {
        // A contact after the silence began: the module is back.
        if (contact > open.startedAt - span) ends.push({ id: open.id!, at: new Date(contact) });
        else {
          const counter = 1 + Math.floor((now - open.startedAt) / span);
          if (counter > open.counter) repeats.push({ id: open.id!, counter, lastAt: new Date(open.startedAt + (counter - 1) * span), params });
        }
        continue;
      }
      const due = contact + span;
      if (now > due && due > state.coveredUntil) {
        // A silence found late (after a restart) counts the repeats it already made.
        const counter = 1 + Math.floor((now - due) / span);
        opens.push({ subject: index, deviceId, startedAt: new Date(due), lastAt: new Date(due + (counter - 1) * span), counter, params });
      }
    }
  });
  counts.opened += await alerts.openMany(
    rules.map((r) => r.subject),
    opens,
  );
  await alerts.repeatMany(repeats);
  await alerts.endMany(ends);
  counts.repeated += repeats.length;
  counts.ended += ends.length;
}

const FIVE_MINUTES = 5 * MINUTE_MS;

/**
 * lastsync over data already stored (a history backfill, the time the server was down), where no contact times
 * exist: contact is inferred from the data. A gap between two 5-minute buckets of a device's data longer than the
 * argument, starting while the device was active (parameter 2 in the bucket before it), is a silence that ended: a
 * switched-off module reports rarely, so a gap that starts with the device off is not one. Unless an alert already
 * covers it (the live sweep saw it), it is written as an ended alert from the gap's start + argument to the data's
 * return, one occurrence per argument of silence. Per device, a cursor keeps the last bucket read.
 */
export async function lastsyncGaps(rules: ParsedRule[], now: number, repositories: TimerRepositories, counts: WriteCounts): Promise<void> {
  const { alerts, data } = repositories;
  for (const rule of rules) {
    const key = `${rule.key}:gaps`;
    const minutes = Math.min(...rule.conditions.map((c) => (c as AlertCondition<'lastsync'>).argument));
    const span = minutes * MINUTE_MS;
    const cursors = await alerts.cursors(key, rule.row.deviceIds);
    const floor = Math.max(rule.row.activeSince.getTime(), now - CATCH_UP_MS);
    const from = Math.min(floor, ...[...cursors.values()].map((d) => d.getTime()));
    const buckets = await data.dataBuckets(rule.row.deviceIds, new Date(from), new Date(now));
    if (buckets.length === 0) continue;
    const states = await alerts.states([rule.row.id], rule.row.deviceIds);
    const last = new Map<number, number>();
    const lastActive = new Map<number, boolean>();
    for (const { deviceId, bucket, active } of buckets) {
      const start = bucket.getTime();
      const cursor = cursors.get(deviceId)?.getTime() ?? floor;
      if (start < cursor) continue;
      const previous = last.get(deviceId) ?? null;
      const wasActive = lastActive.get(deviceId) ?? false;
      last.set(deviceId, start);
      lastActive.set(deviceId, active);
      if (previous === null || !wasActive) continue;
      const silenceFrom = previous + FIVE_MINUTES;
      const due = silenceFrom + span;
      if (start - silenceFrom <= span) continue;
      const state = states.get(stateKey(rule.row.id, deviceId));
      if (state && due <= state.coveredUntil) continue;
      const counter = 1 + Math.floor((start - due) / span);
      await alerts.insertEnded(
        rule.subject,
        deviceId,
        new Date(due),
        new Date(start),
        { minutes, lastContact: rule.zone.isoWithOffset(silenceFrom) },
        { counter, lastAt: new Date(due + (counter - 1) * span) },
      );
      counts.opened++;
    }
    await alerts.setCursors(
      key,
      [...last].map(([deviceId, at]) => ({ deviceId, until: new Date(at) })),
    );
  }
}

/** Local midnight of the first-alarm date plus n periods of the rule (calendar days, weeks or months). */
function dueTime(rule: ParsedRule, condition: AlertCondition<'periodic'>, n: number): number {
  const first = parseDate(condition.firstAlarmDate);
  const step = condition.repeatAlarmArgument * n;
  if (condition.repeatAlarmEvery === 'day') return rule.zone.startOfDay(first + step);
  if (condition.repeatAlarmEvery === 'week') return rule.zone.startOfDay(first + 7 * step);
  const date = new Date(first * DAY_MS);
  const month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1) / DAY_MS;
  const length = Math.round(
    (Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step + 1, 1) - Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1)) / DAY_MS,
  );
  // The 31st in a 30-day month falls on its last day.
  return rule.zone.startOfDay(month + Math.min(date.getUTCDate(), length) - 1);
}

/**
 * periodic: a reminder at local midnight of the first-alarm date and every N days, weeks or months after it. Each
 * due time opens the alert, or repeats it while it is open (not confirmed). Due times since the rule's creation
 * day (at most 90 days back) that were never evaluated are evaluated once, in order.
 */
export async function evaluatePeriodic(rules: ParsedRule[], now: number, repositories: TimerRepositories, counts: WriteCounts): Promise<void> {
  const { alerts } = repositories;
  const writer = new AlertWriter(alerts);
  for (const rule of rules) {
    const condition = rule.conditions[0] as AlertCondition<'periodic'>;
    const cursors = await alerts.cursors(rule.key, rule.row.deviceIds);
    const states = await alerts.states([rule.row.id], rule.row.deviceIds);
    const since = Math.max(rule.zone.startOfDay(rule.zone.dayOf(rule.row.activeSince.getTime())), now - CATCH_UP_MS);
    for (const deviceId of rule.row.deviceIds) {
      const from = cursors.get(deviceId)?.getTime() ?? since - 1;
      const observations: Observation[] = [];
      for (let n = 0; n < 100_000; n++) {
        const due = dueTime(rule, condition, n);
        if (due > now) break;
        if (due > from) observations.push({ at: due, breach: true, params: { due: rule.zone.isoWithOffset(due) } });
      }
      if (observations.length === 0) continue;
      const state = states.get(stateKey(rule.row.id, deviceId)) ?? emptyState();
      const { actions } = foldObservations(state, observations, 1);
      await writer.apply(rule.subject, deviceId, state, actions, counts);
      await alerts.setCursor(rule.key, deviceId, new Date(observations.at(-1)!.at));
    }
  }
}

/**
 * part-replace: motor hours (the `variable` meter's value) since local midnight of the first-alarm date, or since
 * the last confirmation ("done") of this rule's alert on the device, whichever is later. Every `argument` hours
 * count one occurrence at the time the meter reached it: the first opens the alert, the next repeat it while open.
 */
export async function evaluatePartReplace(
  rules: ParsedRule[],
  now: number,
  names: ParameterNames,
  repositories: TimerRepositories,
  counts: WriteCounts,
): Promise<void> {
  const { alerts, data, history } = repositories;
  const writer = new AlertWriter(alerts);
  for (const rule of rules) {
    const condition = rule.conditions[0] as AlertCondition<'part-replace'>;
    const states = await alerts.states([rule.row.id], rule.row.deviceIds);
    for (const deviceId of rule.row.deviceIds) {
      const confirmed = await history.lastConfirmed(rule.row.id, deviceId);
      const baselineAt = Math.max(rule.zone.startOfDay(parseDate(condition.firstAlarmDate)), confirmed?.getTime() ?? -Infinity);
      const baseline = await data.meterAt(deviceId, condition.variable, new Date(baselineAt));
      const current = await data.meterAt(deviceId, condition.variable, new Date(now));
      if (!baseline || !current) continue;
      const hours = current.value - baseline.value;
      const reached = Math.floor(hours / condition.argument);
      if (reached < 1) continue;
      const state = states.get(stateKey(rule.row.id, deviceId)) ?? emptyState();
      const observations: Observation[] = [];
      for (let k = Math.max(1, (state.open?.counter ?? 0) + 1); k <= reached && observations.length < 1000; k++) {
        const at = await data.meterReached(deviceId, condition.variable, baseline.value + k * condition.argument, new Date(baselineAt));
        if (!at) break;
        observations.push({
          at: Math.max(at.getTime(), baselineAt + 1),
          breach: true,
          params: {
            parameter: names.name(deviceId, condition.variable),
            hours: k * condition.argument,
            argument: condition.argument,
            since: rule.zone.isoWithOffset(baselineAt),
          },
        });
      }
      const { actions } = foldObservations(state.open ? state : { open: null, coveredUntil: Math.max(state.coveredUntil, baselineAt) }, observations, 1);
      await writer.apply(rule.subject, deviceId, state, actions, counts);
    }
  }
}
