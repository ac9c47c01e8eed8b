import { z } from 'zod';
import { multiLineText, nameText } from './text-rules.ts';

/** Message keys of the support mail (spec 01 §5). */
export const SUPPORT_MESSAGE_KEYS = {
  /** Subject and content are both required, and blank (whitespace only) counts as empty. */
  noEmptyValues: 'support.no-empty-values',
} as const;

export const SUPPORT_LIMITS = {
  subjectMaxChars: 200,
  contentMaxChars: 10000,
} as const;

/** `POST /api/support/mail`; both fields are trimmed before the length and blank checks. */
export const supportMailRequestSchema = z.object({
  subject: nameText().trim().max(SUPPORT_LIMITS.subjectMaxChars),
  content: multiLineText().trim().max(SUPPORT_LIMITS.contentMaxChars),
});
export type SupportMailRequest = z.infer<typeof supportMailRequestSchema>;

/** `sent: false` means the message is stored but not (yet) delivered; it is never lost. */
export const supportMailResponseSchema = z.object({
  id: z.number().int(),
  sent: z.boolean(),
});
export type SupportMailResponse = z.infer<typeof supportMailResponseSchema>;
