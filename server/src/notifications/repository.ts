import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AlertRuleSummary, AnnouncementSortField, NotificationSortField } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';
import { alertDeviceTypes, presentSummary, ruleSummaryColumn } from '../alerts/rule-summary-repository.ts';

/** An alert as its notifications and mails name it. */
export interface AlertFacts {
  alertId: number;
  companyId: number;
  timezone: string;
  deviceId: number;
  deviceName: string;
  ruleId: number | null;
  ruleName: string | null;
  ruleType: string | null;
  importance: 'info' | 'warning' | 'error';
  /** The rule's user-written description and what its generated one is written from, as the rule is now. */
  description: string | null;
  ruleSummary: AlertRuleSummary | null;
  startedAt: Date;
  lastAt: Date;
}

/** A user who may be told of something: their address, language and preferences. */
export interface Recipient {
  userId: number;
  companyId: number;
  email: string;
  name: string;
  language: string;
  settings: unknown;
  createdAt: Date;
}

export interface NewNotification {
  companyId: number;
  userId: number;
  kind: 'alert' | 'reminder' | 'announcement';
  alertId?: number;
  announcementId?: number;
  importance?: 'info' | 'warning' | 'error' | null;
  occurrence?: number;
  bundled?: number;
}

export interface NewDelivery {
  companyId: number;
  alertId: number;
  userId: number;
  occurrence: number;
  notificationId: number | null;
  mailId: number | null;
}

export interface NotificationRecord {
  id: number;
  kind: 'alert' | 'reminder' | 'announcement' | 'task';
  /** A task reminder's task (migration 023). */
  taskId: number | null;
  taskName: string | null;
  taskReminder: 'reminder' | 'overdue' | null;
  taskDueAt: Date | null;
  createdAt: Date;
  readAt: Date | null;
  importance: 'info' | 'warning' | 'error' | null;
  occurrence: number;
  bundled: number;
  alertId: number | null;
  alertStartedAt: Date | null;
  deviceId: number | null;
  deviceName: string | null;
  ruleId: number | null;
  ruleName: string | null;
  ruleType: string | null;
  announcementId: number | null;
  title: string | null;
  body: string | null;
}

export interface DeliveryRecord {
  userId: number;
  firstname: string;
  lastname: string;
  username: string;
  occurrence: number;
  createdAt: Date;
  notificationId: number | null;
  readAt: Date | null;
  mailId: number | null;
  mailKind: string | null;
  mailState: string | null;
  sentAt: Date | null;
  attempts: number | null;
  lastError: string | null;
}

export interface AnnouncementRecord {
  id: number;
  title: string;
  body: string;
  createdAt: Date;
  createdById: number | null;
  createdByName: string | null;
  appRecipients: number;
  mailRecipients: number;
}

/** A digest still being collected: pending, not yet due, never tried. */
export interface OpenDigest {
  id: number;
  alertIds: number[];
}

const NOTIFICATION_SORT = { createdAt: sql`n.created_at`, id: sql`n.id` } as const;
const ANNOUNCEMENT_SORT = { createdAt: sql`announcements.created_at`, title: sql`lower(announcements.title)` } as const;

