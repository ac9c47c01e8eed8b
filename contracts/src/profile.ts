import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { nameText } from './text-rules.ts';
import { notificationSettingsSchema } from './notification-settings.ts';
import { RESETTING_LIMITS } from './resetting.ts';
import { USER_NAME_MAX_LENGTH } from './users.ts';

/**
 * The signed-in user's own profile (spec 01 §2 profile settings dialog, §3 current user and profile settings, §5
 * profile rules, §7 `GET/PATCH /users/current/profile`): first and last name, the avatar, and the notification
 * preferences; and the change of one's own password.
 *
 * Who: always the caller's own user, the one the access token names, so there is no id to get wrong or to probe.
 * While a super-admin (or anyone with the impersonate extra) acts as another user, the profile is that user's: they
 * may correct the name, the avatar and the preferences as the user would. The password is not: changing it is
 * refused (403) in an impersonated session, as the person at the keyboard is not the account's owner.
 */

/** Avatar images the dialog accepts (spec 01 §5, §9: png and jpeg), recognised by their bytes, not by the declared type. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

export const PROFILE_LIMITS = {
  /** The decoded image; the data URL is about a third longer, well within the 1 MiB request body. */
  avatarMaxBytes: 512 * 1024,
  nameMaxChars: USER_NAME_MAX_LENGTH,
  passwordMinChars: RESETTING_LIMITS.passwordMinChars,
  passwordMaxChars: RESETTING_LIMITS.passwordMaxChars,
} as const;

/** Field error keys of the profile calls (the client translates them; blank and length use MESSAGE_KEYS). */
export const PROFILE_MESSAGE_KEYS = {
  /** 'Unsupported file type' (spec 01 §5): the avatar is neither a png nor a jpeg. */
  unsupportedFileType: 'form.field.error.unsupported-file-type',
  /** The avatar is larger than PROFILE_LIMITS.avatarMaxBytes. */
  fileTooLarge: 'form.field.error.file-too-large',
  /** The current password given with a password change is not the account's. */
  wrongPassword: 'profile.password.wrong-current',
  /** The new password is the current one. */
  samePassword: 'profile.password.same-as-current',
} as const;

export const profileUserSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** A `data:image/png|jpeg;base64,…` URL, or null. */
  avatar: z.string().nullable(),
});

/**
 * `GET /api/users/current/profile` and the 200 of `PATCH`: the user's fields, the notifications object and the
 * user's language: the one setting the interface, every mail, report file and server page follow (issue 32).
 */
export const profileSchema = z.object({
  user: profileUserSchema,
  settings: notificationSettingsSchema,
  language: z.enum(LANGUAGES),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `PATCH /api/users/current/profile`. Every part is optional: what is absent stays as it is. `settings` may name some
 * of the keys only. `avatar`: a data URL (png or jpeg, at most PROFILE_LIMITS.avatarMaxBytes once decoded) replaces
 * it, null removes it. `language`: one of LANGUAGES. 400 `{errors: {firstname|lastname|avatar|language|settings.<key>:
 * [key]}}` and nothing is written;
 * every field is checked, so one answer names every mistake.
 */
export const profileUpdateSchema = z.object({
  user: z
    .object({
      firstname: nameText().max(PROFILE_LIMITS.nameMaxChars),
      lastname: nameText().max(PROFILE_LIMITS.nameMaxChars),
    })
    .optional(),
  settings: notificationSettingsSchema.partial().optional(),
  // The length is checked by the service, so a too large image reads "file too large", not "too long".
  avatar: z.string().nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * `PUT /api/users/current/password`: the current password and the new one (the reset page's rules: at least 8
 * characters, taken as typed). `refreshToken`: the caller's own refresh token, so the caller's session is kept while
 * every other session of the user (each refresh-token family) ends; without it every session ends at its next
 * refresh. A notice mail tells the user their password was changed.
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, { abort: true }).max(PROFILE_LIMITS.passwordMaxChars),
  newPassword: z.string().min(1, { abort: true }).min(PROFILE_LIMITS.passwordMinChars, { abort: true }).max(PROFILE_LIMITS.passwordMaxChars),
  refreshToken: z.string().max(RESETTING_LIMITS.tokenMaxChars).optional(),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordChangeResponseSchema = z.object({
  /** How many other sessions were ended. */
  endedSessions: z.number().int(),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The image type by the file's first bytes (png or jpeg), or null for anything else. */
export function avatarTypeOf(bytes: Uint8Array): AvatarType | null {
  const starts = (signature: number[]) => bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts(PNG_SIGNATURE)) return 'image/png';
  if (starts(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** `data:<type>;base64,<data>` split into its parts; null when the text is no base64 data URL. */
export function parseDataUrl(text: string): { type: string; base64: string } | null {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(?:;[a-z0-9-]+=[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/i.exec(text);
  if (!match || !match[2] || match[2].length % 4 !== 0) return null;
  return { type: match[1]!.toLowerCase(), base64: match[2] };
}
