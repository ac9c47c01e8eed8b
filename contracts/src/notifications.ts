import { z } from 'zod';
import { multiLineText, nameText } from './text-rules.ts';
import { ALERT_IMPORTANCES } from './constants.ts';
import { ALERT_RULE_TYPES } from './alerts.ts';
import { filterBooleanSchema, listFilterSchema } from './list.ts';
import { TASK_REMINDER_KINDS } from './tasks.ts';

/**
 * The notification centre (issue 17): each user's notifications of alerts (an opening, or a reminder the rule asks
 * for) and of announcements, the announcements a super-admin writes, and the delivery state of an alert.
 */
/** `task`: a task's reminder or its overdue deadline (issue 20), told to its assignee and responsible person. */
export const NOTIFICATION_KINDS = ['alert', 'reminder', 'announcement', 'task'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The response header of `GET /api/notifications` with the caller's unread count. */
export const UNREAD_HEADER = 'x-unread';

const named = z.object({ id: z.number().int(), name: z.string() });

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** The alert's importance; null for an announcement. */
  importance: z.enum(ALERT_IMPORTANCES).nullable(),
  /** For an alert or a reminder: the alert, its device and rule (null for a device requirement's alert). */
  alert: z
    .object({
      id: z.number().int(),
      startedAt: z.string(),
      device: named,
      rule: named.extend({ type: z.enum(ALERT_RULE_TYPES) }).nullable(),
      /** The alert's counter when it was notified (a reminder's occurrence). */
      occurrence: z.number().int(),
      /** Other alerts of the same rule and device this one stands for (a catch-up of delayed data). */
      bundled: z.number().int(),
    })
    .nullable(),
  announcement: z.object({ id: z.number().int(), title: z.string(), body: z.string() }).nullable(),
  /** For a task reminder: the task, which reminder (`reminder` date or `overdue` deadline) and the date it was for. */
  task: z
    .object({ id: z.number().int(), name: z.string(), reminder: z.enum(TASK_REMINDER_KINDS), dueAt: z.string() })
    .nullable()
    .default(null),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ entries: z.array(notificationSchema) });

export const NOTIFICATION_SORT_FIELDS = ['createdAt', 'id'] as const;
export type NotificationSortField = (typeof NOTIFICATION_SORT_FIELDS)[number];
export const notificationListFilterSchema = listFilterSchema({ unread: filterBooleanSchema });
export type NotificationListFilter = z.infer<typeof notificationListFilterSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
/** `PATCH /api/notifications/{ids}/read`, `PATCH /api/notifications/read`: how many were marked, and what is left. */
export const markReadResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

export const ANNOUNCEMENT_LIMITS = { title: 200, body: 5000 } as const;
export const announcementInputSchema = z.object({
  title: nameText().trim().min(1).max(ANNOUNCEMENT_LIMITS.title),
  body: multiLineText().trim().min(1).max(ANNOUNCEMENT_LIMITS.body),
});
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;
export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  createdBy: named.nullable(),
  appRecipients: z.number().int(),
  mailRecipients: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementListSchema = z.object({ entries: z.array(announcementSchema) });
export const ANNOUNCEMENT_SORT_FIELDS = ['createdAt', 'title'] as const;
export type AnnouncementSortField = (typeof ANNOUNCEMENT_SORT_FIELDS)[number];
export const announcementCreatedSchema = z.object({ id: z.number().int(), appRecipients: z.number().int(), mailRecipients: z.number().int() });

export const MAIL_DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type MailDeliveryState = (typeof MAIL_DELIVERY_STATES)[number];

/** `GET /api/alerts/{id}/deliveries`: per recipient and occurrence, the in-app notification and the mail. */
export const alertDeliverySchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string() }),
  occurrence: z.number().int(),
  notifiedAt: z.string(),
  app: z.object({ notificationId: z.number().int(), readAt: z.string().nullable() }).nullable(),
  mail: z
    .object({
      state: z.enum(MAIL_DELIVERY_STATES),
      /** The mail went out in a digest of several alerts. */
      digest: z.boolean(),
      sentAt: z.string().nullable(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
    })
    .nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveriesSchema = z.object({ entries: z.array(alertDeliverySchema) });
export type AlertDeliveries = z.infer<typeof alertDeliveriesSchema>;
