import { z } from 'zod';

export const DEFAULT_WEB_CLIENT = { clientId: 'gearwatch-web', clientSecret: 'gearwatch-web' } as const;

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  username: z.string().min(1).max(180),
  password: z.string().min(1).max(4096),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  refresh_token: z.string().min(1).max(512),
});

export const tokenRequestSchema = z.discriminatedUnion('grant_type', [passwordGrantSchema, refreshGrantSchema]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `POST /api/token/revoke` (RFC 7009), form-encoded; the hint is accepted and ignored, as the RFC allows. */
export const tokenRevocationRequestSchema = z.object({
  token: z.string().min(1).max(4096),
  token_type_hint: z.string().max(100).optional(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
});
export type TokenRevocationRequest = z.infer<typeof tokenRevocationRequestSchema>;

/** Always empty: the answer does not tell whether the token existed. */
export const tokenRevocationResponseSchema = z.object({});

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'too_many_attempts'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export const oauthErrorSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/** Keys of the login titles (spec 01 §8), chosen from the token endpoint's answer. */
export const LOGIN_MESSAGE_KEYS = {
  invalidGrant: 'login.error.invalid-credentials',
  invalidClient: 'login.error.invalid-client',
  tooManyAttempts: 'login.error.too-many-attempts',
  system: 'login.error.system',
  success: 'login.success',
} as const;
