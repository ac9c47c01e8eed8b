import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import { likePattern } from '../http/list.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';

/** What the list sorts by: the service orders these with the Polish collation, which PGlite (no ICU) cannot. */
export interface OperatorSortKeys {
  id: number;
  firstname: string;
  lastname: string;
  rfid: string | null;
  groupName: string | null;
}

export interface OperatorRow {
  id: number;
  companyId: number;
  firstname: string;
  lastname: string;
  email: string | null;
  position: string | null;
  rfid: string | null;
  phone: string | null;
  supervisor: string | null;
  companyName: string | null;
  groupId: number | null;
  groupName: string | null;
  deviceCount: number;
  /** The company's timezone: the operator's days, weeks and months are its. */
  timezone: string;
}

export interface OperatorGroupRow {
  id: number;
  name: string;
}

/** A row an operator may link to, with its company (the super-admin's choices span companies). */
export interface LinkableRow {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
}

export interface NamedRow {
  id: number;
  name: string;
}

export interface SessionRow {
  id: number;
  deviceId: number;
  deviceName: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
}

/** The operator's own columns, as a form write stores them. */
export interface OperatorWrite {
  groupId: number | null;
  firstname: string;
  lastname: string;
  email: string | null;
  position: string | null;
  rfid: string | null;
  phone: string | null;
  supervisor: string | null;
  companyName: string | null;
}

const ROW_COLUMNS = [
  'operators.id',
  'operators.company_id as companyId',
  'operators.firstname',
  'operators.lastname',
  'operators.email',
  'operators.position',
  'operators.rfid',
  'operators.phone',
  'operators.supervisor',
  'operators.company_name as companyName',
  'operator_groups.id as groupId',
  'operator_groups.name as groupName',
  'companies.timezone',
] as const;