/** Notifications, announcements and alert deliveries: the only SQL of the notifications feature. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: NotificationsRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new NotificationsRepository(trx), trx));
  }

  /** The database this repository writes on (a transaction inside `transaction`), for the shared writers. */
  get executor(): Kysely<DB> {
    return this.db;
  }

  async alertFacts(alertIds: readonly number[]): Promise<Map<number, AlertFacts>> {
    if (alertIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('alerts as a')
      .innerJoin('devices as d', 'd.id', 'a.device_id')
      .innerJoin('companies as c', 'c.id', 'a.company_id')
      .leftJoin('alert_rules as r', 'r.id', 'a.rule_id')
      .where('a.id', 'in', [...alertIds])
      .select([
        'a.id as alertId',
        'a.company_id as companyId',
        'c.timezone',
        'a.device_id as deviceId',
        'd.name as deviceName',
        'a.rule_id as ruleId',
        'r.name as ruleName',
        'r.type as ruleType',
        'a.importance',
        'r.description',
        sql<unknown>`case when a.rule_id is null then null else ${ruleSummaryColumn(sql.ref('a.rule_id'), alertDeviceTypes(sql.ref('a.device_id'), sql.ref('a.rule_id')))} end`.as(
          'ruleSummary',
        ),
        'a.started_at as startedAt',
        'a.last_at as lastAt',
      ])
      .execute();
    return new Map(
      rows.map((r) => [
        Number(r.alertId),
        {
          ...r,
          alertId: Number(r.alertId),
          importance: r.importance as AlertFacts['importance'],
          ruleSummary: r.ruleId === null ? null : presentSummary(r.ruleSummary),
        },
      ]),
    );
  }

  /** The active users assigned to the rules, and the requirement users of the devices (by rule id, by device id). */
  async alertRecipients(
    ruleIds: readonly number[],
    requirementDeviceIds: readonly number[],
  ): Promise<{ byRule: Map<number, Recipient[]>; byDevice: Map<number, Recipient[]> }> {
    const columns = [
      'u.id as userId',
      'u.company_id as companyId',
      'u.email',
      sql<string>`trim(u.firstname || ' ' || u.lastname)`.as('name'),
      'u.language',
      'u.notification_settings as settings',
      'u.created_at as createdAt',
    ] as const;
    const [rules, devices] = await Promise.all([
      ruleIds.length
        ? this.db
            .selectFrom('alert_rule_users as ru')
            .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'ru.user_id').onRef('u.company_id', '=', 'ru.company_id'))
            .where('ru.rule_id', 'in', [...ruleIds])
            .where('u.is_active', '=', true)
            .select(['ru.rule_id as key', ...columns])
            .execute()
        : [],
      requirementDeviceIds.length
        ? this.db
            .selectFrom('device_requirement_users as ru')
            .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'ru.user_id').onRef('u.company_id', '=', 'ru.company_id'))
            .where('ru.device_id', 'in', [...requirementDeviceIds])
            .where('u.is_active', '=', true)
            .select(['ru.device_id as key', ...columns])
            .execute()
        : [],
    ]);
    const group = (rows: (Recipient & { key: number })[]) => {
      const map = new Map<number, Recipient[]>();
      for (const { key, ...recipient } of rows) map.set(key, [...(map.get(key) ?? []), recipient]);
      return map;
    };
    return { byRule: group(rules), byDevice: group(devices) };
  }

  /** Every active user of every company: the audience of an announcement. */
  async allActiveUsers(): Promise<Recipient[]> {
    return this.db
      .selectFrom('users as u')
      .where('u.is_active', '=', true)
      .select([
        'u.id as userId',
        'u.company_id as companyId',
        'u.email',
        sql<string>`trim(u.firstname || ' ' || u.lastname)`.as('name'),
        'u.language',
        'u.notification_settings as settings',
        'u.created_at as createdAt',
      ])
      .orderBy('u.id')
      .execute();
  }

  /**
   * The (user, rule, device) triples among `userIds` told of an alert of that rule (null: a requirement alert) and
   * device since `since`: a catch-up does not tell them again.
   */
  async recentlyTold(userIds: readonly number[], deviceIds: readonly number[], since: Date): Promise<Set<string>> {
    if (userIds.length === 0 || deviceIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('alert_deliveries as d')
      .innerJoin('alerts as a', 'a.id', 'd.alert_id')
      .where('d.user_id', 'in', [...userIds])
      .where('d.created_at', '>=', since)
      .where('a.device_id', 'in', [...deviceIds])
      .select(['d.user_id as userId', 'a.rule_id as ruleId', 'a.device_id as deviceId'])
      .distinct()
      .execute();
    return new Set(rows.map((r) => subjectKey(r.userId, r.ruleId, r.deviceId)));
  }

  async insertNotifications(rows: readonly NewNotification[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insertInto('notifications')
      .values(
        rows.map((n) => ({
          company_id: n.companyId,
          user_id: n.userId,
          kind: n.kind,
          alert_id: n.alertId ?? null,
          announcement_id: n.announcementId ?? null,
          importance: n.importance ?? null,
          occurrence: n.occurrence ?? 1,
          bundled: n.bundled ?? 0,
        })),
      )
      .returning('id')
      .execute();
    return inserted.map((r) => Number(r.id));
  }

  async insertDeliveries(rows: readonly NewDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('alert_deliveries')
      .values(
        rows.map((d) => ({
          company_id: d.companyId,
          alert_id: d.alertId,
          user_id: d.userId,
          occurrence: d.occurrence,
          notification_id: d.notificationId,
          mail_id: d.mailId,
        })),
      )
      .onConflict((oc) => oc.columns(['alert_id', 'user_id', 'occurrence']).doNothing())
      .execute();
  }

  /** The outbox ids of mails by their dedupe keys. */
  async mailIdsByKey(keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('mail_outbox')
      .where('dedupe_key', 'in', [...keys])
      .select(['id', 'dedupe_key'])
      .execute();
    return new Map(rows.map((r) => [r.dedupe_key ?? '', Number(r.id)]));
  }

  /** Alert mails (not digests) put in the outbox for each user since `since`. */
  async alertMailCounts(userIds: readonly number[], since: Date): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('mail_outbox')
      .where('kind', '=', 'alert')
      .where('user_id', 'in', [...userIds])
      .where('created_at', '>=', since)
      .groupBy('user_id')
      .select(['user_id as userId', sql<number>`count(*)::int`.as('count')])
      .execute();
    return new Map(rows.map((r) => [r.userId ?? 0, r.count]));
  }

  /** The user's digest still being collected, locked for this transaction, or undefined. */
  async openDigest(userId: number, now: Date): Promise<OpenDigest | undefined> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .where('kind', '=', 'digest')
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .where('attempts', '=', 0)
      .where('locked_by', 'is', null)
      .where('run_at', '>', now)
      .select(['id', 'ref'])
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return undefined;
    const ids = (row.ref as { alertIds?: unknown } | null)?.alertIds;
    return { id: Number(row.id), alertIds: Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [] };
  }

  /** Which of the users have a digest still being collected. */
  async usersWithOpenDigest(userIds: readonly number[], now: Date): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('mail_outbox')
      .where('kind', '=', 'digest')
      .where('user_id', 'in', [...userIds])
      .where('state', '=', 'pending')
      .where('attempts', '=', 0)
      .where('locked_by', 'is', null)
      .where('run_at', '>', now)
      .select('user_id')
      .distinct()
      .execute();
    return new Set(rows.map((r) => r.user_id ?? 0));
  }

  async updateDigest(id: number, subject: string, text: string, alertIds: readonly number[]): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ subject, text_body: text, ref: JSON.stringify({ alertIds }) })
      .where('id', '=', id)
      .execute();
  }

  // --- the notification centre -------------------------------------------------------------------------------------

  private centre(userId: number, unreadOnly: boolean) {
    let query = this.db
      .selectFrom('notifications as n')
      .leftJoin('alerts as a', 'a.id', 'n.alert_id')
      .leftJoin('devices as d', 'd.id', 'a.device_id')
      .leftJoin('alert_rules as r', 'r.id', 'a.rule_id')
      .leftJoin('announcements as an', 'an.id', 'n.announcement_id')
      .leftJoin('task_reminders as tr', 'tr.id', 'n.task_reminder_id')
      .leftJoin('tasks as tk', 'tk.id', 'tr.task_id')
      .where('n.user_id', '=', userId);
    if (unreadOnly) query = query.where('n.read_at', 'is', null);
    return query;
  }

  async list(userId: number, unreadOnly: boolean, request: ListRequest<NotificationSortField, unknown>): Promise<Page<NotificationRecord>> {
    return pagedList(
      this.centre(userId, unreadOnly),
      (matching) =>
        matching.select([
          'n.id',
          'n.kind',
          'n.created_at as createdAt',
          'n.read_at as readAt',
          'n.importance',
          'n.occurrence',
          'n.bundled',
          'n.alert_id as alertId',
          'a.started_at as alertStartedAt',
          'a.device_id as deviceId',
          'd.name as deviceName',
          'a.rule_id as ruleId',
          'r.name as ruleName',
          'r.type as ruleType',
          'n.announcement_id as announcementId',
          'an.title',
          'an.body',
          'tr.task_id as taskId',
          'tk.name as taskName',
          'tr.kind as taskReminder',
          'tr.due_at as taskDueAt',
        ]),
      request,
      { columns: NOTIFICATION_SORT, tiebreak: sql`n.id` },
    ) as Promise<Page<NotificationRecord>>;
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Which of `ids` are the user's. */
  async ownIds(userId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .select('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Marks the user's unread notifications among `ids` (all when null) read; answers the ids marked. */
  async markRead(userId: number, ids: readonly number[] | null): Promise<number[]> {
    let query = this.db
      .updateTable('notifications')
      .set({ read_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids !== null) query = query.where('id', 'in', [...ids]);
    return (await query.returning('id').execute()).map((r) => Number(r.id));
  }

  // --- deliveries --------------------------------------------------------------------------------------------------

  async deliveries(alertId: number): Promise<DeliveryRecord[]> {
    return this.db
      .selectFrom('alert_deliveries as dl')
      .innerJoin('users as u', 'u.id', 'dl.user_id')
      .leftJoin('notifications as n', 'n.id', 'dl.notification_id')
      .leftJoin('mail_outbox as m', 'm.id', 'dl.mail_id')
      .where('dl.alert_id', '=', alertId)
      .select([
        'dl.user_id as userId',
        'u.firstname',
        'u.lastname',
        'u.username',
        'dl.occurrence',
        'dl.created_at as createdAt',
        'dl.notification_id as notificationId',
        'n.read_at as readAt',
        'dl.mail_id as mailId',
        'm.kind as mailKind',
        'm.state as mailState',
        'm.sent_at as sentAt',
        'm.attempts',
        'm.last_error as lastError',
      ])
      .orderBy('dl.occurrence')
      .orderBy('u.lastname')
      .orderBy('u.firstname')
      .orderBy('dl.user_id')
      .execute();
  }

  // --- announcements -----------------------------------------------------------------------------------------------

  async insertAnnouncement(title: string, body: string, createdBy: number): Promise<number> {
    const row = await this.db.insertInto('announcements').values({ title, body, created_by: createdBy }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async setAnnouncementCounts(id: number, app: number, mail: number): Promise<void> {
    await this.db.updateTable('announcements').set({ app_recipients: app, mail_recipients: mail }).where('id', '=', id).execute();
  }

  async announcements(request: ListRequest<AnnouncementSortField, unknown>): Promise<Page<AnnouncementRecord>> {
    return pagedList(
      this.db.selectFrom('announcements').leftJoin('users as u', 'u.id', 'announcements.created_by'),
      (matching) =>
        matching.select([
          'announcements.id',
          'announcements.title',
          'announcements.body',
          'announcements.created_at as createdAt',
          'announcements.created_by as createdById',
          sql<string | null>`case when u.id is null then null else trim(u.firstname || ' ' || u.lastname) end`.as('createdByName'),
          'announcements.app_recipients as appRecipients',
          'announcements.mail_recipients as mailRecipients',
        ]),
      request,
      { columns: ANNOUNCEMENT_SORT, tiebreak: sql`announcements.id` },
    );
  }
}

/** The key of one (user, rule, device) in `recentlyTold`; a requirement alert's rule is null. */
export function subjectKey(userId: number, ruleId: number | null, deviceId: number): string {
  return `${userId}:${ruleId ?? 'requirement'}:${deviceId}`;
}
