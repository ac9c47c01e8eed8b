import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { COMPANY_SORT_FIELDS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import { hasTelemetry } from '../rollups/latest-repository.ts';
import type { ListRequest } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';

export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

export interface NamedRow {
  id: number;
  name: string;
}

export interface CompanyRow {
  id: number;
  name: string;
  subscriberId: number | null;
  subscriberName: string | null;
  timezone: string;
  subscriptionType: string;
  automaticOperatorRegistration: boolean;
  userCount: number;
  deviceCount: number;
  hasTelemetry: boolean;
}

export interface CompanyWrite {
  name: string;
  subscriberId: number | null;
  timezone: string;
  subscriptionType: string;
  automaticOperatorRegistration: boolean;
}

/** The rows that keep a company from being deleted. */
export interface CompanyDependents {
  users: NamedRow[];
  devices: NamedRow[];
  sensors: NamedRow[];
}

const SORT_COLUMNS = { id: sql`companies.id`, name: sql`lower(companies.name)` } as const;

/** The unique index on the lower-cased company name (migration 001). */
export const COMPANY_NAME_INDEX = 'companies_name_key';

/** Companies (the administration's "user groups"): list, one company, the form's writes, delete. */
export class CompaniesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` in one transaction with a repository bound to it (use only that one inside). */
  transaction<T>(work: (repository: CompaniesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CompaniesRepository(trx)));
  }

  /** The ids of one page of companies in the list order, and how many match in all. */
  async listIds(request: ListRequest<CompanySortField>): Promise<{ ids: number[]; total: number }> {
    let query = this.db.selectFrom('companies');
    if (request.search) query = query.where('companies.name', 'ilike', likePattern(request.search));
    const page = await pagedList(query, (matching) => matching.select('companies.id'), request, { columns: SORT_COLUMNS, tiebreak: sql`companies.id` });
    return { ids: page.entries.map((r) => r.id), total: page.total };
  }

  /** The companies of `ids` with their subscriber, counts and whether they have telemetry; in no particular order. */
  async byIds(ids: number[]): Promise<CompanyRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('companies')
      .leftJoin('subscribers', 'subscribers.id', 'companies.subscriber_id')
      .select([
        'companies.id',
        'companies.name',
        'companies.subscriber_id as subscriberId',
        'subscribers.name as subscriberName',
        'companies.timezone',
        'companies.subscription_type as subscriptionType',
        'companies.automatic_operator_registration as automaticOperatorRegistration',
        sql<number>`(select count(*)::int from users u where u.company_id = companies.id)`.as('userCount'),
        sql<number>`(select count(*)::int from devices d where d.company_id = companies.id)`.as('deviceCount'),
        hasTelemetry(sql`companies.id`).as('hasTelemetry'),
      ])
      .where('companies.id', 'in', ids)
      .execute();
  }

  async find(id: number): Promise<CompanyRow | undefined> {
    return (await this.byIds([id]))[0];
  }

  /** The company's timezone, the row locked for the rest of the transaction; undefined when there is none. */
  async lock(id: number): Promise<{ timezone: string } | undefined> {
    return this.db.selectFrom('companies').select('timezone').where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async hasTelemetry(id: number): Promise<boolean> {
    const result = await sql<{ locked: boolean }>`select ${hasTelemetry(sql`${id}::int`)} as locked`.execute(this.db);
    return result.rows[0]?.locked === true;
  }

  /** Whether the database knows a timezone name (the rollups read dates `at time zone` it). */
  async timezoneKnown(name: string): Promise<boolean> {
    try {
      await sql`select now() at time zone ${name}`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }

  subscribers(): Promise<NamedRow[]> {
    return this.db
      .selectFrom('subscribers')
      .select(['id', 'name'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** The subscriber exists, kept from being deleted until the transaction ends. */
  async subscriberExists(id: number): Promise<boolean> {
    return (await this.db.selectFrom('subscribers').select('id').where('id', '=', id).forShare().executeTakeFirst()) !== undefined;
  }

  /** Another company has this name, in any letter case. */
  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('companies')
      .select('id')
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .where('id', '!=', exceptId ?? 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(company: CompanyWrite): Promise<number> {
    return (await this.db.insertInto('companies').values(columns(company)).returning('id').executeTakeFirstOrThrow()).id;
  }

  async update(id: number, company: CompanyWrite): Promise<void> {
    await this.db.updateTable('companies').set(columns(company)).where('id', '=', id).execute();
  }

  /** Its users, devices and modules, by name (one query after another: this runs inside the delete's transaction). */
  async dependents(id: number): Promise<CompanyDependents> {
    const users = await this.db
      .selectFrom('users')
      .select(['id', sql<string>`coalesce(nullif(trim(firstname || ' ' || lastname), ''), username)`.as('name')])
      .where('company_id', '=', id)
      .orderBy(sql`lower(lastname)`)
      .orderBy(sql`lower(firstname)`)
      .orderBy('id')
      .execute();
    const devices = await this.db
      .selectFrom('devices')
      .select(['id', 'name'])
      .where('company_id', '=', id)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    const sensors = await this.db
      .selectFrom('sensors')
      .select(['id', 'name'])
      .where('company_id', '=', id)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return { users, devices, sensors };
  }

  /**
   * Deletes a company without users, devices or modules, with its remaining settings: device groups, operators,
   * operator groups (and, by cascade, production shifts).
   */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('device_groups').where('company_id', '=', id).execute();
    await this.db.deleteFrom('operators').where('company_id', '=', id).execute();
    await this.db.deleteFrom('operator_groups').where('company_id', '=', id).execute();
    await this.db.deleteFrom('companies').where('id', '=', id).execute();
  }
}

function columns(company: CompanyWrite) {
  return {
    name: company.name,
    subscriber_id: company.subscriberId,
    timezone: company.timezone,
    subscription_type: company.subscriptionType,
    automatic_operator_registration: company.automaticOperatorRegistration,
  };
}