/** Device operators: the list, one operator with its devices and sessions, the form's choices and writes. */
export class OperatorsRepository {
  private readonly lookups: FormLookupsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
  }

  /**
   * Runs `work` in one transaction with a repository bound to it; everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: OperatorsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new OperatorsRepository(trx)));
  }

  /**
   * The sort keys of every visible operator matching the search (names, "first last", "last first", e-mail, RFID)
   * and, when given, of one operator group; unordered.
   */
  listKeys(scope: TenantScope, search: string | undefined, groupId: number | undefined): Promise<OperatorSortKeys[]> {
    let query = this.db
      .selectFrom('operators')
      .leftJoin('operator_groups', 'operator_groups.id', 'operators.operator_group_id')
      .select(['operators.id', 'operators.firstname', 'operators.lastname', 'operators.rfid', 'operator_groups.name as groupName']);
    if (scope.kind === 'company') query = query.where('operators.company_id', '=', scope.companyId);
    if (search) {
      const pattern = likePattern(search);
      query = query.where((eb) =>
        eb.or([
          eb('operators.firstname', 'ilike', pattern),
          eb('operators.lastname', 'ilike', pattern),
          eb('operators.email', 'ilike', pattern),
          eb('operators.rfid', 'ilike', pattern),
          eb(sql`operators.firstname || ' ' || operators.lastname`, 'ilike', pattern),
          eb(sql`operators.lastname || ' ' || operators.firstname`, 'ilike', pattern),
        ]),
      );
    }
    if (groupId !== undefined) query = query.where('operators.operator_group_id', '=', groupId);
    return query.execute();
  }

  /** The operators of `ids` (already scoped by the caller), in no particular order. */
  async byIds(ids: number[]): Promise<OperatorRow[]> {
    if (ids.length === 0) return [];
    return this.rows().where('operators.id', 'in', ids).execute();
  }

  find(scope: TenantScope, id: number): Promise<OperatorRow | undefined> {
    let query = this.rows().where('operators.id', '=', id);
    if (scope.kind === 'company') query = query.where('operators.company_id', '=', scope.companyId);
    return query.executeTakeFirst();
  }

  private rows() {
    return this.db
      .selectFrom('operators')
      .innerJoin('companies', 'companies.id', 'operators.company_id')
      .leftJoin('operator_groups', 'operator_groups.id', 'operators.operator_group_id')
      .select([...ROW_COLUMNS, sql<number>`(select count(*)::int from device_operators l where l.operator_id = operators.id)`.as('deviceCount')]);
  }

  /** The devices the operator is assigned to, by name. */
  devicesOf(operatorId: number): Promise<NamedRow[]> {
    return this.db
      .selectFrom('device_operators')
      .innerJoin('devices', 'devices.id', 'device_operators.device_id')
      .select(['devices.id', 'devices.name'])
      .where('device_operators.operator_id', '=', operatorId)
      .orderBy(sql`lower(devices.name)`)
      .orderBy('devices.id')
      .execute();
  }

  /** The operator's latest card sessions, newest first (their work: SessionRollupsRepository.sessionTotals). */
  async sessions(companyId: number, operatorId: number, limit: number): Promise<SessionRow[]> {
    const result = await sql<SessionRow>`
      select s.id::int8::float8 as id, s.device_id as "deviceId", d.name as "deviceName", s.started_at as "startedAt", s.ended_at as "endedAt"
      from operator_sessions s
      join devices d on d.id = s.device_id
      where s.operator_id = ${operatorId}::int and s.company_id = ${companyId}::int
      order by s.started_at desc, s.id desc
      limit ${limit}::int`.execute(this.db);
    return result.rows;
  }

  /**
   * Every visible operator group matching the search, unordered: the service sorts them with the Polish
   * collation, which PGlite (no ICU) cannot do in SQL. A company has few operator groups.
   */
  allOperatorGroups(scope: TenantScope, search: string | undefined): Promise<OperatorGroupRow[]> {
    let query = this.db.selectFrom('operator_groups').select(['id', 'name']);
    if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId);
    if (search) query = query.where('name', 'ilike', likePattern(search));
    return query.execute();
  }

  /** The operators of the groups, by operator id. */
  operatorsOf(groupIds: number[]): Promise<{ groupId: number; id: number }[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('operators')
      .select([sql<number>`operator_group_id`.as('groupId'), 'id'])
      .where('operator_group_id', 'in', groupIds)
      .orderBy('id')
      .execute();
  }

  companies(): Promise<NamedRow[]> {
    return this.lookups.companyChoices();
  }

  /** The operator groups of one company, or of every company (null); unordered. */
  groupChoices(companyId: number | null): Promise<LinkableRow[]> {
    let query = this.db
      .selectFrom('operator_groups')
      .innerJoin('companies', 'companies.id', 'operator_groups.company_id')
      .select(['operator_groups.id', 'operator_groups.name', 'companies.id as companyId', 'companies.name as companyName']);
    if (companyId !== null) query = query.where('operator_groups.company_id', '=', companyId);
    return query.execute();
  }

  /** The devices of one company, or of every company (null); unordered. */
  deviceChoices(companyId: number | null): Promise<LinkableRow[]> {
    let query = this.db
      .selectFrom('devices')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .select(['devices.id', 'devices.name', 'companies.id as companyId', 'companies.name as companyName']);
    if (companyId !== null) query = query.where('devices.company_id', '=', companyId);
    return query.execute();
  }

  /** The company of each existing operator group among `ids`, kept from being deleted until the transaction ends. */
  groupCompanies(ids: number[]): Promise<{ id: number; companyId: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('operator_groups').select(['id', 'company_id as companyId']).where('id', 'in', ids).forKeyShare().execute();
  }

  /**
   * The company of each existing device among `ids`, locking the devices until the transaction ends: two writes
   * assigning operators to one device then count its operators one after the other.
   */
  lockDevices(ids: number[]): Promise<{ id: number; companyId: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('devices').select(['id', 'company_id as companyId']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  }

  /** How many operators other than `exceptOperatorId` each of the devices has (devices with none are left out). */
  operatorCounts(deviceIds: number[], exceptOperatorId: number | null): Promise<{ deviceId: number; count: number }[]> {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device_operators')
      .select(['device_id as deviceId', sql<number>`count(*)::int`.as('count')])
      .where('device_id', 'in', deviceIds)
      .where('operator_id', '!=', exceptOperatorId ?? 0)
      .groupBy('device_id')
      .execute();
  }

  /** Whether another operator of the company carries the card, without regard to case. */
  async rfidTaken(companyId: number, rfid: string, exceptId: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('operators')
      .select('id')
      .where('company_id', '=', companyId)
      .where(sql`upper(rfid)`, '=', rfid.toUpperCase())
      .where('id', '!=', exceptId ?? 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Locks the operator's row until the transaction ends; false when it is gone. */
  async lockOperator(id: number): Promise<boolean> {
    return (await this.db.selectFrom('operators').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
  }

  async insert(companyId: number, operator: OperatorWrite): Promise<number> {
    const row = await this.db
      .insertInto('operators')
      .values({ company_id: companyId, ...columnsOf(operator) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, operator: OperatorWrite): Promise<void> {
    await this.db.updateTable('operators').set(columnsOf(operator)).where('id', '=', id).execute();
  }

  /** Makes `deviceIds` (all of the operator's company) the operator's devices. */
  async replaceDevices(companyId: number, operatorId: number, deviceIds: number[]): Promise<void> {
    await this.unassignDevices(operatorId);
    if (deviceIds.length === 0) return;
    await this.db
      .insertInto('device_operators')
      .values(deviceIds.map((deviceId) => ({ company_id: companyId, device_id: deviceId, operator_id: operatorId })))
      .execute();
  }

  async unassignDevices(operatorId: number): Promise<void> {
    await this.db.deleteFrom('device_operators').where('operator_id', '=', operatorId).execute();
  }

  /**
   * Deletes the operator. Its card sessions stay, as sessions of a card no operator carries (operator_id null, as
   * ingest records an unknown card): operator_sessions has no foreign key to operators, so they would otherwise
   * point at a row that no longer exists.
   */
  async delete(operatorId: number): Promise<void> {
    await this.db.updateTable('operator_sessions').set({ operator_id: null }).where('operator_id', '=', operatorId).execute();
    await this.db.deleteFrom('operators').where('id', '=', operatorId).execute();
  }
}

function columnsOf(operator: OperatorWrite) {
  return {
    operator_group_id: operator.groupId,
    firstname: operator.firstname,
    lastname: operator.lastname,
    email: operator.email,
    position: operator.position,
    rfid: operator.rfid,
    phone: operator.phone,
    supervisor: operator.supervisor,
    company_name: operator.companyName,
  };
}
