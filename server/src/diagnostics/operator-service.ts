import { DIAGNOSTICS_MESSAGE_KEYS, MESSAGE_KEYS, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { OperatorDiagnosticsResponse, TimeInterval } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import { timeZone } from '../time/time-zone.ts';
import { coarsen, normaliseRange, planTime } from '../rollups/plans.ts';
import type { OperatorActivityRepository } from '../rollups/operator-repository.ts';
import { operatorName } from '../rollups/operator-repository.ts';
import { inRequestOrder } from '../rollups/series.ts';

/** The parsed query of the operator call (contracts: operatorDiagnosticsQuerySchema). */
export interface OperatorDiagnosticsRequest {
  deviceOperators?: number[];
  deviceOperatorsGroups?: number[];
  interval: TimeInterval;
  from: string;
  to: string;
}

/** `GET /api/deviceoperators/diagnostics/multiple`: work and activity per operator from their RFID sessions. */
export class OperatorDiagnosticsService {
  constructor(private readonly repository: OperatorActivityRepository) {}

  async diagnostics(auth: AuthContext, request: OperatorDiagnosticsRequest): Promise<OperatorDiagnosticsResponse> {
    const operatorIds = request.deviceOperators ?? [];
    const groupIds = request.deviceOperatorsGroups ?? [];
    if (operatorIds.length === 0 && groupIds.length === 0) throw ValidationError.field('deviceOperators', MESSAGE_KEYS.notBlank);
    const range = normaliseRange(request.from, request.to);
    const scope = scopeOf(auth);
    const named = inRequestOrder(await this.repository.findOperators(scope, operatorIds), operatorIds);
    const groups = await this.repository.groupsWithOperators(scope, groupIds);
    if (named.length === 0 && groups.length === 0) throw new NotFoundError();
    // An empty group is the spec's own error (02 §8): the client shows "no operators" instead of a chart.
    if (groups.some((g) => g.operators.length === 0)) throw ValidationError.field('deviceOperatorsGroups', DIAGNOSTICS_MESSAGE_KEYS.noDeviceOperators);

    const operators = uniqueById([...named, ...groups.flatMap((g) => g.operators)]);
    const first = operators[0]!;
    const zone = timeZone(first.timezone);
    const plan = planTime(coarsen(request.interval, range.days), range, zone);
    const companyIds = [...new Set(operators.map((o) => o.companyId))];
    const ids = operators.map((o) => o.id);
    const { interval } = plan;
    // Days, months and years from the per-session daily totals, which are in each company's own timezone; hours (and
    // the calendar of operators in different timezones) from the per-session hourly totals where every hour lies in
    // one category; otherwise, and for 5 minutes, from the 5-minute rollup.
    const sameTimezone = operators.every((o) => o.timezone === first.timezone);
    const rows =
      interval !== '5min' && interval !== 'hour' && sameTimezone
        ? await this.repository.dailyActivity(companyIds, ids, interval, range.from, range.to)
        : interval !== '5min' &&
            wholeHours(plan.start, plan.end) &&
            (interval === 'hour' || zone.offsetsAreWholeHours(plan.start.getTime(), plan.end.getTime()))
          ? await this.repository.hourlyActivity(companyIds, ids, interval, first.timezone, plan.start, plan.end)
          : await this.repository.activity(companyIds, ids, interval, first.timezone, plan.start, plan.end);
    const size = plan.categories.length;
    const series = new Map(operators.map((o) => [o.id, { work: emptyValues(size), active: emptyValues(size) }]));
    for (const row of rows) {
      const index = plan.index.get(row.key);
      const target = series.get(row.operatorId);
      if (index === undefined || !target) continue;
      if (row.number === PARAMETER_NUMBERS.work) target.work[index] = row.sum;
      else if (row.number === PARAMETER_NUMBERS.active) target.active[index] = row.sum;
    }
    return {
      data: {
        interval: plan.interval,
        categories: plan.categories,
        data: operators.map((o) => ({ deviceOperator: { id: o.id, name: operatorName(o) }, ...series.get(o.id)! })),
      },
    };
  }
}

/** Whether both ends of a range are whole UTC hours. */
function wholeHours(start: Date, end: Date): boolean {
  return start.getTime() % 3_600_000 === 0 && end.getTime() % 3_600_000 === 0;
}

function emptyValues(size: number): (number | null)[] {
  return new Array<number | null>(size).fill(null);
}

function uniqueById<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}
