import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AlertImportance, AlertRuleType } from '@gearwatch/contracts';
import type { DB } from '../../../db/schema.ts';

/** One alert as the alerts report shows it. */
export interface ReportAlert {
  id: number;
  deviceName: string;
  /** Null for an alert of the device's work requirements (no rule). */
  ruleName: string | null;
  /** The rule's type, or `requirement` for a requirement alert. */
  type: AlertRuleType | 'requirement';
  importance: AlertImportance;
  startedAt: Date;
  /** When it stopped being open: ended, or confirmed while still active; null while open. */
  closedAt: Date | null;
  counter: number;
  confirmedBy: string | null;
  confirmedAt: Date | null;
}

/**
 * Read SQL of the alerts report. An alert is open from its start until it ends or is confirmed (whichever comes
 * first: a confirmed alert no longer counts as open, and a new breach opens a new one). Only the company's alerts of
 * the given devices are read.
 */
export class AlertReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Alerts open at any time in [periodStart, periodEnd) whose start — or the period's start, for one that was already
   * open — lies in [from, to): every alert of the period falls in exactly one window of it. Oldest first.
   */
  async alertsStartingIn(
    companyId: number,
    deviceIds: readonly number[],
    period: { start: Date; end: Date },
    from: Date,
    to: Date,
    /** A page's slice of the window's alerts in their order (alerts-pages.ts); all of them without it. */
    slice?: { offset: number; limit: number },
  ): Promise<ReportAlert[]> {
    if (deviceIds.length === 0) return [];
    const closed = sql`least(a.ended_at, a.confirmed_at)`;
    const counted = sql`greatest(a.started_at, ${period.start.toISOString()}::timestamptz)`;
    // Instants as epoch milliseconds: the driver's parsing of timestamptz text cost more than the rest of a month
    // of 6,000 alerts (bench/reports/device-builders.ts).
    const ms = (instant: ReturnType<typeof sql>) => sql`(extract(epoch from ${instant}) * 1000)::float8`;
    const result = await sql<
      Omit<ReportAlert, 'startedAt' | 'closedAt' | 'confirmedAt'> & { startedAt: number; closedAt: number | null; confirmedAt: number | null }
    >`
      select a.id::int8::float8 as "id", d.name as "deviceName", r.name as "ruleName", coalesce(r.type, a.source) as "type", a.importance,
        ${ms(sql`a.started_at`)} as "startedAt", ${ms(closed)} as "closedAt", a.counter,
        nullif(trim(coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username)), '') as "confirmedBy", ${ms(sql`a.confirmed_at`)} as "confirmedAt"
      from alerts a
      join devices d on d.id = a.device_id and d.company_id = a.company_id
      left join alert_rules r on r.id = a.rule_id and r.company_id = a.company_id
      left join users u on u.id = a.confirmed_by
      where a.company_id = ${companyId} and a.device_id = any(${[...deviceIds]}::int[])
        and a.started_at < ${period.end.toISOString()}::timestamptz and coalesce(${closed}, 'infinity'::timestamptz) > ${period.start.toISOString()}::timestamptz
        and ${counted} >= ${from.toISOString()}::timestamptz and ${counted} < ${to.toISOString()}::timestamptz
        -- Implied by the line above; written out so the device's alerts are read by their start (an index range).
        and a.started_at < ${to.toISOString()}::timestamptz
      order by a.started_at, a.id
      ${slice ? sql`offset ${slice.offset} limit ${slice.limit}` : sql``}`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      startedAt: new Date(row.startedAt),
      closedAt: row.closedAt === null ? null : new Date(row.closedAt),
      confirmedAt: row.confirmedAt === null ? null : new Date(row.confirmedAt),
    }));
  }

  /**
   * Per window of `starts` (ascending; window i is [starts[i], starts[i + 1]), the last one ends at the period's
   * end): how many alerts `alertsStartingIn` reads for it, with the sums the builder's totals row adds — every closed
   * alert's duration in whole seconds (rounded half up from its instants in whole milliseconds, as the builder
   * rounds) and the occurrences. Windows without alerts are absent.
   */
  async windowTotals(
    companyId: number,
    deviceIds: readonly number[],
    period: { start: Date; end: Date },
    starts: readonly Date[],
  ): Promise<AlertWindowTotals[]> {
    if (deviceIds.length === 0 || starts.length === 0) return [];
    const closed = sql`least(a.ended_at, a.confirmed_at)`;
    const counted = sql`greatest(a.started_at, ${period.start.toISOString()}::timestamptz)`;
    const ms = (instant: ReturnType<typeof sql>) => sql`floor(extract(epoch from ${instant}) * 1000)`;
    const result = await sql<AlertWindowTotals>`
      select width_bucket(${counted}, ${starts.map((s) => s.toISOString())}::timestamptz[]) - 1 as "window",
        count(*)::int as "alerts",
        coalesce(sum(floor((${ms(closed)} - ${ms(sql`a.started_at`)}) / 1000 + 0.5)), 0)::float8 as "duration",
        coalesce(sum(a.counter), 0)::float8 as "occurrences"
      from alerts a
      join devices d on d.id = a.device_id and d.company_id = a.company_id
      where a.company_id = ${companyId} and a.device_id = any(${[...deviceIds]}::int[])
        and a.started_at < ${period.end.toISOString()}::timestamptz and coalesce(${closed}, 'infinity'::timestamptz) > ${period.start.toISOString()}::timestamptz
      group by 1
      order by 1`.execute(this.db);
    return result.rows;
  }
}

/** One window's alerts as `AlertReportRepository.windowTotals` counts them. */
export interface AlertWindowTotals {
  /** 0-based position in the starts given. */
  window: number;
  alerts: number;
  /** Sum of the closed alerts' durations, seconds. */
  duration: number;
  occurrences: number;
}
