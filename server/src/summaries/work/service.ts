import { MESSAGE_KEYS, PARAMETER_NUMBERS, sortWorkSummaryRows, trendPercent } from '@gearwatch/contracts';
import type {
  EfficiencySummaryResponse,
  EfficiencySummaryRow,
  ShiftWorkSummaryResponse,
  SummaryPeriod,
  WorkSummaryResponse,
  SummarySort,
} from '@gearwatch/contracts';
import type { AuthContext } from '../../security/context.ts';
import { scopeOf } from '../../security/context.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import { addDays, dateText } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { DeviceSubject, RollupRepository } from '../../rollups/repository.ts';
import { ParameterCatalogue, companyShifts, inRequestOrder, selectionOf } from '../../rollups/series.ts';
import type { OperatorActivityRepository } from '../../rollups/operator-repository.ts';
import { operatorName } from '../../rollups/operator-repository.ts';
import { shiftChartData } from '../../rollups/shift-chart.ts';
import type { ComparedDates, PeriodPlan } from '../periods.ts';
import { comparedDates, periodDate, planPeriod, previousUntil, spanSeconds } from '../periods.ts';
import type { RollupWindow } from '../../rollups/windows.ts';
import { restSpan } from '../../rollups/windows.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import type { SeriesSelection } from '../../rollups/repository.ts';
import type { WorkSummariesRepository } from './repository.ts';
import { Totals, efficiencyRows, totalRow, workRow } from './rows.ts';
import type { Subject } from './rows.ts';

interface PeriodRequest {
  period: SummaryPeriod;
  date?: string | undefined;
}
export interface DeviceSummaryRequest extends PeriodRequest {
  devices?: number[] | undefined;
  groups?: number[] | undefined;
  sort: SummarySort;
}
export interface OperatorSummaryRequest extends PeriodRequest {
  deviceOperators?: number[] | undefined;
  deviceOperatorsGroups?: number[] | undefined;
  sort: SummarySort;
}
export type ShiftWorkRequest = Omit<DeviceSummaryRequest, 'sort'>;

const WORK_NUMBERS = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active];

/** What every work summary answers about its period (contracts/src/summaries/work.ts). */
type PeriodAnswer = Pick<WorkSummaryResponse, 'period' | 'previous' | 'previousUntil'>;

/** What the device summaries read: rows (devices, then groups) and every device they cover, each once. */
interface DeviceSubjects {
  subjects: Subject[];
  devices: DeviceSubject[];
}

/**
 * The work summary widgets (spec 02 "Other dashboard widgets"). Every figure is a sum of the day rollups (devices),
 * the operator session days (operators) or the shift rollup (shifts) over the period's local dates, read once for
 * the period and the previous one together; the rollups layer's readers (as the diagnostics use them) do the reading. While the period runs, the
 * previous one is cut where it stands (periods.ts): its whole dates as above, the rest from the bucket rollups.
 */
