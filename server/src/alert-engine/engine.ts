import { ALERT_EVALUATION, alertMessageKey } from '@gearwatch/contracts';
import type { AlertCondition, AlertRuleType } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { JobRepository } from '../jobs/job-repository.ts';
import type { RepositoryFactory } from '../db/repository-factory.ts';
import { timeZone } from '../time/time-zone.ts';
import type { AlertHistoryRepository, EngineAlertsRepository } from './engine-alerts-repository.ts';
import { stateKey } from './engine-alerts-repository.ts';
import type { Arrival } from './engine-alerts-repository.ts';
import { AlertWriter, noWrites } from './alert-writer.ts';
import type { WriteCounts } from './alert-writer.ts';
import type { AlertDataRepository } from './data-repository.ts';
import type { EngineRulesRepository } from './engine-rules-repository.ts';
import { ParameterNames, parseRule } from './rules.ts';
import type { ParsedRule } from './rules.ts';
import { QUIET_LOOKBACK_MS, READING_PERIOD_MS, WORK_PAUSE_MS, arrivalObservations, arrivalParameters } from './arrival-evaluators.ts';
import type { ArrivalData } from './arrival-evaluators.ts';
import { repeatEveryMs } from './conditions.ts';
import { foldObservations } from './timeline.ts';
import { evaluateWindows, requirementOutcome, weekdayOf, windowSettings } from './window-pass.ts';
import type { RequirementDay, WindowSubject } from './window-pass.ts';
import { windowOutcome, windowParameters } from './window-evaluators.ts';
import { windowContaining } from './windows.ts';
import { evaluatePartReplace, evaluatePeriodic, lastsyncGaps, sweepLastsync } from './timers.ts';
import { DAY_MS } from '../time/calendar.ts';

const typesOf = (kind: 'arrival' | 'window' | 'timer') => (Object.keys(ALERT_EVALUATION) as AlertRuleType[]).filter((type) => ALERT_EVALUATION[type] === kind);
export const ARRIVAL_TYPES = typesOf('arrival');
/**
 * A work-without-operator alert whose module sent no work for this long ends by the clock, half an hour after its
 * last occurrence: a truck switched off sends nothing, so no "no work" reading would ever end it. Any breach after
 * the last occurrence is within one repeat interval (10 minutes) and one reading period of it.
 */
const WORK_QUIET_MS = WORK_PAUSE_MS + 10 * 60_000 + READING_PERIOD_MS;
export const WINDOW_TYPES = typesOf('window');
export const TIMER_TYPES = typesOf('timer');
/** The job that evaluates closed windows, timers and requirements; scheduled every minute. */
export const ENGINE_TICK_JOB = 'alert-engine.tick';
/** Arrivals taken per transaction. */
const ARRIVALS_PER_DRAIN = 200;

/** The repositories the engine works with, from the server's one factory (repositories.ts). */
export interface EngineRepositories {
  alertEngine: EngineAlertsRepository;
  alertEngineRules: EngineRulesRepository;
  alertData: AlertDataRepository;
  alertHistory: AlertHistoryRepository;
  jobs: JobRepository;
}

export interface AlertEngineOptions {
  /** The engine's clock (tests evaluate as of a chosen instant). */
  now?: () => number;
  log?: { error(object: object, message: string): void };
}

/** The alert engine (ARCHITECTURE §6, docs/alerts.md): on arrival, at window close, on a timer. */
export class AlertEngine {
  private readonly now: () => number;
  private log: AlertEngineOptions['log'];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly repositories: RepositoryFactory<EngineRepositories>,
    options: AlertEngineOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  useLog(log: NonNullable<AlertEngineOptions['log']>): void {
    this.log = log;
  }

  /** Hooks the engine to a runner: arrivals as a source, the tick every minute (once across instances). */
  register(runner: JobRunner): void {
    runner.addSource({ name: 'alert-arrivals', drain: () => this.drainArrivals() });
    runner.register(ENGINE_TICK_JOB, async ({ trx }) => {
      const more = await this.tick(trx);
      // A long catch-up continues at once in a job of its own rather than waiting for the next minute.
      if (more) await this.repositories(trx).jobs.enqueue({ kind: ENGINE_TICK_JOB, key: `catch-up:${new Date().toISOString()}:${Math.random()}` });
    });
    runner.schedule(ENGINE_TICK_JOB, '* * * * *');
  }

