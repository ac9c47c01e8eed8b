import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';

export interface OperatorGroupRow {
  id: number;
  companyId: number;
  name: string;
  operatorCount: number;
}

export interface NamedRow {
  id: number;
  name: string;
}

/** An operator a group may hold, with its company (a super-admin's choices span companies). */
export interface OperatorChoiceRow {
  id: number;
  firstname: string;
  lastname: string;
  companyId: number;
  companyName: string;
}

/** First key of the advisory lock serialising operator-group writes of one company (the second is the company). */
const WRITE_LOCK_KEY = 720_431_102;

const operatorCount = sql<number>`(select count(*)::int from operators o where o.operator_group_id = operator_groups.id)`;

/** Operator groups: one group, the form's choices and writes, delete and unassign (the list is operators/'s). */
export class OperatorGroupsRepository {
  private readonly lookups: FormLookupsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
  }

  /**
   * Runs `work` in one transaction with a repository bound to it: everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: OperatorGroupsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new OperatorGroupsRepository(trx)));
  }

  /** Serialises the operator-group writes of one company until the transaction ends (one name, one group). */
  async lockCompany(companyId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY}::int, ${companyId}::int)`.execute(this.db);
  }

  find(scope: TenantScope, id: number): Promise<OperatorGroupRow | undefined> {
    let query = this.db
      .selectFrom('operator_groups')
      .select(['operator_groups.id', 'operator_groups.company_id as companyId', 'operator_groups.name', operatorCount.as('operatorCount')])
      .where('operator_groups.id', '=', id);
    if (scope.kind === 'company') query = query.where('operator_groups.company_id', '=', scope.companyId);
    return query.executeTakeFirst();
  }

  /** The group's operators as "Firstname Lastname", by id. */
  async membersOf(groupId: number): Promise<NamedRow[]> {
    const rows = await this.db.selectFrom('operators').select(['id', 'firstname', 'lastname']).where('operator_group_id', '=', groupId).orderBy('id').execute();
    return rows.map((o) => ({ id: o.id, name: `${o.firstname} ${o.lastname}`.trim() }));
  }

  /** Whether another operator group of the company has this name, in any letter case. */
  async nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    return this.lookups.nameTakenInCompany('operator_groups', companyId, name, exceptId);
  }

  companies(): Promise<NamedRow[]> {
    return this.lookups.companyChoices();
  }

  /** The operators of one company, or of every company (null); unordered (the service sorts them in Polish). */
  operatorChoices(companyId: number | null): Promise<OperatorChoiceRow[]> {
    let query = this.db
      .selectFrom('operators')
      .innerJoin('companies', 'companies.id', 'operators.company_id')
      .select(['operators.id', 'operators.firstname', 'operators.lastname', 'companies.id as companyId', 'companies.name as companyName']);
    if (companyId !== null) query = query.where('operators.company_id', '=', companyId);
    return query.execute();
  }

  /** Which of `ids` are operators of the company (the group's members). */
  companyMembers(companyId: number, ids: number[]): Promise<number[]> {
    return this.lookups.companyRowIds('operators', companyId, ids);
  }

  async insert(companyId: number, group: { name: string }): Promise<number> {
    const row = await this.db.insertInto('operator_groups').values({ company_id: companyId, name: group.name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, group: { name: string }): Promise<void> {
    await this.db.updateTable('operator_groups').set({ name: group.name }).where('id', '=', id).execute();
  }

  /** Makes `operatorIds` the group's operators: others leave it, these join it (leaving any group they were in). */
  async replaceMembers(companyId: number, groupId: number, operatorIds: number[]): Promise<void> {
    let leaving = this.db.updateTable('operators').set({ operator_group_id: null }).where('operator_group_id', '=', groupId);
    if (operatorIds.length > 0) leaving = leaving.where('id', 'not in', operatorIds);
    await leaving.execute();
    if (operatorIds.length === 0) return;
    await this.db.updateTable('operators').set({ operator_group_id: groupId }).where('company_id', '=', companyId).where('id', 'in', operatorIds).execute();
  }

  /** Locks the group's row until the transaction ends; false when it does not exist. */
  async lockGroup(id: number): Promise<boolean> {
    return (await this.db.selectFrom('operator_groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('operator_groups').where('id', '=', id).execute();
  }

  /** Takes every operator out of the group (their group becomes none). */
  async unassignOperators(groupId: number): Promise<void> {
    await this.db.updateTable('operators').set({ operator_group_id: null }).where('operator_group_id', '=', groupId).execute();
  }
}
