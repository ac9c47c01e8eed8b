import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/** A task of the company straight in the database (the API tests make theirs through the form). */
export async function insertTask(
  db: Kysely<DB>,
  companyId: number,
  task: {
    name?: string;
    type?: string;
    assigneeId?: number | null;
    responsibleId?: number | null;
    deadline?: Date | null;
    reminderAt?: Date | null;
    devices?: number[];
    done?: boolean;
  } = {},
): Promise<number> {
  const row = await db
    .insertInto('tasks')
    .values({
      company_id: companyId,
      name: task.name ?? 'Task',
      type: task.type ?? 'inspection',
      assignee_id: task.assigneeId ?? null,
      responsible_id: task.responsibleId ?? null,
      deadline: task.deadline ?? null,
      reminder_at: task.reminderAt ?? null,
      status: task.done ? 'done' : 'open',
      done_at: task.done ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (task.devices && task.devices.length > 0) {
    await db
      .insertInto('task_devices')
      .values(task.devices.map((deviceId) => ({ company_id: companyId, task_id: row.id, device_id: deviceId })))
      .execute();
  }
  return row.id;
}
