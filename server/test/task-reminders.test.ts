import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TASK_REMINDERS_JOB } from '../src/tasks/reminders.ts';
import { createCompany, createUser } from './fixtures.ts';
import { insertTask } from './task-fixtures.ts';
import { instanceVariants, twoInstanceJob } from './two-instances.ts';

const MINUTE = 60_000;

/** Two instances (each its own runner) on one database: each task reminder is told once to each of its people. */
describe.each(instanceVariants)('task reminders on two instances (%s)', (_name, setup, skip) => {
  const instances = twoInstanceJob(setup, skip, TASK_REMINDERS_JOB, '2026-11-26T08:00:00Z');
  const runBoth = instances.runBoth;
  const told = async (taskId: number) => {
    const db = instances.db();
    const notifications = await sql<{ user: number; reminder: string }>`
      select n.user_id as user, r.kind as reminder from notifications n join task_reminders r on r.id = n.task_reminder_id
      where r.task_id = ${taskId} order by r.id, n.user_id`.execute(db);
    const mails = await sql<{ user: number; subject: string }>`
      select user_id as user, subject from mail_outbox where kind = 'task' and (ref->>'taskId')::int = ${taskId} order by id`.execute(db);
    return { notifications: notifications.rows, mails: mails.rows };
  };

  it.skipIf(skip)(
    'send a reminder and an overdue notice once to the assignee and the responsible person, a moved date again, a done task nothing',
    async () => {
      const db = instances.db();
      const company = await createCompany(db);
      const anna = await createUser(db, company.id, { firstname: 'Anna', lastname: 'Nowak', language: 'en' });
      const bob = await createUser(db, company.id, { firstname: 'Bob', lastname: 'Smith', language: 'en' });
      // Bob reads the app only: no e-mail.
      await db
        .updateTable('users')
        .set({ notification_settings: JSON.stringify({ email: false }) })
        .where('id', '=', bob.id)
        .execute();
      const now = Date.now();
      const task = await insertTask(db, company.id, {
        name: 'Inspect press',
        assigneeId: anna.id,
        responsibleId: bob.id,
        reminderAt: new Date(now - MINUTE),
        deadline: new Date(now + 3_600_000),
      });
      const done = await insertTask(db, company.id, {
        name: 'Already done',
        assigneeId: anna.id,
        reminderAt: new Date(now - MINUTE),
        deadline: new Date(now - MINUTE),
        done: true,
      });
      const future = await insertTask(db, company.id, { name: 'Later', assigneeId: anna.id, reminderAt: new Date(now + 3_600_000) });

      await runBoth();
      await runBoth();
      const first = await told(task);
      expect(first.notifications).toEqual([
        { user: Math.min(anna.id, bob.id), reminder: 'reminder' },
        { user: Math.max(anna.id, bob.id), reminder: 'reminder' },
      ]);
      expect(first.mails).toEqual([{ user: anna.id, subject: '[Gearwatch] Reminder: Inspect press' }]);
      expect(await told(done)).toEqual({ notifications: [], mails: [] });
      expect(await told(future)).toEqual({ notifications: [], mails: [] });
      const events = await sql<{
        n: number;
      }>`select count(*)::int as n from user_events where type = 'notification' and (payload->>'taskId')::int = ${task}`.execute(db);
      expect(events.rows[0]?.n).toBe(2);

      // The reminder date moved: a new reminder, once.
      await db
        .updateTable('tasks')
        .set({ reminder_at: new Date(now - 30_000) })
        .where('id', '=', task)
        .execute();
      await runBoth();
      await runBoth();
      expect((await told(task)).notifications.filter((n) => n.user === anna.id)).toEqual([
        { user: anna.id, reminder: 'reminder' },
        { user: anna.id, reminder: 'reminder' },
      ]);

      // The deadline passes with the task open: the overdue notice, once; then it is done and nothing more comes.
      await db
        .updateTable('tasks')
        .set({ deadline: new Date(now - 10_000) })
        .where('id', '=', task)
        .execute();
      await runBoth();
      await runBoth();
      const overdue = await told(task);
      expect(overdue.notifications.filter((n) => n.reminder === 'overdue')).toHaveLength(2);
      expect(overdue.mails.map((m) => m.subject)).toEqual([
        '[Gearwatch] Reminder: Inspect press',
        '[Gearwatch] Reminder: Inspect press',
        '[Gearwatch] Overdue: Inspect press',
      ]);
      await db
        .updateTable('tasks')
        .set({ status: 'done', done_at: new Date(), deadline: new Date(now - 5_000) })
        .where('id', '=', task)
        .execute();
      await runBoth();
      expect((await told(task)).notifications).toHaveLength(6);
    },
  );

  it.skipIf(skip)('show a task reminder in the notification centre of its user', async () => {
    const db = instances.db();
    const company = await createCompany(db);
    const anna = await createUser(db, company.id);
    const task = await insertTask(db, company.id, { name: 'Replace filter', assigneeId: anna.id, deadline: new Date(Date.now() - MINUTE) });
    await runBoth();
    const auth = { userId: anna.id, companyId: company.id, isSuperAdmin: false, canImpersonate: false };
    const page = await instances.a().notifications.list(auth, { filter: {}, sort: [{ field: 'createdAt', direction: 'desc' }], limit: 10, offset: 0, page: 1 });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ kind: 'task', alert: null, announcement: null, task: { id: task, name: 'Replace filter', reminder: 'overdue' } });
  });
});
