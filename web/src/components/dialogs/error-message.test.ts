import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { errorMessageKey } from './error-message.ts';

const known = (key: string) => key === 'error.not-found' || key === 'device.error.in-use';

describe('errorMessageKey', () => {
  it('uses the problem’s own message key when the client knows it', () => {
    expect(errorMessageKey(new ApiError(409, { message: 'device.error.in-use' }, null), 'fallback', known)).toBe('device.error.in-use');
  });

  it('falls back to the key of the status for an unknown key or an English message', () => {
    expect(errorMessageKey(new ApiError(404, { message: 'something.unknown' }, null), 'fallback', known)).toBe('error.not-found');
    expect(errorMessageKey(new ApiError(403, { message: 'You may not' }, null), 'fallback', known)).toBe('error.forbidden');
  });

  it('uses the first root error of a refused call the client knows', () => {
    const refused = new ApiError(400, { errors: {}, rootErrors: ['something.unknown', 'device.error.in-use'] }, null);
    expect(errorMessageKey(refused, 'fallback', known)).toBe('device.error.in-use');
    expect(errorMessageKey(new ApiError(400, { errors: {}, rootErrors: ['something.unknown'] }, null), 'fallback', known)).toBe('fallback');
  });

  it('falls back to the given key otherwise', () => {
    expect(errorMessageKey(new ApiError(500, 'Bad gateway', null), 'form.message.save-failed', known)).toBe('form.message.save-failed');
    expect(errorMessageKey(new NetworkError(new Error('offline')), 'form.message.save-failed', known)).toBe('form.message.save-failed');
  });
});
