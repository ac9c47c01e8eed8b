import { z } from 'zod';

/** Message keys used in `errors` / `rootErrors` (spec 01 §5, spec 02 §5); the client translates them. */
export const MESSAGE_KEYS = {
  notBlank: 'form.field.error.not-blank',
  incorrect: 'form.field.error.incorrect',
  tooLong: 'form.field.error.too-long',
  tooShort: 'form.field.error.too-short',
  notFound: 'error.not-found',
  forbidden: 'error.forbidden',
  unauthorized: 'error.unauthorized',
  conflict: 'error.conflict',
  internal: 'error.internal',
  tooManyRequests: 'error.too-many-requests',
} as const;

export const validationErrorSchema = z.object({
  errors: z.record(z.string(), z.array(z.string())),
  rootErrors: z.array(z.string()),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** Body of 401, 403, 404, 409, 429 and 500 answers. */
export const problemSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  dependents: z.record(z.string(), z.array(z.object({ id: z.number().int(), name: z.string() }))).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
