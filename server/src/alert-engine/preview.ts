import { ALERT_EVALUATION, ALERT_PREVIEW_DAYS, MESSAGE_KEYS, alertConditionSchemas } from '@gearwatch/contracts';
import type { AlertCondition, AlertPreview } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { AlertDataRepository } from './data-repository.ts';
import type { EngineRulesRepository } from './engine-rules-repository.ts';
import { ParameterNames, parseRule } from './rules.ts';
import type { ParsedRule } from './rules.ts';
import { arrivalObservations, arrivalParameters } from './arrival-evaluators.ts';
import { repeatEveryMs } from './conditions.ts';
import { foldObservations } from './timeline.ts';
import type { AlertAction, Observation } from './timeline.ts';
import { windowOutcome, windowParameters } from './window-evaluators.ts';
import { windowSettings } from './window-pass.ts';
import { hasLimits } from './conditions.ts';
import { windowContaining, windowsBetween } from './windows.ts';
import { DAY_MS, MINUTE_MS, parseDate } from '../time/calendar.ts';

const FIVE_MINUTES = 5 * MINUTE_MS;

/**
 * `POST /api/alertrules/{id}/preview`: what a rule with the given condition would have done on its devices over the
 * last ALERT_PREVIEW_DAYS days of stored data, computed with the engine's own evaluators and fold from an empty
 * state, writing nothing. lastsync reads silences from the data's 5-minute buckets as the history pass does
 * (timers.ts lastsyncGaps: contacts are not kept as history).
 */