  /**
   * Evaluates up to a batch of queued arrivals in one transaction: the arrival rows are taken (deleted) in it, so
   * a crash before commit leaves them queued. Late data also rewinds the device's windowed cursors so the next tick
   * re-reads the windows it fell into. Returns how many arrivals were evaluated.
   */
  async drainArrivals(): Promise<number> {
    return this.repositories(this.db).alertEngine.transaction(async (alerts, trx) => {
      const taken = await alerts.takeArrivals(ARRIVALS_PER_DRAIN);
      if (taken.length === 0) return 0;
      // A long range (a history backfill) is evaluated a day at a time, oldest first, so each transaction stays short
      // (on PGlite it holds the one connection); the rest goes back to the queue in the same transaction.
      const arrivals = taken.map((a) => ({ ...a, to: new Date(Math.min(a.to.getTime(), a.from.getTime() + DAY_MS)) }));
      await alerts.requeueArrivals(
        taken.filter((a) => a.to.getTime() > a.from.getTime() + DAY_MS).map((a) => ({ ...a, from: new Date(a.from.getTime() + DAY_MS + 1) })),
      );
      const counts = noWrites();
      await this.evaluateArrivals(trx, alerts, arrivals, counts);
      return arrivals.length;
    });
  }

  private async evaluateArrivals(trx: Kysely<DB>, alerts: EngineAlertsRepository, arrivals: Arrival[], counts: WriteCounts): Promise<void> {
    const { alertEngineRules: rulesRepository, alertData: data } = this.repositories(trx);
    const byDevice = new Map(arrivals.map((a) => [a.deviceId, a]));
    const rows = await rulesRepository.activeRules([...ARRIVAL_TYPES, ...WINDOW_TYPES], { companyIds: [...new Set(arrivals.map((a) => a.companyId))] });
    const rules = rows.map(parseRule).filter((r): r is ParsedRule => r !== null);
    await this.rewindWindows(alerts, rules, arrivals);
    const arrivalRules = rules.filter((r) => ALERT_EVALUATION[r.type] === 'arrival' && r.row.deviceIds.some((d) => byDevice.has(d)));
    if (arrivalRules.length === 0) return;
    const deviceIds = [...new Set(arrivalRules.flatMap((r) => r.row.deviceIds.filter((d) => byDevice.has(d))))];
    const needs = (types: AlertRuleType[]) => arrivalRules.some((r) => types.includes(r.type));
    const lookback = needs(['geolocation', 'work-without-operator']) ? QUIET_LOOKBACK_MS : 0;
    const ranges = new Map([...byDevice].map(([deviceId, a]) => [deviceId, { ...a, from: new Date(a.from.getTime() - lookback) }]));
    const from = new Date(Math.min(...deviceIds.map((d) => ranges.get(d)!.from.getTime())));
    const to = new Date(Math.max(...deviceIds.map((d) => ranges.get(d)!.to.getTime())));
    const parameters = [...new Set(arrivalRules.flatMap(arrivalParameters))];
    const multi = arrivalRules.some((r) => r.conditions.length > 1);
    const loaded: ArrivalData = {
      readings: await data.readings(deviceIds, parameters, from, to),
      before: multi ? await data.latestBefore(deviceIds, parameters, from) : [],
      positions: needs(['geolocation']) ? await data.positions(deviceIds, from, to) : [],
      sessions: needs(['authentication', 'work-without-operator']) ? await data.sessions(deviceIds, from, to) : [],
    };
    const names = new ParameterNames(needs(['value', 'charging']) ? await rulesRepository.deviceParameters(deviceIds) : []);
    const states = await alerts.states(
      arrivalRules.map((r) => r.row.id),
      deviceIds,
    );
    const writer = new AlertWriter(alerts);
    const perDevice = groupByDevice(loaded, ranges);
    for (const rule of arrivalRules) {
      const interval = (rule.conditions[0] as Partial<AlertCondition<'value'>>).date_interval ?? '10m';
      for (const deviceId of rule.row.deviceIds) {
        const device = perDevice.get(deviceId);
        if (!device) continue;
        // Data from before the rule was created or enabled arrives late or with a backlog: it is not the rule's to judge.
        const activeSince = rule.row.activeSince.getTime();
        const observations = arrivalObservations(rule, deviceId, device, names).filter((observation) => observation.at >= activeSince);
        if (observations.length === 0) continue;
        const state = states.get(stateKey(rule.row.id, deviceId)) ?? { open: null, coveredUntil: -Infinity };
        const { actions } = foldObservations(state, observations, repeatEveryMs(interval));
        await writer.apply(rule.subject, deviceId, state, actions, counts);
      }
    }
  }

