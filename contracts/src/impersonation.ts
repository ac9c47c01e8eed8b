import { z } from 'zod';

/** Message keys of the impersonation calls (spec 01 §4, §6). */
export const IMPERSONATION_MESSAGE_KEYS = {
  /** rootErrors: a user asked to impersonate themselves. */
  self: 'impersonate.self',
  /** 403: an impersonated session tried to start another impersonation. */
  nested: 'impersonate.nested',
} as const;

/** One user the caller may act as (spec 01 §3 "Impersonable user"). */
export const impersonableUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type ImpersonableUser = z.infer<typeof impersonableUserSchema>;

export const impersonableUserListSchema = z.object({ entries: z.array(impersonableUserSchema) });
export type ImpersonableUserList = z.infer<typeof impersonableUserListSchema>;

export const IMPERSONABLE_USER_SORT_FIELDS = ['name', 'username', 'email', 'company', 'id'] as const;

export const impersonateParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

/** The client the new session's refresh token is bound to; the bearer token already proves who is asking. */
export const impersonateQuerySchema = z.object({ client_id: z.string().min(1).max(200) });
