import { describe, expect, it } from 'vitest';
import { describeStorageFailure, isDatabaseUnavailable } from './storage-failures.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('storage failures', () => {
  it('calls the database unavailable only when it could not be reached or could not work just now', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', '58030', '40001', '40P01', '55P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
      'Client was closed and is not queryable',
      'PGlite is closed',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('calls every other failure one that would recur: the message is kept as a reject', () => {
    for (const code of ['22003', '22021', '23505', '23514', '42703', 'XX000', '55000']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'ts')"))).toBe(false);
    expect(isDatabaseUnavailable('connection refused')).toBe(false);
  });

  it('describes a failure by its SQLSTATE when it has one', () => {
    expect(describeStorageFailure(withCode('22003', 'value out of range: overflow'))).toBe('SQLSTATE 22003: value out of range: overflow');
    expect(describeStorageFailure(new RangeError('Invalid time value'))).toBe('RangeError: Invalid time value');
  });
});
