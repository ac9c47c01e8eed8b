import { z } from 'zod';

/** Message keys of the password reset pages (spec 01 §5 Login/reset, §8 reset titles). */
export const RESETTING_MESSAGE_KEYS = {
  /** The token is unknown, expired, already used or superseded by a newer link: the client offers a new link. */
  linkExpired: 'resetting.link-expired',
} as const;

export const RESETTING_LIMITS = {
  passwordMinChars: 8,
  /** argon2 takes any length; the cap only keeps hashing cheap. */
  passwordMaxChars: 4096,
  /** RFC 5321's longest usable address. */
  emailMaxChars: 254,
  /** Issued tokens are 43 characters; anything longer cannot be one. */
  tokenMaxChars: 512,
} as const;

/** Why a password link was sent: a reset asked for on /reset, or the first password of a new account. */
export const PASSWORD_LINK_PURPOSES = ['reset', 'welcome'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/**
 * `POST /api/resetting/request`. The checks abort one after another so each field gets one key: blank is
 * not-blank, never also incorrect.
 */
export const resettingRequestSchema = z.object({
  email: z.string().trim().min(1, { abort: true }).max(RESETTING_LIMITS.emailMaxChars, { abort: true }).check(z.email()),
});
export type ResettingRequest = z.infer<typeof resettingRequestSchema>;

/** `POST /api/resetting/reset`. The password is taken as typed: spaces are characters like any other. */
export const resettingResetSchema = z.object({
  token: z.string().trim().min(1, { abort: true }).max(RESETTING_LIMITS.tokenMaxChars),
  password: z.string().min(1, { abort: true }).min(RESETTING_LIMITS.passwordMinChars, { abort: true }).max(RESETTING_LIMITS.passwordMaxChars),
});
export type ResettingReset = z.infer<typeof resettingResetSchema>;

/** Both calls answer an empty object; the request call's answer never tells whether the address has an account. */
export const resettingResponseSchema = z.object({});