  /** Data that arrives for windows already evaluated moves their cursors back, so the next tick re-reads them. */
  private async rewindWindows(alerts: EngineAlertsRepository, rules: ParsedRule[], arrivals: Arrival[]): Promise<void> {
    const windowRules = rules.filter((r) => ALERT_EVALUATION[r.type] === 'window');
    for (const arrival of arrivals) {
      const tasks = windowRules
        .filter((r) => r.row.deviceIds.includes(arrival.deviceId))
        .map((rule) => {
          const { interval } = windowSettings(rule.conditions[0]!);
          const start = windowContaining(interval, rule.zone, arrival.from.getTime()).start;
          return alerts.rewindCursors(arrival.deviceId, [rule.key], new Date(start));
        });
      for (const task of tasks) await task;
      // A day back from the data covers the company day it falls into in any zone; re-read days never count twice.
      await alerts.rewindCursors(arrival.deviceId, [REQUIREMENT_KEY], new Date(arrival.from.getTime() - DAY_MS));
    }
  }

  /**
   * The minute's work, in the runner's transaction: timers (lastsync, periodic, part replace), the windows that
   * closed (and any never evaluated since the rule's creation, at most 90 days back) and the device requirements of
   * the days that ended. Returns true when a catch-up has windows left for another pass.
   */
  async tick(trx: Kysely<DB>): Promise<boolean> {
    const now = this.now();
    const counts = noWrites();
    const { alertEngine: alerts, alertData: data, alertEngineRules: rulesRepository, alertHistory: history } = this.repositories(trx);
    const rules = (await rulesRepository.activeRules([...WINDOW_TYPES, ...TIMER_TYPES])).map(parseRule).filter((r): r is ParsedRule => r !== null);
    const ofType = (type: AlertRuleType) => rules.filter((r) => r.type === type);
    const repositories = { alerts, data, history };
    const isolated = (what: string, work: () => Promise<unknown>) => this.isolated(trx, what, work);
    await isolated('lastsync', () => sweepLastsync(ofType('lastsync'), now, repositories, counts));
    await isolated('work-without-operator:quiet', async () => {
      counts.ended += await alerts.endQuiet('work-without-operator', new Date(now - WORK_QUIET_MS), WORK_PAUSE_MS);
    });
    for (const rule of ofType('lastsync')) await isolated(`${rule.key}:gaps`, () => lastsyncGaps([rule], now, repositories, counts));
    for (const rule of ofType('periodic')) await isolated(rule.key, () => evaluatePeriodic([rule], now, repositories, counts));
    const names = new ParameterNames(await rulesRepository.deviceParameters([...new Set(rules.flatMap((r) => r.row.deviceIds))]));
    for (const rule of ofType('part-replace')) await isolated(rule.key, () => evaluatePartReplace([rule], now, names, repositories, counts));
    let more = false;
    for (const rule of rules.filter((r) => ALERT_EVALUATION[r.type] === 'window')) {
      await isolated(rule.key, async () => {
        more = (await evaluateWindows(ruleWindowSubject(rule, names), now, { alerts, data }, counts)) || more;
      });
    }
    for (const subject of await requirementSubjects(rulesRepository)) {
      await isolated(`requirement:${subject.subject.companyId}`, async () => {
        more = (await evaluateWindows(subject, now, { alerts, data }, counts)) || more;
      });
    }
    return more;
  }

