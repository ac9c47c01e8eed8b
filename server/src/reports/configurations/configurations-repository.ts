import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReportConfigurationListFilter, ReportConfigurationSortField } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import type { ListRequest, Page } from '../../http/list.ts';
import { likePattern } from '../../http/list.ts';
import { pagedList } from '../../db/paged-list.ts';
import type { TenantScope } from '../../security/context.ts';
import { FormLookupsRepository } from '../../forms/lookups-repository.ts';

/** A configuration as stored, with what the API shows of its links. */
export interface ConfigurationRecord {
  id: number;
  companyId: number;
  reportType: string;
  name: string;
  reportInterval: string;
  frequency: string;
  format: string;
  from: string | null;
  to: string | null;
  enabled: boolean;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: Date;
  activeSince: Date;
}

export interface Named {
  id: number;
  name: string;
}

/** What a configuration is made of, checked by the service (configuration-input.ts). */
export interface ConfigurationValues {
  reportType: string;
  name: string;
  reportInterval: string;
  frequency: string;
  format: string;
  from: string | null;
  to: string | null;
  deviceGroupIds: number[];
  operatorGroupIds: number[];
  userIds: number[];
  emails: string[];
}

const SORT = {
  name: sql`lower(c.name)`,
  reportType: sql`c.report_type`,
  frequency: sql`c.frequency`,
  enabled: sql`c.enabled`,
  createdAt: sql`c.created_at`,
} as const;

