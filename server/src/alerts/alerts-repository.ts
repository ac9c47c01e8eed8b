import type { AlertListFilter, AlertSortField } from '@gearwatch/contracts';
import { ALERT_LIST_TOTAL_LIMIT } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';
import type { TenantScope } from '../security/context.ts';
import type { AlertViewer } from './visibility.ts';
import { alertDeviceTypes, ruleSummaryColumn } from './rule-summary-repository.ts';

export interface AlertRecord {
  id: number;
  source: string;
  startedAt: Date;
  lastAt: Date;
  endedAt: Date | null;
  confirmedAt: Date | null;
  counter: number;
  importance: string;
  deviceId: number;
  deviceName: string;
  ruleId: number | null;
  ruleName: string | null;
  ruleType: string | null;
  ruleArchived: boolean | null;
  messageKey: string;
  messageParams: unknown;
  /** The rule's user-written description and its summary, as the rule is now. */
  description: string | null;
  ruleSummary: unknown;
}

/** What narrows the alerts a call reads or confirms: the list filter, its dates already read as instants. */
export interface AlertCriteria {
  status?: AlertListFilter['status'];
  importance?: AlertListFilter['importance'];
  deviceId?: number;
  ruleId?: number;
  /** Created (first occurrence) at or after. */
  from?: Date;
  /** Created before (a date's next midnight) or at (an instant). */
  before?: Date;
  to?: Date;
}

/** A viewer with their rules and requirement devices read. */
type ResolvedViewer = { kind: 'user'; companyId: number; ruleIds: number[]; deviceIds: number[] } | { kind: 'scope'; scope: TenantScope };

export interface ImportanceCount {
  importance: string;
  count: number;
}

const RANK = sql<number>`case alerts.importance when 'info' then 1 when 'warning' then 2 else 3 end`;
const STATUS_ORDER = sql`case when alerts.confirmed_at is not null then 3 when alerts.ended_at is not null then 2 else 1 end`;
const DEVICE_NAME = sql<string>`(select d.name from devices d where d.id = alerts.device_id)`;
const RULE_NAME = sql<string | null>`(select r.name from alert_rules r where r.id = alerts.rule_id)`;

// Sorting by the device's or rule's name reads it per row rather than joining: the count and the usual order by
// creation then run on the alerts table and its indexes alone.
const SORT_COLUMNS = {
  id: sql`alerts.id`,
  createdAt: sql`alerts.started_at`,
  lastAt: sql`alerts.last_at`,
  endedAt: sql`alerts.ended_at`,
  counter: sql`alerts.counter`,
  importance: RANK,
  status: STATUS_ORDER,
  device: sql`lower(${DEVICE_NAME})`,
  rule: sql`lower(${RULE_NAME})`,
} as const;

const ALERT_COLUMNS = [
  'alerts.id',
  'alerts.source',
  'alerts.started_at as startedAt',
  'alerts.last_at as lastAt',
  'alerts.ended_at as endedAt',
  'alerts.confirmed_at as confirmedAt',
  'alerts.counter',
  'alerts.importance',
  'alerts.device_id as deviceId',
  DEVICE_NAME.as('deviceName'),
  'alerts.rule_id as ruleId',
  RULE_NAME.as('ruleName'),
  sql<string | null>`(select r.type from alert_rules r where r.id = alerts.rule_id)`.as('ruleType'),
  sql<boolean | null>`(select r.archived_at is not null from alert_rules r where r.id = alerts.rule_id)`.as('ruleArchived'),
  'alerts.message_key as messageKey',
  'alerts.message_params as messageParams',
  sql<string | null>`(select r.description from alert_rules r where r.id = alerts.rule_id)`.as('description'),
  sql<unknown>`case when alerts.rule_id is null then null else ${ruleSummaryColumn(sql.ref('alerts.rule_id'), alertDeviceTypes(sql.ref('alerts.device_id'), sql.ref('alerts.rule_id')))} end`.as(
    'ruleSummary',
  ),
] as const;

