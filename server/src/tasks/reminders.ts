import type { Kysely } from 'kysely';
import { notificationSettingsOf } from '@gearwatch/contracts';
import type { TaskType } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import { appendUserEvents } from '../push/streams/event-log.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import type { UnsubscribeLinks } from '../mail/unsubscribe.ts';
import type { ServerTextKey } from '../i18n/translator.ts';
import { translatorFor } from '../i18n/translator.ts';
import { formatDateTime } from '../time/format.ts';
import type { ClaimedReminder, ReminderRecipient, ReminderTask } from './reminders-repository.ts';
import type { TaskRemindersRepository } from './reminders-repository.ts';
import type { RepositoryFactory } from '../db/repository-factory.ts';

export const TASK_REMINDERS_JOB = 'task-reminders';
/** Every minute: a reminder goes out within a minute of its date. */
const SCHEDULE = '* * * * *';
/** Reminders per run; the rest go in the next minute's run. */
const BATCH = 500;

export interface TaskRemindersOptions {
  repositories: RepositoryFactory<{ taskReminders: TaskRemindersRepository }>;
  publicUrl: string;
  unsubscribeLinks: Pick<UnsubscribeLinks, 'forUser'>;
  now?: () => Date;
}

const TYPE_KEYS: Record<TaskType, ServerTextKey> = {
  inspection: 'mail.task.type.inspection',
  maintenance: 'mail.task.type.maintenance',
  repair: 'mail.task.type.repair',
  'part-replace': 'mail.task.type.part-replace',
  other: 'mail.task.type.other',
};

/**
 * Task reminders (issue 20): at an open task's reminder date, and when its deadline passes with the task not done,
 * its assignee and responsible person are told in the notification centre and by e-mail, each as their preferences
 * allow. The reminder's row (unique per task, kind and date) is written in the same transaction as the
 * notifications, the mails and the stream's events, so across instances each reminder is sent exactly once; a moved
 * date is a new reminder, and a done task has none.
 */
export class TaskReminders {
  private readonly now: () => Date;

  constructor(private readonly options: TaskRemindersOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Sends the reminders that have come, in `trx`; answers how many reminders were sent. */
  async send(trx: Kysely<DB>): Promise<number> {
    const repository = this.options.repositories(trx).taskReminders;
    const claimed = await repository.claimDue(this.now(), BATCH);
    if (claimed.length === 0) return 0;
    const taskIds = [...new Set(claimed.map((c) => c.taskId))];
    const [tasks, recipients] = await Promise.all([repository.tasks(taskIds), repository.recipients(taskIds)]);
    const taskOf = new Map(tasks.map((t) => [t.id, t]));
    const tellings = claimed.flatMap((reminder) => {
      const task = taskOf.get(reminder.taskId);
      if (!task) return [];
      return recipients
        .filter((r) => r.taskId === reminder.taskId)
        .map((recipient) => ({ reminder, task, recipient, settings: notificationSettingsOf(recipient.settings) }));
    });
    const inApp = tellings.filter((t) => t.settings.app);
    const ids = await repository.insertNotifications(
      inApp.map((t) => ({ companyId: t.task.companyId, userId: t.recipient.userId, reminderId: t.reminder.id })),
    );
    await appendUserEvents(
      trx,
      inApp.map((t, i) => ({ userId: t.recipient.userId, type: 'notification' as const, payload: { notificationId: ids[i], taskId: t.task.id } })),
    );
    await enqueueMail(
      trx,
      tellings.filter((t) => t.settings.email).map((t) => this.mail(t.reminder, t.task, t.recipient)),
    );
    return claimed.length;
  }

  private mail(reminder: ClaimedReminder, task: ReminderTask, recipient: ReminderRecipient): OutboxMail {
    const t = translatorFor(recipient.language);
    const values = { name: task.name, type: t.text(TYPE_KEYS[task.type]) };
    const unsubscribe = this.options.unsubscribeLinks.forUser(recipient.userId);
    const overdue = reminder.kind === 'overdue';
    const text = [
      t.text('mail.greeting', { name: recipient.name }),
      '',
      t.text(overdue ? 'mail.task.overdue.body' : 'mail.task.reminder.body', values),
      ...(task.deadline
        ? [
            '',
            t.text('mail.task.deadline', { time: formatDateTime(task.deadline, { language: t.language, timeZone: task.timezone }), timezone: task.timezone }),
          ]
        : []),
      '',
      t.text('mail.task.link', { url: `${this.options.publicUrl}/tasks` }),
      '',
      '-- ',
      t.text('mail.unsubscribe', { url: unsubscribe.url }),
    ].join('\n');
    return {
      kind: 'task',
      companyId: task.companyId,
      userId: recipient.userId,
      to: { address: recipient.email, name: recipient.name || null },
      subject: t.text(overdue ? 'mail.task.overdue.subject' : 'mail.task.reminder.subject', values),
      text,
      headers: { ...unsubscribe.headers },
      ref: { taskId: task.id, reminderId: reminder.id, reminder: reminder.kind },
      dedupeKey: `task-reminder:${reminder.id}:user:${recipient.userId}`,
    };
  }
}

/** Registers the reminders' job on the runner and its every-minute schedule. */
export function scheduleTaskReminders(runner: JobRunner, options: TaskRemindersOptions): TaskReminders {
  const reminders = new TaskReminders(options);
  runner.register(TASK_REMINDERS_JOB, async ({ trx }) => {
    await reminders.send(trx);
  });
  runner.schedule(TASK_REMINDERS_JOB, SCHEDULE);
  return reminders;
}