export class WorkSummariesService {
  constructor(
    private readonly repository: WorkSummariesRepository,
    private readonly rollups: RollupRepository,
    private readonly operators: OperatorActivityRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async activity(auth: AuthContext, request: DeviceSummaryRequest): Promise<WorkSummaryResponse> {
    const { subjects, devices } = await this.deviceSubjects(auth, request);
    const { totals, compared } = await this.deviceTotals(auth, devices, request);
    const rows = sortWorkSummaryRows(
      subjects.map((s) => workRow(s, totals)),
      request.sort,
    );
    return {
      ...compared.answer,
      rows,
      total: totalRow(
        devices.map((d) => d.id),
        totals,
      ),
    };
  }

  async efficiency(auth: AuthContext, request: DeviceSummaryRequest): Promise<EfficiencySummaryResponse> {
    const { subjects, devices } = await this.deviceSubjects(auth, request);
    const { totals, compared } = await this.deviceTotals(auth, devices, request);
    const elapsed = { current: spanSeconds(compared.times.current), previous: spanSeconds(compared.times.previous) };
    const { rows, average } = efficiencyRows(subjects, totals, elapsed);
    return { ...compared.answer, elapsedSeconds: elapsed.current, rows: sortWorkSummaryRows<EfficiencySummaryRow>(rows, request.sort), average };
  }

  async operatorSummary(auth: AuthContext, request: OperatorSummaryRequest): Promise<WorkSummaryResponse> {
    const operatorIds = request.deviceOperators ?? [];
    const groupIds = request.deviceOperatorsGroups ?? [];
    if (operatorIds.length === 0 && groupIds.length === 0) throw ValidationError.field('deviceOperators', MESSAGE_KEYS.notBlank);
    const scope = scopeOf(auth);
    const named = inRequestOrder(await this.operators.findOperators(scope, operatorIds), operatorIds);
    const groups = await this.operators.groupsWithOperators(scope, groupIds);
    if (named.length === 0 && groups.length === 0) throw new NotFoundError();
    const groupNames = await this.repository.operatorGroupNames(
      scope,
      groups.map((g) => g.id),
    );
    const subjects: Subject[] = [
      ...named.map((o) => ({ id: o.id, name: operatorName(o), members: [o.id] })),
      ...groups.map((g) => ({ id: g.id, name: groupNames.get(g.id) ?? '', members: g.operators.map((o) => o.id) })),
    ];
    const everyone = [...new Map([...named, ...groups.flatMap((g) => g.operators)].map((o) => [o.id, o])).values()];
    // "Today" is the caller's company's: an operator group may be empty, so its members cannot always tell.
    const zone = timeZone(everyone[0]?.timezone ?? (await this.repository.timezoneOf(auth.companyId)));
    const { plan, compared } = this.compare(zone, request);
    const totals = new Totals();
    const companyIds = [...new Set(everyone.map((o) => o.companyId))];
    const ids = everyone.map((o) => o.id);
    const rest = restSpan(compared.rest);
    const [days, partial] = await Promise.all([
      this.operators.dailyActivity(companyIds, ids, 'day', plan.previous.from, plan.current.to),
      rest.start < rest.end ? this.operators.activity(companyIds, ids, 'day', zone.name, new Date(rest.start), new Date(rest.end)) : [],
    ]);
    for (const row of days) totals.addDay(row.operatorId, row.number, row.key, row.sum, compared.dates);
    for (const row of partial) totals.add(row.operatorId, row.number, 'previous', row.sum);
    const rows = sortWorkSummaryRows(
      subjects.map((s) => workRow(s, totals)),
      request.sort,
    );
    return {
      ...compared.answer,
      rows,
      total: totalRow(
        everyone.map((o) => o.id),
        totals,
      ),
    };
  }

  async shiftWork(auth: AuthContext, request: ShiftWorkRequest): Promise<ShiftWorkSummaryResponse> {
    const { devices } = await this.deviceSubjects(auth, request);
    const zone = timeZone(devices[0]?.timezone ?? (await this.repository.timezoneOf(auth.companyId)));
    const { plan, compared } = this.compare(zone, request);
    if (devices.length === 0) return { ...compared.answer, shifts: [], total: shiftTotal([0, 0, 0], [0, 0, 0]) };
    // The shift chart's own computation: company shifts, night shifts counted on the date they start, in company time.
    const shifts = await companyShifts(this.rollups, devices[0]!.companyId, 'devices');
    const [current, ...previous] = await Promise.all([
      shiftChartData(this.rollups, devices, shifts, { ...plan.current, days: 0 }),
      ...shiftParts(zone, compared).map((part) => shiftChartData(this.rollups, devices, shifts, { ...part, days: 0 }, part.until)),
    ]);
    const now = current!.at(-1)!.items;
    const before = now.map((_, i) => {
      const items = previous.map((part) => part.at(-1)!.items[i]!);
      return {
        workSum: total(items.map((x) => x.workSum)),
        activeSum: total(items.map((x) => x.activeSum)),
        counterSum: total(items.map((x) => x.counterSum)),
      };
    });
    const sums = (item: Pick<(typeof now)[number], 'workSum' | 'activeSum' | 'counterSum'>) => [item.workSum, item.activeSum, item.counterSum] as const;
    const ordered = [...shifts].sort((a, b) => a.position - b.position);
    return {
      ...compared.answer,
      shifts: ordered.map((s, i) => ({
        position: s.position,
        name: s.name,
        hourStart: s.hourStart,
        hourEnd: s.hourEnd,
        ...shiftTotal(sums(now[i]!), sums(before[i]!)),
      })),
      total: shiftTotal(sums(now.at(-1)!), sums(before.at(-1)!)),
    };
  }

  /** Devices asked for by id (in that order) as rows, then one row per group; 400 when nothing, 404 when none is visible. */
  private async deviceSubjects(auth: AuthContext, request: Pick<DeviceSummaryRequest, 'devices' | 'groups'>): Promise<DeviceSubjects> {
    const ids = request.devices ?? [];
    const groupIds = request.groups ?? [];
    if (ids.length === 0 && groupIds.length === 0) throw ValidationError.field('devices', MESSAGE_KEYS.notBlank);
    const scope = scopeOf(auth);
    const named = inRequestOrder(await this.rollups.findDevices(scope, ids), ids);
    const groups = await this.repository.deviceGroups(scope, groupIds);
    if (named.length === 0 && groups.length === 0) throw new NotFoundError();
    const devices = [...new Map([...named, ...groups.flatMap((g) => g.devices)].map((d) => [d.id, d])).values()];
    return {
      subjects: [
        ...named.map((d) => ({ id: d.id, name: d.name, members: [d.id] })),
        ...groups.map((g) => ({ id: g.id, name: g.name, members: g.devices.map((d) => d.id) })),
      ],
      devices,
    };
  }

  /** Work and active of each device per period from readings_day, one read for both periods. */
  private async deviceTotals(auth: AuthContext, devices: DeviceSubject[], request: PeriodRequest) {
    // Devices of a company user share the company's timezone; a super-admin's mix is read in the first one's.
    const zone = timeZone(devices[0]?.timezone ?? (await this.repository.timezoneOf(auth.companyId)));
    const { plan, compared } = this.compare(zone, request);
    const catalogue = new ParameterCatalogue(await this.rollups.parametersOfTypes([...new Set(devices.map((d) => d.deviceTypeId))]));
    const selection = selectionOf(devices, WORK_NUMBERS, catalogue);
    const totals = new Totals();
    const [days, rest] = await Promise.all([
      this.rollups.dayColumns('day', selection, plan.previous.from, plan.current.to),
      this.restColumns(selection, compared.rest),
    ]);
    for (const column of days)
      column.keys.forEach((key, i) => totals.addDay(column.deviceId, column.number, String(key), column.values[i] ?? 0, compared.dates));
    for (const column of rest) for (const value of column.values) totals.add(column.deviceId, column.number, 'previous', value ?? 0);
    return { plan, totals, compared };
  }

  /** The planned period ending on the asked date (today by default) and what its comparison reads. */
  private compare(zone: TimeZone, request: PeriodRequest): { plan: PeriodPlan; compared: ComparedDates & { answer: PeriodAnswer } } {
    const now = this.now();
    const plan = planPeriod(request.period, periodDate(zone, request.date, now));
    const compared = comparedDates(zone, plan, now);
    return { plan, compared: { ...compared, answer: { period: plan.current, previous: plan.previous, previousUntil: previousUntil(zone, compared.times) } } };
  }

  /** The buckets of a cut previous period after its whole dates: whole hours, and 5 minutes around them. */
  private async restColumns(selection: SeriesSelection, window: RollupWindow) {
    const reads: ['hour' | '5min', Date, Date][] = [
      ['hour', window.fromHour, window.toHour],
      ['5min', ...window.minutes[0]],
      ['5min', ...window.minutes[1]],
    ];
    const columns = await Promise.all(
      reads.filter(([, from, to]) => from < to).map(([level, from, to]) => this.rollups.bucketColumns(level, selection, from, to)),
    );
    return columns.flat();
  }
}

const total = (values: number[]) => values.reduce((sum, v) => sum + v, 0);

/**
 * How the previous period's shifts are read: whole, from the shift rollup; or, cut while the period runs, its dates
 * up to the day before the cut date whole, and the windows of that day (a night shift runs into the cut date) and of
 * the cut date ended at the cut from the 5-minute rollup, so a shift not yet started by then counts nothing, as the
 * same shift not yet started in the running period.
 */
function shiftParts(zone: TimeZone, compared: ComparedDates & { answer: PeriodAnswer }): { from: string; to: string; until?: number }[] {
  const { from, to } = compared.times.plan.previous;
  if (compared.answer.previousUntil === null) return [{ from, to }];
  const cut = compared.times.previous.end;
  const cutDay = dateText(zone.dayOf(cut));
  const clippedFrom = addDays(cutDay, -1) > from ? addDays(cutDay, -1) : from;
  const clipped = { from: clippedFrom, to: cutDay, until: cut };
  return clippedFrom > from ? [{ from, to: addDays(clippedFrom, -1) }, clipped] : [clipped];
}

function shiftTotal(current: readonly [number, number, number], previous: readonly [number, number, number]) {
  return {
    work: current[0],
    active: current[1],
    counter: current[2],
    workTrend: trendPercent(current[0], previous[0]),
    activeTrend: trendPercent(current[1], previous[1]),
    counterTrend: trendPercent(current[2], previous[2]),
  };
}
