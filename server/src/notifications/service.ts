import { notificationSettingsOf } from '@gearwatch/contracts';
import type {
  AlertDeliveries,
  AlertDelivery,
  AlertRuleType,
  Announcement,
  AnnouncementInput,
  AnnouncementSortField,
  MailDeliveryState,
  MarkReadResult,
  Notification,
  NotificationListFilter,
  NotificationSortField,
} from '@gearwatch/contracts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { NotFoundError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { AuthContext } from '../security/context.ts';
import { appendUserEvents } from '../push/streams/event-log.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import type { UnsubscribeLinks } from '../mail/unsubscribe.ts';
import { MailTemplates, announcementMail } from './mail-text.ts';
import type { AnnouncementRecord, DeliveryRecord, NotificationRecord, NotificationsRepository } from './repository.ts';

/** Whether the caller sees an alert (the alerts feature answers; services.ts wires it). */
export type AlertAccess = (auth: AuthContext, alertId: number) => Promise<boolean>;

export interface NotificationsServiceOptions {
  unsubscribeLinks: Pick<UnsubscribeLinks, 'forUser'>;
  seesAlert: AlertAccess;
}

/**
 * The notification centre of the caller (only ever their own notifications), the announcements a super-admin writes
 * for everyone, and the delivery state of an alert for those who see it.
 */
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly options: NotificationsServiceOptions,
  ) {}

  /** A page of the caller's notifications, and their unread count (the list's `x-unread` header). */
  async list(auth: AuthContext, request: ListRequest<NotificationSortField, NotificationListFilter>): Promise<Page<Notification> & { unread: number }> {
    const [page, unread] = await Promise.all([
      this.repository.list(auth.userId, request.filter.unread === true, request),
      this.repository.unreadCount(auth.userId),
    ]);
    return { total: page.total, entries: page.entries.map(presentNotification), unread };
  }

  async unread(auth: AuthContext): Promise<{ count: number }> {
    return { count: await this.repository.unreadCount(auth.userId) };
  }

  /** Marks the caller's notifications among `ids` read; 404 when none of them is the caller's. */
  async markRead(auth: AuthContext, ids: number[]): Promise<MarkReadResult> {
    return this.repository.transaction(async (repository, trx) => {
      const own = await repository.ownIds(auth.userId, ids);
      if (own.length === 0) throw new NotFoundError();
      const marked = await repository.markRead(auth.userId, own);
      const unread = await repository.unreadCount(auth.userId);
      if (marked.length) await appendUserEvents(trx, [{ userId: auth.userId, type: 'notifications-read', payload: { ids: marked, unread } }]);
      return { marked: marked.length, unread };
    });
  }

  async markAllRead(auth: AuthContext): Promise<MarkReadResult> {
    return this.repository.transaction(async (repository, trx) => {
      const marked = await repository.markRead(auth.userId, null);
      if (marked.length) await appendUserEvents(trx, [{ userId: auth.userId, type: 'notifications-read', payload: { ids: marked, unread: 0 } }]);
      return { marked: marked.length, unread: 0 };
    });
  }

  /** Who was told of the alert, and how far each notification and mail got; 404 when the caller does not see it. */
  async deliveries(auth: AuthContext, alertId: number): Promise<AlertDeliveries> {
    if (!(await this.options.seesAlert(auth, alertId))) throw new NotFoundError();
    return { entries: (await this.repository.deliveries(alertId)).map(presentDelivery) };
  }

  async announcements(auth: AuthContext, request: ListRequest<AnnouncementSortField, unknown>): Promise<Page<Announcement>> {
    requireSuperAdmin(auth);
    const page = await this.repository.announcements(request);
    return { total: page.total, entries: page.entries.map(presentAnnouncement) };
  }

  /**
   * A super-admin's announcement: a notification for every active user with globalNotifications and the app on, a
   * mail for those with it and e-mail on, in one transaction.
   */
  async announce(auth: AuthContext, input: AnnouncementInput): Promise<{ id: number; appRecipients: number; mailRecipients: number }> {
    requireSuperAdmin(auth);
    return this.repository.transaction(async (repository, trx) => {
      const id = await repository.insertAnnouncement(input.title, input.body, auth.impersonatorId ?? auth.userId);
      const users = await repository.allActiveUsers();
      const audience = users.map((user) => ({ user, settings: notificationSettingsOf(user.settings) })).filter(({ settings }) => settings.globalNotifications);
      const inApp = audience.filter(({ settings }) => settings.app).map(({ user }) => user);
      const byMail = audience.filter(({ settings }) => settings.email).map(({ user }) => user);
      const notificationIds = await repository.insertNotifications(
        inApp.map((user) => ({ companyId: user.companyId, userId: user.userId, kind: 'announcement' as const, announcementId: id })),
      );
      const templates = new MailTemplates<string>((language, name, unsubscribeUrl) =>
        announcementMail({ title: input.title, body: input.body, name, language, unsubscribeUrl }),
      );
      await enqueueMail(
        trx,
        byMail.map((user): OutboxMail => {
          const unsubscribe = this.options.unsubscribeLinks.forUser(user.userId);
          const text = templates.for(user.language, user.language, user.name, unsubscribe.url);
          return {
            kind: 'announcement',
            companyId: user.companyId,
            userId: user.userId,
            to: { address: user.email, name: user.name || null },
            subject: text.subject,
            text: text.text,
            headers: { ...unsubscribe.headers },
            ref: { announcementId: id },
            dedupeKey: `announcement:${id}:user:${user.userId}`,
          };
        }),
      );
      await repository.setAnnouncementCounts(id, inApp.length, byMail.length);
      await appendUserEvents(
        trx,
        inApp.map((user, i) => ({ userId: user.userId, type: 'notification' as const, payload: { notificationId: notificationIds[i], announcementId: id } })),
      );
      return { id, appRecipients: inApp.length, mailRecipients: byMail.length };
    });
  }
}