  /**
   * Runs one subject's evaluation inside a savepoint: a rule that fails (a bug, data it cannot read) is rolled
   * back alone and logged, and the others still run; it is tried again next tick from its unchanged cursor.
   */
  private async isolated(trx: Kysely<DB>, what: string, work: () => Promise<unknown>): Promise<void> {
    await sql`savepoint alert_subject`.execute(trx);
    try {
      await work();
      await sql`release savepoint alert_subject`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint alert_subject`.execute(trx);
      this.log?.error({ err: error, subject: what }, 'alert evaluation failed; retried next tick');
    }
  }
}

const REQUIREMENT_KEY = 'requirement';

/** The loaded data split per device, each limited to its own arrival's range (sessions: overlapping it). */
function groupByDevice(loaded: ArrivalData, arrivals: Map<number, Arrival>): Map<number, ArrivalData> {
  const out = new Map<number, ArrivalData>();
  const of = (deviceId: number) => {
    let data = out.get(deviceId);
    if (!data) out.set(deviceId, (data = { readings: [], before: [], positions: [], sessions: [] }));
    return data;
  };
  for (const arrival of arrivals.values()) of(arrival.deviceId);
  const inRange = (deviceId: number, ts: Date) => {
    const arrival = arrivals.get(deviceId);
    return arrival !== undefined && ts >= arrival.from && ts <= arrival.to;
  };
  for (const r of loaded.readings) if (inRange(r.deviceId, r.ts)) of(r.deviceId).readings.push(r);
  for (const r of loaded.before) if (arrivals.has(r.deviceId)) of(r.deviceId).before.push(r);
  for (const p of loaded.positions) if (inRange(p.deviceId, p.ts)) of(p.deviceId).positions.push(p);
  for (const s of loaded.sessions) {
    const arrival = arrivals.get(s.deviceId);
    if (arrival && s.startedAt <= arrival.to && (s.endedAt === null || s.endedAt >= arrival.from)) of(s.deviceId).sessions.push(s);
  }
  return out;
}

function ruleWindowSubject(rule: ParsedRule, names: ParameterNames): WindowSubject {
  const { interval, limits } = windowSettings(rule.conditions[0]!);
  return {
    key: rule.key,
    subject: rule.subject,
    zone: rule.zone,
    interval,
    limits,
    parameters: windowParameters(rule),
    deviceIds: rule.row.deviceIds,
    since: rule.row.activeSince.getTime(),
    outcome: (deviceId, window, sums, previous) => windowOutcome(rule, deviceId, window, sums, previous, names),
  };
}

/** One windowed subject per company for the device requirements: a day per window, in the company's zone. */
async function requirementSubjects(rulesRepository: EngineRulesRepository): Promise<WindowSubject[]> {
  const devices = await rulesRepository.requirementDevices();
  if (devices.length === 0) return [];
  const requirements = new Map<string, RequirementDay>();
  for (const r of await rulesRepository.requirements(devices.map((d) => d.deviceId))) requirements.set(`${r.deviceId}:${r.weekday}`, r);
  const byCompany = new Map<number, typeof devices>();
  for (const device of devices) byCompany.set(device.companyId, [...(byCompany.get(device.companyId) ?? []), device]);
  return [...byCompany.entries()].map(([companyId, list]) => {
    const zone = timeZone(list[0]!.timezone);
    return {
      key: REQUIREMENT_KEY,
      subject: { companyId, ruleId: null, importance: 'warning', messageKey: alertMessageKey('requirement') },
      zone,
      interval: 'day',
      limits: {},
      parameters: [1, 2],
      deviceIds: list.map((d) => d.deviceId),
      // Requirements have no creation time of their own: every day of the catch-up period counts.
      since: -Infinity,
      outcome: (deviceId, window, sums) => requirementOutcome(zone, requirements.get(`${deviceId}:${weekdayOf(zone, window)}`), window, sums),
    } satisfies WindowSubject;
  });
}