export class AlertPreviewService {
  constructor(
    private readonly rules: EngineRulesRepository,
    private readonly data: AlertDataRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async preview(auth: AuthContext, ruleId: number, body: unknown): Promise<AlertPreview> {
    const scope = scopeOf(auth);
    const rules = this.rules;
    const row = await rules.ruleOfCompany(ruleId, scope.kind === 'company' ? scope.companyId : null);
    if (!row) throw new NotFoundError();
    const condition = parseCondition(row.type as keyof typeof alertConditionSchemas, body);
    const rule = parseRule({ ...row, conditions: [condition] });
    if (!rule) throw new ValidationError({}, [MESSAGE_KEYS.incorrect]);
    const to = this.now();
    const from = to - ALERT_PREVIEW_DAYS * DAY_MS;
    const names = new ParameterNames(await rules.deviceParameters(row.deviceIds));
    const perDevice = await this.observations(rule, from, to, names);
    const devices = row.deviceIds.map((deviceId) => {
      const observations = perDevice.get(deviceId) ?? [];
      const { actions } = foldObservations({ open: null, coveredUntil: from - 1 }, observations, repeatFor(rule));
      return { id: deviceId, name: names.deviceName(deviceId), alerts: count(actions, 'open'), occurrences: count(actions, 'open') + count(actions, 'repeat') };
    });
    return {
      from: rule.zone.isoWithOffset(from),
      to: rule.zone.isoWithOffset(to),
      alerts: devices.reduce((sum, d) => sum + d.alerts, 0),
      occurrences: devices.reduce((sum, d) => sum + d.occurrences, 0),
      devices: devices.sort((a, b) => b.occurrences - a.occurrences || a.name.localeCompare(b.name)),
    };
  }

  private async observations(rule: ParsedRule, from: number, to: number, names: ParameterNames): Promise<Map<number, Observation[]>> {
    const data = this.data;
    const deviceIds = rule.row.deviceIds;
    const out = new Map<number, Observation[]>(deviceIds.map((d) => [d, []]));
    const range = [new Date(from), new Date(to)] as const;
    if (ALERT_EVALUATION[rule.type] === 'arrival') {
      const readings = await data.readings(deviceIds, arrivalParameters(rule), ...range);
      const positions = rule.type === 'geolocation' ? await data.positions(deviceIds, ...range) : [];
      const sessions = rule.type === 'authentication' || rule.type === 'work-without-operator' ? await data.sessions(deviceIds, ...range) : [];
      for (const deviceId of deviceIds) {
        const mine = {
          readings: readings.filter((r) => r.deviceId === deviceId),
          before: [],
          positions: positions.filter((p) => p.deviceId === deviceId),
          sessions: sessions.filter((s) => s.deviceId === deviceId),
        };
        out.set(deviceId, arrivalObservations(rule, deviceId, mine, names));
      }
    } else if (ALERT_EVALUATION[rule.type] === 'window') {
      const { interval, limits } = windowSettings(rule.conditions[0]!);
      const windows = windowsBetween(interval, rule.zone, from, to);
      const all = [windowContaining(interval, rule.zone, (windows[0]?.start ?? from) - 1), ...windows];
      const sums = new Map(
        (await data.windowSums(deviceIds, windowParameters(rule), all, rule.zone.name, limits, hasLimits(limits))).map((s) => [
          `${s.deviceId}:${s.parameter}:${s.window}`,
          s.sum,
        ]),
      );
      for (const deviceId of deviceIds) {
        const list: Observation[] = [];
        for (let i = 1; i < all.length; i++) {
          const outcome = windowOutcome(
            rule,
            deviceId,
            all[i]!,
            (p) => sums.get(`${deviceId}:${p}:${i}`),
            (p) => sums.get(`${deviceId}:${p}:${i - 1}`),
            names,
          );
          if (outcome) list.push({ at: all[i]!.start, breach: outcome.breach, params: outcome.params });
        }
        out.set(deviceId, list);
      }
    } else if (rule.type === 'lastsync') {
      const span = (rule.conditions[0] as AlertCondition<'lastsync'>).argument * MINUTE_MS;
      const buckets = await data.dataBuckets(deviceIds, ...range);
      let previous = null as { deviceId: number; end: number; active: boolean } | null;
      for (const { deviceId, bucket, active } of buckets) {
        const start = bucket.getTime();
        if (previous?.deviceId === deviceId && previous.active && start - previous.end > span) {
          out.get(deviceId)!.push({ at: previous.end + span, breach: true }, { at: start, breach: false });
        }
        previous = { deviceId, end: start + FIVE_MINUTES, active };
      }
    } else if (rule.type === 'periodic') {
      const c = rule.conditions[0] as AlertCondition<'periodic'>;
      const first = parseDate(c.firstAlarmDate);
      const stepDays = c.repeatAlarmEvery === 'day' ? c.repeatAlarmArgument : c.repeatAlarmEvery === 'week' ? 7 * c.repeatAlarmArgument : 0;
      const dues: number[] = [];
      for (let n = 0; n < 10_000; n++) {
        const due = stepDays > 0 ? rule.zone.startOfDay(first + n * stepDays) : rule.zone.startOfDay(monthsAfter(first, n * c.repeatAlarmArgument));
        if (due > to) break;
        if (due > from) dues.push(due);
      }
      for (const deviceId of deviceIds)
        out.set(
          deviceId,
          dues.map((at) => ({ at, breach: true })),
        );
    } else if (rule.type === 'part-replace') {
      const c = rule.conditions[0] as AlertCondition<'part-replace'>;
      const since = rule.zone.startOfDay(parseDate(c.firstAlarmDate));
      for (const deviceId of deviceIds) {
        const baseline = await data.meterAt(deviceId, c.variable, new Date(since));
        const current = await data.meterAt(deviceId, c.variable, new Date(to));
        if (!baseline || !current) continue;
        const list: Observation[] = [];
        for (let k = 1; k <= Math.floor((current.value - baseline.value) / c.argument) && list.length < 1000; k++) {
          const at = await data.meterReached(deviceId, c.variable, baseline.value + k * c.argument, new Date(since));
          if (at && at.getTime() > from) list.push({ at: at.getTime(), breach: true });
        }
        out.set(deviceId, list);
      }
    }
    return out;
  }
}

function monthsAfter(day: number, months: number): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()) / DAY_MS;
}

function repeatFor(rule: ParsedRule): number {
  if (ALERT_EVALUATION[rule.type] !== 'arrival') return 1;
  const interval = (rule.conditions[0] as Partial<AlertCondition<'value'>>).date_interval;
  return repeatEveryMs(interval ?? '10m');
}

const count = (actions: AlertAction[], kind: AlertAction['kind']) => actions.filter((a) => a.kind === kind).length;

/** The body as a condition of the rule's type, or 400 with a field error per bad or missing field. */
function parseCondition(type: keyof typeof alertConditionSchemas, body: unknown): AlertCondition {
  const parsed = alertConditionSchemas[type].safeParse(body ?? {});
  if (parsed.success) return parsed.data as AlertCondition;
  const errors: Record<string, string[]> = {};
  const rootErrors: string[] = [];
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : issue.path.length > 0 ? [String(issue.path[0])] : [];
    const missing =
      issue.code !== 'unrecognized_keys' && issue.path.length === 1 && (body as Record<string, unknown> | null)?.[String(issue.path[0])] === undefined;
    const key = missing ? MESSAGE_KEYS.notBlank : MESSAGE_KEYS.incorrect;
    if (keys.length === 0) rootErrors.push(key);
    for (const field of keys) if (!(errors[field] ??= []).includes(key)) errors[field]!.push(key);
  }
  throw new ValidationError(errors, rootErrors);
}
