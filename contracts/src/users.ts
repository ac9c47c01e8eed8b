import { z } from 'zod';
import { filterBooleanSchema, filterIdSchema, listFilterSchema } from './list.ts';
import { LANGUAGES } from './constants.ts';
import { problemSchema, validationErrorSchema } from './errors.ts';

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

/**
 * `GET /api/users` (list protocol; search on names, e-mail and username; filter `{"company": id, "active": bool}`;
 * sort: id, name, email, lastLogin; default name): the company's users (every company's for a super-admin). The
 * entries are userListEntrySchema; what other features read of them is companyUserSchema (extra keys are dropped).
 */
export const COMPANY_USER_SORT_FIELDS = ['id', 'name', 'email', 'lastLogin'] as const;
export type CompanyUserSortField = (typeof COMPANY_USER_SORT_FIELDS)[number];
/** `GET /api/users` filter: a company (super-admin), active or not. */
export const userListFilterSchema = listFilterSchema({ company: filterIdSchema, active: filterBooleanSchema });
export type UserListFilter = z.output<typeof userListFilterSchema>;
export const companyUserSchema = z.object({
  id: z.number().int(),
  /** "firstname lastname", or the username when both are empty. */
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;
export const companyUserListSchema = z.object({ entries: z.array(companyUserSchema) });

/**
 * User management (/users for a company's users, /administration users for a super-admin; docs/forms.md): list,
 * one user, the server-driven form (`GET new`, `GET {id}/edit`, `POST`, `PUT {id}`) and delete. Every company user
 * may manage the users of their own company (there is no permission model yet); a super-admin every company's, and
 * only a super-admin changes a super-admin or the superAdmin and impersonate rights. A new user is mailed a link to
 * set their password (the welcome link of /api/resetting).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,180}$/;
export const USER_NAME_MAX_LENGTH = 128;
export const USER_EMAIL_MAX_LENGTH = 180;
export const USER_NOTE_MAX_LENGTH = 2000;

/** Root errors of the user routes (message keys). */
export const USER_MESSAGE_KEYS = {
  /** `DELETE /api/users/{own id}`. */
  cannotDeleteSelf: 'user.error.cannot-delete-self',
  /** Saving one's own user with `active` off. */
  cannotDeactivateSelf: 'user.error.cannot-deactivate-self',
  /** A super-admin saving their own user with `superAdmin` off. */
  cannotRevokeOwnSuperAdmin: 'user.error.cannot-revoke-own-super-admin',
} as const;

/** One entry of `GET /api/users`. */
export const userListEntrySchema = companyUserSchema.extend({
  username: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  active: z.boolean(),
  /** The last sign-in; null when the user never signed in. */
  lastLogin: z.iso.datetime().nullable(),
  /** Only in a super-admin's answers. */
  superAdmin: z.boolean().optional(),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;
export const userListSchema = z.object({ entries: z.array(userListEntrySchema) });

/** `GET /api/users/{id}`: the list entry with the contact fields; `impersonate` only in a super-admin's answers. */
export const userDetailSchema = userListEntrySchema.extend({
  phone: z.string().nullable(),
  rfid: z.string().nullable(),
  note: z.string().nullable(),
  impersonate: z.boolean().optional(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Response schemas per status code of the user routes (the form routes use the form protocol's). */
export const USER_RESPONSES = {
  list: { 200: userListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
  get: { 200: userDetailSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  /**
   * 400 `{rootErrors: [USER_MESSAGE_KEYS.cannotDeleteSelf]}` for one's own user; 403 when a company user deletes
   * a super-admin.
   */
  delete: { 200: z.object({}), 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
} as const;