/** Alerts as their readers see them: the list, one alert, confirming, and the counts of the header and pages. */
export class AlertsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The viewer's rules and requirement devices, read first: given as arrays, the planner knows how many alerts they
   * cover and picks its index (a user of a few rules reads them by rule, a user of most by creation), where a
   * subquery would leave it guessing.
   */
  private async resolve(viewer: AlertViewer): Promise<ResolvedViewer> {
    if (viewer.kind === 'scope') return viewer;
    const [rules, devices] = await Promise.all([
      this.db.selectFrom('alert_rule_users').select('rule_id').where('user_id', '=', viewer.userId).where('company_id', '=', viewer.companyId).execute(),
      this.db
        .selectFrom('device_requirement_users')
        .select('device_id')
        .where('user_id', '=', viewer.userId)
        .where('company_id', '=', viewer.companyId)
        .execute(),
    ]);
    return { kind: 'user', companyId: viewer.companyId, ruleIds: rules.map((r) => r.rule_id), deviceIds: devices.map((d) => d.device_id) };
  }

  /** The alerts the viewer sees (visibility.ts), matching the criteria. */
  private visible(viewer: ResolvedViewer, criteria: AlertCriteria = {}) {
    let query = this.db.selectFrom('alerts');
    if (viewer.kind === 'user') {
      query = query.where('alerts.company_id', '=', viewer.companyId).where(sql<boolean>`(
        (alerts.source = 'rule' and alerts.rule_id = any(${viewer.ruleIds}::int[]))
        or (alerts.source = 'requirement' and alerts.device_id = any(${viewer.deviceIds}::int[])))`);
    } else if (viewer.scope.kind === 'company') query = query.where('alerts.company_id', '=', viewer.scope.companyId);
    const { status, importance, deviceId, ruleId, from, before, to } = criteria;
    if (status === 'active') query = query.where('alerts.confirmed_at', 'is', null).where('alerts.ended_at', 'is', null);
    if (status === 'ended') query = query.where('alerts.confirmed_at', 'is', null).where('alerts.ended_at', 'is not', null);
    if (status === 'confirmed') query = query.where('alerts.confirmed_at', 'is not', null);
    if (importance !== undefined) query = query.where('alerts.importance', '=', importance);
    if (deviceId !== undefined) query = query.where('alerts.device_id', '=', deviceId);
    if (ruleId !== undefined) query = query.where('alerts.rule_id', '=', ruleId);
    if (from !== undefined) query = query.where('alerts.started_at', '>=', from);
    if (before !== undefined) query = query.where('alerts.started_at', '<', before);
    if (to !== undefined) query = query.where('alerts.started_at', '<=', to);
    return query;
  }

  /** A page of the list; its total counts at most ALERT_LIST_TOTAL_LIMIT alerts. */
  async list(viewer: AlertViewer, criteria: AlertCriteria, request: ListRequest<AlertSortField, unknown>): Promise<Page<AlertRecord>> {
    return pagedList(
      this.visible(await this.resolve(viewer), criteria),
      (matching) => matching.select(ALERT_COLUMNS),
      request,
      { columns: SORT_COLUMNS, tiebreak: sql`alerts.id` },
      async (matching) => {
        const limited = matching
          .select(sql<number>`1`.as('one'))
          .limit(ALERT_LIST_TOTAL_LIMIT)
          .as('limited');
        return (
          await this.db
            .selectFrom(limited)
            .select(sql<number>`count(*)::int`.as('total'))
            .executeTakeFirstOrThrow()
        ).total;
      },
    );
  }

  async find(viewer: AlertViewer, id: number): Promise<AlertRecord | undefined> {
    return this.visible(await this.resolve(viewer))
      .where('alerts.id', '=', id)
      .select(ALERT_COLUMNS)
      .executeTakeFirst();
  }

  /** Which of `ids` the viewer sees. */
  async visibleIds(viewer: AlertViewer, ids: number[]): Promise<number[]> {
    return (
      await this.visible(await this.resolve(viewer))
        .where('alerts.id', 'in', ids)
        .select('alerts.id')
        .execute()
    ).map((r) => r.id);
  }

  /** Confirms the viewer's unconfirmed alerts among `ids` (all matching the criteria when `ids` is null); answers how many. */
  async confirm(viewer: AlertViewer, userId: number, criteria: AlertCriteria, ids: number[] | null): Promise<number> {
    let matching = this.visible(await this.resolve(viewer), criteria).where('alerts.confirmed_at', 'is', null);
    if (ids !== null) matching = matching.where('alerts.id', 'in', ids);
    const result = await this.db
      .updateTable('alerts')
      .set({ confirmed_at: sql`now()`, confirmed_by: userId, updated_at: sql`now()` })
      .where('id', 'in', matching.select('alerts.id'))
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Active unconfirmed alerts the viewer sees, per importance (only those that have any). */
  async activeByImportance(viewer: AlertViewer, criteria: Pick<AlertCriteria, 'deviceId' | 'ruleId'> = {}): Promise<ImportanceCount[]> {
    return this.visible(await this.resolve(viewer), { ...criteria, status: 'active' })
      .select(['alerts.importance', sql<number>`count(*)::int`.as('count')])
      .groupBy('alerts.importance')
      .execute();
  }

  /** Active unconfirmed alerts the viewer sees, per device and importance (the dashboard's device summaries). */
  async activeByDevice(viewer: AlertViewer): Promise<(ImportanceCount & { deviceId: number })[]> {
    return this.visible(await this.resolve(viewer), { status: 'active' })
      .select(['alerts.device_id as deviceId', 'alerts.importance', sql<number>`count(*)::int`.as('count')])
      .groupBy(['alerts.device_id', 'alerts.importance'])
      .execute();
  }

  /** Whether the device is one the scope reaches (its page's stats answer 404 otherwise). */
  async deviceInScope(scope: TenantScope, deviceId: number): Promise<boolean> {
    let query = this.db.selectFrom('devices').select('id').where('id', '=', deviceId);
    if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The timezone of a company: the list's dates are its days. */
  async companyTimezone(companyId: number): Promise<string> {
    return (await this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow()).timezone;
  }
}
