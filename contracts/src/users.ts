import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

export const currentUserSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  name: z.string(),
  username: z.string(),
  language: z.enum(LANGUAGES),
  owner: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
  extras: z.object({
    isSuperAdmin: z.boolean(),
    impersonate: z.boolean(),
    /** Set while an impersonating user acts as this one. */
    impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).optional(),
  }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const SETTING_KEY_PATTERN = /^[A-Za-z0-9_.:/-]{1,120}$/;
export const settingKeySchema = z.string().regex(SETTING_KEY_PATTERN);

/** A setting value is any JSON value up to 64 KiB when serialized. */
export const MAX_SETTING_BYTES = 65536;
export const userSettingSchema = z.object({ key: z.string(), value: z.unknown() });
export type UserSetting = z.infer<typeof userSettingSchema>;
export const putUserSettingSchema = z.object({ value: z.unknown() });
export const userSettingsListSchema = z.object({ entries: z.array(userSettingSchema) });

/** `GET /api/users` (list protocol; search on names; sort: id, name; default name): the company's users. */
export const COMPANY_USER_SORT_FIELDS = ['id', 'name'] as const;
export const companyUserSchema = z.object({
  id: z.number().int(),
  /** "firstname lastname", or the username when both are empty. */
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;
export const companyUserListSchema = z.object({ entries: z.array(companyUserSchema) });
