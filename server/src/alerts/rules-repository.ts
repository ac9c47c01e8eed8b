import type { AlertRuleListFilter, AlertRuleSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';
import { ruleDeviceTypes, ruleSummaryColumn } from './rule-summary-repository.ts';

export interface AlertRuleRecord {
  id: number;
  companyId: number;
  name: string;
  type: string;
  importance: string;
  description: string | null;
  enabled: boolean;
  draft: boolean;
  archivedAt: Date | null;
  /** The first condition and its parameter, for the generated description (rule-summary-repository.ts). */
  summary: unknown;
  deviceCount: number;
  userCount: number;
  createdAt: Date;
}

export interface NamedRow {
  id: number;
  name: string;
}

/** The rows a rule links to, by the kind the assign calls and the delete's dependents name them. */
export type RuleLinkKind = 'devices' | 'groups' | 'users';

const LINK_TABLES = {
  devices: { link: 'alert_rule_devices', column: 'device_id', rows: 'devices' },
  groups: { link: 'alert_rule_device_groups', column: 'device_group_id', rows: 'device_groups' },
  users: { link: 'alert_rule_users', column: 'user_id', rows: 'users' },
} as const;

/** The devices a rule watches: its own and its groups' devices, each once. */
const watchedDevices = (ruleId: unknown) => sql`(
  select device_id from alert_rule_devices where rule_id = ${ruleId}
  union
  select gd.device_id from alert_rule_device_groups rg join device_group_devices gd on gd.device_group_id = rg.device_group_id where rg.rule_id = ${ruleId})`;
const deviceCount = sql<number>`(select count(*)::int from ${watchedDevices(sql.ref('alert_rules.id'))} watched)`;
const userCount = sql<number>`(select count(*)::int from alert_rule_users u where u.rule_id = alert_rules.id)`;

const SORT_COLUMNS = {
  id: sql`alert_rules.id`,
  name: sql`lower(alert_rules.name)`,
  type: sql`alert_rules.type`,
  importance: sql`case alert_rules.importance when 'info' then 1 when 'warning' then 2 else 3 end`,
  enabled: sql`alert_rules.enabled`,
  deviceCount,
  createdAt: sql`alert_rules.created_at`,
} as const;

const RULE_COLUMNS = [
  'alert_rules.id',
  'alert_rules.company_id as companyId',
  'alert_rules.name',
  'alert_rules.type',
  'alert_rules.importance',
  'alert_rules.description',
  'alert_rules.enabled',
  'alert_rules.draft',
  'alert_rules.archived_at as archivedAt',
  ruleSummaryColumn(sql.ref('alert_rules.id'), ruleDeviceTypes(sql.ref('alert_rules.id'))).as('summary'),
  'alert_rules.created_at as createdAt',
  deviceCount.as('deviceCount'),
  userCount.as('userCount'),
] as const;

/** First key of the advisory lock serialising the writes of one rule's links (the second is the rule). */
const RULE_LOCK_KEY = 720_431_161;

/** Alert rules: the list, one rule with its links, the form's writes, assignments, enable, delete and archive. */
export class AlertRulesRepository {
  private readonly lookups: FormLookupsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
  }

  /**
   * Runs `work` in one transaction with a repository bound to it: everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: AlertRulesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AlertRulesRepository(trx)));
  }

  private scoped(scope: TenantScope) {
    let query = this.db.selectFrom('alert_rules');
    if (scope.kind === 'company') query = query.where('alert_rules.company_id', '=', scope.companyId);
    return query;
  }

  async list(scope: TenantScope, request: ListRequest<AlertRuleSortField, AlertRuleListFilter>): Promise<Page<AlertRuleRecord>> {
    const { type, importance, enabled, device, archived } = request.filter;
    let query = this.scoped(scope).where('alert_rules.archived_at', archived ? 'is not' : 'is', null);
    if (request.search) query = query.where('alert_rules.name', 'ilike', likePattern(request.search));
    if (type !== undefined) query = query.where('alert_rules.type', '=', type);
    if (importance !== undefined) query = query.where('alert_rules.importance', '=', importance);
    if (enabled !== undefined) query = query.where('alert_rules.enabled', '=', enabled);
    if (device !== undefined) query = query.where(sql<boolean>`${device} in ${watchedDevices(sql.ref('alert_rules.id'))}`);
    return pagedList(query, (matching) => matching.select(RULE_COLUMNS), request, { columns: SORT_COLUMNS, tiebreak: sql`alert_rules.id` });
  }

  find(scope: TenantScope, id: number): Promise<AlertRuleRecord | undefined> {
    return this.scoped(scope).where('alert_rules.id', '=', id).select(RULE_COLUMNS).executeTakeFirst();
  }

  /** Locks the rule's row until the transaction ends, so its links and state change one write at a time. */
  async lock(id: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${RULE_LOCK_KEY}::int, ${id}::int)`.execute(this.db);
  }

  /** The rule's own devices, groups or users, named, by name. */
  async linked(kind: RuleLinkKind, ruleId: number): Promise<NamedRow[]> {
    const { link, column, rows } = LINK_TABLES[kind];
    const name = kind === 'users' ? sql`coalesce(nullif(trim(r.firstname || ' ' || r.lastname), ''), r.username)` : sql`r.name`;
    const result = await sql<NamedRow>`select r.id, ${name} as name from ${sql.table(link)} l join ${sql.table(rows)} r on r.id = l.${sql.ref(column)}
      where l.rule_id = ${ruleId} order by lower(${name}), r.id`.execute(this.db);
    return result.rows;
  }

  /** The rule's conditions in order. */
  conditions(ruleId: number): Promise<{ id: number; position: number; condition: unknown }[]> {
    return this.db
      .selectFrom('alert_rule_conditions')
      .select(['id', 'position', 'condition'])
      .where('rule_id', '=', ruleId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Which of `ids` are devices, device groups or users of the company. */
  async companyRowIds(kind: RuleLinkKind, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const table = LINK_TABLES[kind].rows;
    const rows = await this.db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  companies(): Promise<NamedRow[]> {
    return this.lookups.companyChoices();
  }

  /** A new rule is a disabled draft until the wizard's Finish enables it (issue 32 item 6). */
  async insert(companyId: number, rule: { name: string; type: string; importance: string; description: string | null }): Promise<number> {
    const row = await this.db
      .insertInto('alert_rules')
      .values({ company_id: companyId, ...rule, enabled: false, draft: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, rule: { name: string; importance: string; description: string | null }): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      .set({ ...rule, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** The names, in lower case, of the company's rules (archived ones too) that start with `prefix` (numbering copies). */
  namesStartingWith(companyId: number, prefix: string): Promise<Set<string>> {
    return this.lookups.namesInCompanyStartingWith('alert_rules', companyId, prefix);
  }

  /** Serialises the copies of one company until the transaction ends, so two copies cannot take one name. */
  lockCompanyCopies(companyId: number): Promise<void> {
    return this.lookups.lockCompanyCopies(companyId);
  }

  /**
   * A new rule of the source's company named `name`: its type, importance, description, conditions and device,
   * group and user links. Disabled and not a draft: it is whole, and enabling it is the user's choice.
   */
  async duplicate(sourceId: number, name: string): Promise<number> {
    const copy = await this.db
      .insertInto('alert_rules')
      .columns(['company_id', 'name', 'type', 'importance', 'description', 'enabled', 'draft'])
      .expression((eb) =>
        eb
          .selectFrom('alert_rules')
          .select(['company_id', eb.val(name).as('name'), 'type', 'importance', 'description', eb.lit(false).as('enabled'), eb.lit(false).as('draft')])
          .where('id', '=', sourceId),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('alert_rule_conditions')
      .columns(['company_id', 'rule_id', 'position', 'condition'])
      .expression((eb) =>
        eb
          .selectFrom('alert_rule_conditions')
          .select(['company_id', eb.val(copy.id).as('rule_id'), 'position', 'condition'])
          .where('rule_id', '=', sourceId),
      )
      .execute();
    for (const { link, column } of Object.values(LINK_TABLES)) {
      await sql`insert into ${sql.table(link)} (company_id, rule_id, ${sql.ref(column)})
                select company_id, ${copy.id}::int, ${sql.ref(column)} from ${sql.table(link)} where rule_id = ${sourceId}`.execute(this.db);
    }
    return copy.id;
  }

  async setEnabled(id: number, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      // Enabling a disabled rule starts it afresh: what happened while it was off is not judged.
      .set({
        enabled,
        // Enabling is what finishes a draft; disabling one leaves it a draft.
        draft: enabled ? false : sql`alert_rules.draft`,
        updated_at: sql`now()`,
        // From the whole second: modules stamp readings in whole seconds (docs/ingest.md), and a reading of the very
        // second the rule was finished in is one the user expects it to judge.
        active_since: enabled
          ? sql`case when alert_rules.enabled then alert_rules.active_since else date_trunc('second', now()) end`
          : sql`alert_rules.active_since`,
      })
      .where('id', '=', id)
      .execute();
  }

  async assign(kind: RuleLinkKind, companyId: number, ruleId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const { link, column } = LINK_TABLES[kind];
    const values = ids.map((id) => sql`(${companyId}::int, ${ruleId}::int, ${id}::int)`);
    await sql`insert into ${sql.table(link)} (company_id, rule_id, ${sql.ref(column)}) values ${sql.join(values)} on conflict do nothing`.execute(this.db);
  }

  /** Removes every device, group and user link and every condition of the rule: what it owns goes with it. */
  async deleteOwned(ruleId: number): Promise<void> {
    for (const kind of ['devices', 'groups', 'users'] as const) await this.unassign(kind, ruleId, null);
    await this.deleteConditions(ruleId);
  }

  /** Removes the links to `ids`, or every link of the kind when `ids` is null. */
  async unassign(kind: RuleLinkKind, ruleId: number, ids: number[] | null): Promise<void> {
    const { link, column } = LINK_TABLES[kind];
    const only = ids === null ? sql`` : sql`and ${sql.ref(column)} = any(${ids}::int[])`;
    await sql`delete from ${sql.table(link)} where rule_id = ${ruleId} ${only}`.execute(this.db);
  }

  async deleteConditions(ruleId: number): Promise<void> {
    await this.db.deleteFrom('alert_rule_conditions').where('rule_id', '=', ruleId).execute();
  }

  /** Whether any alert refers to the rule: then it is archived rather than deleted. */
  async hasAlerts(ruleId: number): Promise<boolean> {
    return (await this.db.selectFrom('alerts').select('id').where('rule_id', '=', ruleId).limit(1).executeTakeFirst()) !== undefined;
  }

  async archive(id: number): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      .set({ archived_at: sql`now()`, enabled: false, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('alert_rules').where('id', '=', id).execute();
  }
}
