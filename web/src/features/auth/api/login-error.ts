import { LOGIN_MESSAGE_KEYS } from '@gearwatch/contracts';
import { ApiError } from '../../../api/errors.ts';

export interface LoginErrorMessage {
  key: string;
  retryAfterSeconds?: number;
}

/** Which login title (spec 01 §8) a failed sign-in shows. */
export function loginErrorMessage(error: unknown): LoginErrorMessage {
  if (error instanceof ApiError) {
    switch (error.oauth?.error) {
      case 'invalid_grant':
        return { key: LOGIN_MESSAGE_KEYS.invalidGrant };
      case 'invalid_client':
        return { key: LOGIN_MESSAGE_KEYS.invalidClient };
      case 'too_many_attempts':
        return { key: LOGIN_MESSAGE_KEYS.tooManyAttempts, retryAfterSeconds: error.retryAfterSeconds ?? undefined };
      default:
        if (error.status === 429) return { key: LOGIN_MESSAGE_KEYS.tooManyAttempts, retryAfterSeconds: error.retryAfterSeconds ?? undefined };
    }
  }
  return { key: LOGIN_MESSAGE_KEYS.system };
}
