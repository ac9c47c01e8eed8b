import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { TaskListFilter, TaskSortField, TaskStatus, TaskType } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import { likePattern } from '../http/list.ts';
import type { PageRequest } from '../db/paged-list.ts';
import { pagedList } from '../db/paged-list.ts';

export interface TaskRow {
  id: number;
  companyId: number;
  name: string;
  type: TaskType;
  description: string | null;
  status: TaskStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  responsibleId: number | null;
  responsibleName: string | null;
  deadline: Date | null;
  reminderAt: Date | null;
  doneAt: Date | null;
  createdAt: Date;
  createdById: number | null;
  createdByName: string | null;
}

/** A task's own columns, as a form write stores them. */
export interface TaskWrite {
  name: string;
  type: TaskType;
  description: string | null;
  assigneeId: number | null;
  responsibleId: number | null;
  deadline: Date | null;
  reminderAt: Date | null;
}

/** A row a task may link to (a user, a device), with its company: a super-admin's choices span companies. */
export interface LinkableRow {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
}

export interface TaskDeviceRow {
  taskId: number;
  id: number;
  name: string;
}

/** A user's shown name: first and last name, or the username when both are blank. */
const userName = (alias: string) =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${alias}.firstname`)} || ' ' || ${sql.ref(`${alias}.lastname`)}), ''), ${sql.ref(`${alias}.username`)})`;

