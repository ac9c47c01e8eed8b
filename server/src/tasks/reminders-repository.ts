import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { TaskReminderKind, TaskType } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

/** A reminder this transaction won: its row exists now, so no other instance sends it. */
export interface ClaimedReminder {
  id: number;
  taskId: number;
  kind: TaskReminderKind;
  dueAt: Date;
}

export interface ReminderTask {
  id: number;
  companyId: number;
  name: string;
  type: TaskType;
  deadline: Date | null;
  timezone: string;
}

export interface ReminderRecipient {
  taskId: number;
  userId: number;
  companyId: number;
  email: string;
  name: string;
  language: string;
  settings: unknown;
}

/** The SQL of the task reminders (migration 023). */
export class TaskRemindersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Records every reminder that has come by `now` and was not sent yet — `reminder` at an open task's reminder date,
   * `overdue` at its deadline — and answers those this insert wrote. The unique (task, kind, due_at) key is the
   * exactly-once: a concurrent insert of the same reminder waits for this one and then writes nothing.
   */
  async claimDue(now: Date, limit: number): Promise<ClaimedReminder[]> {
    const result = await sql<ClaimedReminder>`
      insert into task_reminders (company_id, task_id, kind, due_at)
      select company_id, task_id, kind, due_at from (
        select t.company_id, t.id as task_id, 'reminder' as kind, t.reminder_at as due_at from tasks t
        where t.status = 'open' and t.reminder_at is not null and t.reminder_at <= ${now}
          and not exists (select 1 from task_reminders r where r.task_id = t.id and r.kind = 'reminder' and r.due_at = t.reminder_at)
        union all
        select t.company_id, t.id, 'overdue', t.deadline from tasks t
        where t.status = 'open' and t.deadline is not null and t.deadline <= ${now}
          and not exists (select 1 from task_reminders r where r.task_id = t.id and r.kind = 'overdue' and r.due_at = t.deadline)
        order by due_at
        limit ${limit}::int
      ) due
      on conflict (task_id, kind, due_at) do nothing
      returning id::int as id, task_id as "taskId", kind, due_at as "dueAt"`.execute(this.db);
    return result.rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt) }));
  }

  tasks(ids: readonly number[]): Promise<ReminderTask[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tasks as t')
      .innerJoin('companies as c', 'c.id', 't.company_id')
      .select(['t.id', 't.company_id as companyId', 't.name', sql<TaskType>`t.type`.as('type'), 't.deadline', 'c.timezone'])
      .where('t.id', 'in', [...ids])
      .execute();
  }

  /** The active assignee and responsible person of each task (one row per task and user). */
  async recipients(taskIds: readonly number[]): Promise<ReminderRecipient[]> {
    if (taskIds.length === 0) return [];
    const result = await sql<ReminderRecipient>`
      select distinct t.id as "taskId", u.id as "userId", u.company_id as "companyId", u.email,
        coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name, u.language,
        u.notification_settings as settings
      from tasks t
      join users u on u.company_id = t.company_id and u.id in (t.assignee_id, t.responsible_id)
      where t.id in (${sql.join(taskIds.map((id) => sql`${id}::int`))}) and u.is_active`.execute(this.db);
    return result.rows;
  }

  /** The centre's entries, one per reminder and user; answers their ids in the order given. */
  async insertNotifications(rows: readonly { companyId: number; userId: number; reminderId: number }[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insertInto('notifications')
      .values(rows.map((row) => ({ company_id: row.companyId, user_id: row.userId, kind: 'task' as const, task_reminder_id: row.reminderId })))
      .returning('id')
      .execute();
    return inserted.map((row) => Number(row.id));
  }
}
