import { z } from 'zod';

/**
 * The kinds of event `GET /api/events` carries (Server-Sent Events, `event:` field). Each is a hint that something
 * the user sees changed, with a small payload; the client refetches what it shows. Later features add their kinds
 * here (reports, production views).
 */
export const USER_EVENT_TYPES = [
  /** An alert the user sees was opened, repeated, ended or confirmed: `{ alertId, deviceId, ruleId, kind }`. */
  'alert',
  /** The user's active unconfirmed alert count changed: `AlarmTotal`. */
  'alarm-total',
  /** A notification for the user was created: `{ notificationId }`. */
  'notification',
  /** Notifications were marked read (on another tab or device): `{ unread }`. */
  'notifications-read',
  /** A report file the user asked for moved (NEW, PROCESS with progress, DONE, ERROR): `ReportFileEvent`. */
  'report-file',
  /**
   * A production view's live state (`ProductionViewState`), sent only to streams opened for that view
   * (`GET /api/events?productionView={id}`, `GET /api/display/{token}/events`). It is not logged: it has no `id`, is
   * never replayed, and each one replaces the last.
   */
  'production-view',
  /**
   * Devices of the user's company went online or offline, or started or stopped working (`DeviceStatusEvent`,
   * contracts device-status.ts): told on the change, not per reading.
   */
  'device-status',
] as const;
export type UserEventType = (typeof USER_EVENT_TYPES)[number];

/** The stream's name for NOTIFY/LISTEN across instances. */
export const USER_EVENTS_CHANNEL = 'gearwatch_events';

export const userEventSchema = z.object({ id: z.number().int(), type: z.enum(USER_EVENT_TYPES), payload: z.unknown() });
export type UserEvent = z.infer<typeof userEventSchema>;