function presentNotification(row: NotificationRecord): Notification {
  const alert =
    row.alertId !== null && row.deviceId !== null
      ? {
          id: row.alertId,
          startedAt: (row.alertStartedAt ?? row.createdAt).toISOString(),
          device: { id: row.deviceId, name: row.deviceName ?? '' },
          rule: row.ruleId !== null ? { id: row.ruleId, name: row.ruleName ?? '', type: row.ruleType as AlertRuleType } : null,
          occurrence: row.occurrence,
          bundled: row.bundled,
        }
      : null;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    importance: row.importance,
    alert,
    announcement: row.announcementId !== null ? { id: row.announcementId, title: row.title ?? '', body: row.body ?? '' } : null,
    task:
      row.taskId !== null && row.taskReminder !== null && row.taskDueAt !== null
        ? { id: row.taskId, name: row.taskName ?? '', reminder: row.taskReminder, dueAt: new Date(row.taskDueAt).toISOString() }
        : null,
  };
}

function presentDelivery(row: DeliveryRecord): AlertDelivery {
  return {
    user: { id: row.userId, name: `${row.firstname} ${row.lastname}`.trim() || row.username },
    occurrence: row.occurrence,
    notifiedAt: row.createdAt.toISOString(),
    app: row.notificationId !== null ? { notificationId: row.notificationId, readAt: row.readAt?.toISOString() ?? null } : null,
    mail:
      row.mailId !== null && row.mailState !== null
        ? {
            state: row.mailState as MailDeliveryState,
            digest: row.mailKind === 'digest',
            sentAt: row.sentAt?.toISOString() ?? null,
            attempts: row.attempts ?? 0,
            lastError: row.lastError,
          }
        : null,
  };
}

function presentAnnouncement(row: AnnouncementRecord): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById !== null ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    appRecipients: row.appRecipients,
    mailRecipients: row.mailRecipients,
  };
}
