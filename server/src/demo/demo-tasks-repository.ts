import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface DemoTaskRow {
  companyId: number;
  name: string;
  type: string;
  description: string;
  assigneeId: number;
  responsibleId: number;
  deadline: Date;
  reminderAt: Date | null;
  done: boolean;
  deviceIds: number[];
}

/** The demo's tasks (migration 023), in the seed's transaction. */
export class DemoTasksSeedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(tasks: readonly DemoTaskRow[], now: Date): Promise<void> {
    for (const task of tasks) {
      const row = await this.db
        .insertInto('tasks')
        .values({
          company_id: task.companyId,
          name: task.name,
          type: task.type,
          description: task.description,
          assignee_id: task.assigneeId,
          responsible_id: task.responsibleId,
          deadline: task.deadline,
          reminder_at: task.reminderAt,
          status: task.done ? 'done' : 'open',
          done_at: task.done ? now : null,
          created_by: task.responsibleId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.db
        .insertInto('task_devices')
        .values(task.deviceIds.map((deviceId) => ({ company_id: task.companyId, task_id: row.id, device_id: deviceId })))
        .execute();
    }
  }
}