/** The SQL of report configurations (migration 020); every query is scoped by the company. */
export class ConfigurationsRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: ConfigurationsRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ConfigurationsRepository(trx), trx));
  }

  private base() {
    return this.db
      .selectFrom('report_configurations as c')
      .leftJoin('users as u', 'u.id', 'c.created_by')
      .select([
        'c.id',
        'c.company_id as companyId',
        'c.report_type as reportType',
        'c.name',
        'c.report_interval as reportInterval',
        'c.frequency',
        'c.format',
        sql<string | null>`c.period_from::text`.as('from'),
        sql<string | null>`c.period_to::text`.as('to'),
        'c.enabled',
        'c.created_by as createdBy',
        sql<string | null>`case when u.id is null then null else trim(u.firstname || ' ' || u.lastname) end`.as('createdByName'),
        'c.created_at as createdAt',
        'c.active_since as activeSince',
      ]);
  }

  async list(scope: TenantScope, request: ListRequest<ReportConfigurationSortField, ReportConfigurationListFilter>): Promise<Page<ConfigurationRecord>> {
    const { filter } = request;
    let matching = this.db.selectFrom('report_configurations as c');
    if (scope.kind === 'company') matching = matching.where('c.company_id', '=', scope.companyId);
    if (filter.reportType) matching = matching.where('c.report_type', '=', filter.reportType);
    if (filter.frequency) matching = matching.where('c.frequency', '=', filter.frequency);
    if (filter.cyclic !== undefined) matching = matching.where('c.frequency', filter.cyclic ? '<>' : '=', 'once');
    if (filter.enabled !== undefined) matching = matching.where('c.enabled', '=', filter.enabled);
    if (request.search) matching = matching.where('c.name', 'ilike', likePattern(request.search));
    const page = await pagedList(matching, (query) => query.select('c.id'), request, { columns: SORT, tiebreak: sql`c.id` });
    const ids = page.entries.map((row) => row.id);
    const rows = ids.length === 0 ? [] : await this.base().where('c.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { total: page.total, entries: ids.map((id) => byId.get(id)!).filter(Boolean) };
  }

  find(scope: TenantScope, id: number): Promise<ConfigurationRecord | undefined> {
    const query = this.base().where('c.id', '=', id);
    return (scope.kind === 'company' ? query.where('c.company_id', '=', scope.companyId) : query).executeTakeFirst();
  }

  /** Locks the configuration's row for this transaction (a write, the period maker). */
  async lock(id: number): Promise<void> {
    await sql`select id from report_configurations where id = ${id} for update`.execute(this.db);
  }

  async groups(id: number): Promise<{ device: Named[]; operator: Named[] }> {
    const [device, operator] = await Promise.all([
      this.db
        .selectFrom('report_configuration_device_groups as l')
        .innerJoin('device_groups as g', 'g.id', 'l.device_group_id')
        .select(['g.id', 'g.name'])
        .where('l.configuration_id', '=', id)
        .orderBy('g.name')
        .execute(),
      this.db
        .selectFrom('report_configuration_operator_groups as l')
        .innerJoin('operator_groups as g', 'g.id', 'l.operator_group_id')
        .select(['g.id', 'g.name'])
        .where('l.configuration_id', '=', id)
        .orderBy('g.name')
        .execute(),
    ]);
    return { device, operator };
  }

  users(id: number): Promise<Named[]> {
    return this.db
      .selectFrom('report_configuration_users as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['u.id', sql<string>`trim(u.firstname || ' ' || u.lastname)`.as('name')])
      .where('l.configuration_id', '=', id)
      .orderBy('u.lastname')
      .orderBy('u.id')
      .execute();
  }

  async emails(id: number): Promise<string[]> {
    const rows = await this.db.selectFrom('report_configuration_emails').select('email').where('configuration_id', '=', id).orderBy('email').execute();
    return rows.map((row) => row.email);
  }

  /** The last period made of a cyclic configuration. */
  async lastPeriod(id: number): Promise<{ from: string; to: string } | null> {
    const row = await this.db
      .selectFrom('report_periods')
      .select([sql<string>`period_from::text`.as('from'), sql<string>`period_to::text`.as('to')])
      .where('configuration_id', '=', id)
      .orderBy('period_from', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Which of `ids` are rows of the company in `table` (device groups, operator groups, users). */
  async companyIds(table: 'device_groups' | 'operator_groups' | 'users', companyId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((row) => row.id);
  }

  async insert(companyId: number, createdBy: number | null, values: ConfigurationValues): Promise<number> {
    const row = await this.db
      .insertInto('report_configurations')
      .values({ company_id: companyId, created_by: createdBy, ...columns(values) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.link(companyId, row.id, values);
    return row.id;
  }

  /** The names, in lower case, of the company's configurations that start with `prefix` (numbering copies). */
  namesStartingWith(companyId: number, prefix: string): Promise<Set<string>> {
    return new FormLookupsRepository(this.db).namesInCompanyStartingWith('report_configurations', companyId, prefix);
  }

  /** Serialises the copies of one company until the transaction ends, so two copies cannot take one name. */
  lockCompanyCopies(companyId: number): Promise<void> {
    return new FormLookupsRepository(this.db).lockCompanyCopies(companyId);
  }

  /**
   * A new configuration of the source's company named `name`, made by `createdBy`: its type, interval, frequency,
   * format, range, groups and recipients; switched off, with no periods and no files.
   */
  async duplicate(sourceId: number, name: string, createdBy: number | null): Promise<number> {
    const copy = await this.db
      .insertInto('report_configurations')
      .columns(['company_id', 'report_type', 'name', 'report_interval', 'frequency', 'format', 'period_from', 'period_to', 'enabled', 'created_by'])
      .expression((eb) =>
        eb
          .selectFrom('report_configurations')
          .select([
            'company_id',
            'report_type',
            eb.val(name).as('name'),
            'report_interval',
            'frequency',
            'format',
            'period_from',
            'period_to',
            eb.lit(false).as('enabled'),
            eb.val(createdBy).as('created_by'),
          ])
          .where('id', '=', sourceId),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into report_configuration_emails (configuration_id, email)
              select ${copy.id}::int, email from report_configuration_emails where configuration_id = ${sourceId}`.execute(this.db);
    for (const [table, column] of [
      ['report_configuration_users', 'user_id'],
      ['report_configuration_device_groups', 'device_group_id'],
      ['report_configuration_operator_groups', 'operator_group_id'],
    ] as const) {
      await sql`insert into ${sql.table(table)} (company_id, configuration_id, ${sql.ref(column)})
                select company_id, ${copy.id}::int, ${sql.ref(column)} from ${sql.table(table)} where configuration_id = ${sourceId}`.execute(this.db);
    }
    return copy.id;
  }

  /** Replaces the configuration's values and links. */
  async update(companyId: number, id: number, values: ConfigurationValues): Promise<void> {
    await this.db
      .updateTable('report_configurations')
      .set({ ...columns(values), updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    for (const table of [
      'report_configuration_users',
      'report_configuration_emails',
      'report_configuration_device_groups',
      'report_configuration_operator_groups',
    ] as const) {
      await this.db.deleteFrom(table).where('configuration_id', '=', id).execute();
    }
    await this.link(companyId, id, values);
  }

  /** A new frequency starts its periods afresh from now (the old frequency's periods would collide with its keys). */
  async restartPeriods(id: number): Promise<void> {
    await this.db.deleteFrom('report_periods').where('configuration_id', '=', id).execute();
    await this.db
      .updateTable('report_configurations')
      .set({ active_since: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Enabling again starts the periods from now: the ones missed while it was off are not made. */
  async setEnabled(companyId: number, id: number, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('report_configurations')
      .set({ enabled, updated_at: sql<Date>`now()`, ...(enabled ? { active_since: sql<Date>`case when enabled then active_since else now() end` } : {}) })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('report_configurations').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Removes one recipient (an unsubscribe link): a user id or a typed address. True when there was one. */
  async removeRecipient(id: number, recipient: { userId: number } | { email: string }): Promise<boolean> {
    const result =
      'userId' in recipient
        ? await this.db.deleteFrom('report_configuration_users').where('configuration_id', '=', id).where('user_id', '=', recipient.userId).executeTakeFirst()
        : await this.db
            .deleteFrom('report_configuration_emails')
            .where('configuration_id', '=', id)
            .where(sql<boolean>`lower(email) = lower(${recipient.email})`)
            .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private async link(companyId: number, id: number, values: ConfigurationValues): Promise<void> {
    const configuration_id = id;
    if (values.userIds.length)
      await this.db
        .insertInto('report_configuration_users')
        .values(values.userIds.map((user_id) => ({ company_id: companyId, configuration_id, user_id })))
        .execute();
    if (values.emails.length)
      await this.db
        .insertInto('report_configuration_emails')
        .values(values.emails.map((email) => ({ configuration_id, email })))
        .execute();
    if (values.deviceGroupIds.length) {
      await this.db
        .insertInto('report_configuration_device_groups')
        .values(values.deviceGroupIds.map((device_group_id) => ({ company_id: companyId, configuration_id, device_group_id })))
        .execute();
    }
    if (values.operatorGroupIds.length) {
      await this.db
        .insertInto('report_configuration_operator_groups')
        .values(values.operatorGroupIds.map((operator_group_id) => ({ company_id: companyId, configuration_id, operator_group_id })))
        .execute();
    }
  }
}

function columns(values: ConfigurationValues) {
  return {
    report_type: values.reportType,
    name: values.name,
    report_interval: values.reportInterval,
    frequency: values.frequency,
    format: values.format,
    period_from: values.from,
    period_to: values.to,
  };
}

/** The company's time zone (periods, the default range). */
export async function companyTimezone(db: Kysely<DB>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst();
  return row?.timezone ?? 'Europe/Warsaw';
}
