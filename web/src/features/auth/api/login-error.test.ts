import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../api/errors.ts';
import { loginErrorMessage } from './login-error.ts';

describe('loginErrorMessage', () => {
  it('maps the token endpoint errors to the login titles', () => {
    expect(loginErrorMessage(new ApiError(400, { error: 'invalid_grant', error_description: 'x' }, null))).toEqual({ key: 'login.error.invalid-credentials' });
    expect(loginErrorMessage(new ApiError(401, { error: 'invalid_client', error_description: 'x' }, null))).toEqual({ key: 'login.error.invalid-client' });
    const throttled = new ApiError(429, { error: 'too_many_attempts', error_description: 'x' }, null);
    throttled.retryAfterSeconds = 30;
    expect(loginErrorMessage(throttled)).toEqual({ key: 'login.error.too-many-attempts', retryAfterSeconds: 30 });
  });

  it('shows the system error for anything else', () => {
    expect(loginErrorMessage(new ApiError(500, null, null))).toEqual({ key: 'login.error.system' });
    expect(loginErrorMessage(new NetworkError(new TypeError('offline')))).toEqual({ key: 'login.error.system' });
  });
});