/** Tasks: the list, one task, the form's choices and writes, and its devices. */
export class TasksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs `work` in one transaction with a repository bound to it; everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: TasksRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TasksRepository(trx)));
  }

  private base() {
    return this.db
      .selectFrom('tasks as t')
      .leftJoin('users as a', 'a.id', 't.assignee_id')
      .leftJoin('users as r', 'r.id', 't.responsible_id')
      .leftJoin('users as c', 'c.id', 't.created_by');
  }

  private static columns = [
    't.id',
    't.company_id as companyId',
    't.name',
    sql<TaskType>`t.type`.as('type'),
    't.description',
    sql<TaskStatus>`t.status`.as('status'),
    't.assignee_id as assigneeId',
    sql<string | null>`case when a.id is null then null else ${userName('a')} end`.as('assigneeName'),
    't.responsible_id as responsibleId',
    sql<string | null>`case when r.id is null then null else ${userName('r')} end`.as('responsibleName'),
    't.deadline',
    't.reminder_at as reminderAt',
    't.done_at as doneAt',
    't.created_at as createdAt',
    't.created_by as createdById',
    sql<string | null>`case when c.id is null then null else ${userName('c')} end`.as('createdByName'),
  ] as const;

  /**
   * One page of the visible tasks matching the search (name, description) and the filter: `mine` is `userId` as the
   * assignee or the responsible person, `overdue` an open task whose deadline is before `now`.
   */
  list(
    scope: TenantScope,
    userId: number,
    now: Date,
    search: string | undefined,
    filter: TaskListFilter,
    request: PageRequest<TaskSortField>,
  ): Promise<{ entries: TaskRow[]; total: number }> {
    let matching = this.base();
    if (scope.kind === 'company') matching = matching.where('t.company_id', '=', scope.companyId);
    if (search) {
      const pattern = likePattern(search);
      matching = matching.where((eb) => eb.or([eb('t.name', 'ilike', pattern), eb('t.description', 'ilike', pattern)]));
    }
    if (filter.mine === true) matching = matching.where((eb) => eb.or([eb('t.assignee_id', '=', userId), eb('t.responsible_id', '=', userId)]));
    if (filter.mine === false)
      matching = matching.where((eb) => eb.and([eb(sql`coalesce(t.assignee_id, 0)`, '<>', userId), eb(sql`coalesce(t.responsible_id, 0)`, '<>', userId)]));
    if (filter.overdue === true) matching = matching.where('t.status', '=', 'open').where('t.deadline', '<', now);
    if (filter.overdue === false)
      matching = matching.where((eb) => eb.or([eb('t.status', '=', 'done'), eb('t.deadline', 'is', null), eb('t.deadline', '>=', now)]));
    if (filter.device !== undefined) {
      const deviceId = filter.device;
      matching = matching.where((eb) =>
        eb.exists(eb.selectFrom('task_devices as td').select('td.task_id').whereRef('td.task_id', '=', 't.id').where('td.device_id', '=', deviceId)),
      );
    }
    if (filter.status !== undefined) matching = matching.where('t.status', '=', filter.status);
    if (filter.type !== undefined) matching = matching.where('t.type', '=', filter.type);
    if (filter.assignee !== undefined) matching = matching.where('t.assignee_id', '=', filter.assignee);
    return pagedList(matching, (query) => query.select(TasksRepository.columns), request, {
      columns: {
        id: sql`t.id`,
        name: sql`lower(t.name)`,
        type: sql`t.type`,
        status: sql`t.status`,
        deadline: sql`t.deadline`,
        reminderAt: sql`t.reminder_at`,
        createdAt: sql`t.created_at`,
      },
      tiebreak: sql`t.id`,
      nullsLast: true,
    });
  }

  find(scope: TenantScope, id: number): Promise<TaskRow | undefined> {
    let query = this.base().select(TasksRepository.columns).where('t.id', '=', id);
    if (scope.kind === 'company') query = query.where('t.company_id', '=', scope.companyId);
    return query.executeTakeFirst();
  }

  /** The devices of the tasks, by name. */
  devicesOf(taskIds: readonly number[]): Promise<TaskDeviceRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('task_devices as td')
      .innerJoin('devices as d', 'd.id', 'td.device_id')
      .select(['td.task_id as taskId', 'd.id', 'd.name'])
      .where('td.task_id', 'in', [...taskIds])
      .orderBy(sql`lower(d.name)`)
      .orderBy('d.id')
      .execute();
  }

  /** Locks the task for a write; false when it is gone. */
  async lock(id: number): Promise<boolean> {
    return (await this.db.selectFrom('tasks').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
  }

  async insert(companyId: number, createdBy: number, task: TaskWrite): Promise<number> {
    const row = await this.db
      .insertInto('tasks')
      .values({ company_id: companyId, created_by: createdBy, ...columnsOf(task) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, task: TaskWrite): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ ...columnsOf(task), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async replaceDevices(companyId: number, taskId: number, deviceIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('task_devices').where('task_id', '=', taskId).execute();
    if (deviceIds.length === 0) return;
    await this.db
      .insertInto('task_devices')
      .values(deviceIds.map((deviceId) => ({ company_id: companyId, task_id: taskId, device_id: deviceId })))
      .execute();
  }

  /** Sets the status; `done_at` is when it became done (kept when it already was). */
  async setStatus(id: number, status: TaskStatus): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ status, done_at: status === 'done' ? sql`coalesce(done_at, now())` : null, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('tasks').where('id', '=', id).execute();
  }

  /** The users a task may name: those of the company (of every company when null), by name. */
  userChoices(companyId: number | null): Promise<LinkableRow[]> {
    let query = this.db
      .selectFrom('users as u')
      .innerJoin('companies as co', 'co.id', 'u.company_id')
      .select(['u.id', userName('u').as('name'), 'u.company_id as companyId', 'co.name as companyName'])
      .where('u.is_active', '=', true);
    if (companyId !== null) query = query.where('u.company_id', '=', companyId);
    return query
      .orderBy(sql`lower(co.name)`)
      .orderBy(sql`lower(${userName('u')})`)
      .orderBy('u.id')
      .execute();
  }

  /** The devices a task may be about: those of the company (of every company when null), by name. */
  deviceChoices(companyId: number | null): Promise<LinkableRow[]> {
    let query = this.db
      .selectFrom('devices as d')
      .innerJoin('companies as co', 'co.id', 'd.company_id')
      .select(['d.id', 'd.name', 'd.company_id as companyId', 'co.name as companyName']);
    if (companyId !== null) query = query.where('d.company_id', '=', companyId);
    return query
      .orderBy(sql`lower(co.name)`)
      .orderBy(sql`lower(d.name)`)
      .orderBy('d.id')
      .execute();
  }

  /** Which of `ids` are users of the company. */
  async companyUserIds(companyId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  /** Which of `ids` are devices of the company, locked so that none is deleted before the task's links are written. */
  async lockCompanyDevices(companyId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .forShare()
      .execute();
    return rows.map((r) => r.id);
  }

  companies(): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }
}

function columnsOf(task: TaskWrite) {
  return {
    name: task.name,
    type: task.type,
    description: task.description,
    assignee_id: task.assigneeId,
    responsible_id: task.responsibleId,
    deadline: task.deadline,
    reminder_at: task.reminderAt,
  };
}
