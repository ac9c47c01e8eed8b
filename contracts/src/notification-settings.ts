import { z } from 'zod';
import type { AlertImportance } from './alerts.ts';

/**
 * A user's notification preferences (spec 01 §3 profile settings, spec 02 §6): the channels (e-mail, the app's
 * notification centre), the importance levels, and the notices that concern everyone. All default to true.
 */
export const NOTIFICATION_SETTING_KEYS = ['email', 'app', 'levelInfo', 'levelWarning', 'levelError', 'globalNotifications'] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

export const notificationSettingsSchema = z.object({
  email: z.boolean(),
  app: z.boolean(),
  levelInfo: z.boolean(),
  levelWarning: z.boolean(),
  levelError: z.boolean(),
  globalNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: true,
  app: true,
  levelInfo: true,
  levelWarning: true,
  levelError: true,
  globalNotifications: true,
};

/** Stored preferences (possibly partial, possibly from an older version) with every absent key true. */
export function notificationSettingsOf(stored: unknown): NotificationSettings {
  const out = { ...DEFAULT_NOTIFICATION_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const key of NOTIFICATION_SETTING_KEYS) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') out[key] = value;
    }
  }
  return out;
}

const LEVEL_KEYS: Record<AlertImportance, NotificationSettingKey> = { info: 'levelInfo', warning: 'levelWarning', error: 'levelError' };

/** Whether an alert of `importance` reaches the user on `channel`: the channel on and the level on. */
export function acceptsAlert(settings: NotificationSettings, importance: AlertImportance, channel: 'email' | 'app'): boolean {
  return settings[channel] && settings[LEVEL_KEYS[importance]];
}
