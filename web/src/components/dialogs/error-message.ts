import { MESSAGE_KEYS } from '@gearwatch/contracts';
import { ApiError } from '../../api/errors.ts';

const STATUS_KEYS: Record<number, string> = {
  401: MESSAGE_KEYS.unauthorized,
  403: MESSAGE_KEYS.forbidden,
  404: MESSAGE_KEYS.notFound,
  409: MESSAGE_KEYS.conflict,
  429: MESSAGE_KEYS.tooManyRequests,
};

/** A message key: lower-case words, dots and dashes (never a sentence or an English text). */
const MESSAGE_KEY = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * The message key to show for a failed call: a refused call's first root error the client knows (a user deleting
 * themselves, say), else the problem body's own key when the client knows it (the server's problems carry message
 * keys), else the key of the status, else `fallback`.
 */
export function errorMessageKey(error: unknown, fallback: string, known: (key: string) => boolean): string {
  if (!(error instanceof ApiError)) return fallback;
  const rootError = error.validation?.rootErrors.find((key) => MESSAGE_KEY.test(key) && known(key));
  if (rootError) return rootError;
  const body = error.body as { message?: unknown } | null;
  const message = body && typeof body === 'object' && typeof body.message === 'string' ? body.message : null;
  if (message && MESSAGE_KEY.test(message) && known(message)) return message;
  return STATUS_KEYS[error.status] ?? fallback;
}
