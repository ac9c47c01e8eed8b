import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { describeStartupError, parseUserAgent } from './describe-error.ts';

describe('parseUserAgent', () => {
  it('recognises Chrome on Linux, Edge on Windows, Firefox and Safari', () => {
    expect(parseUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toEqual({
      name: 'Chrome',
      version: '156.0.0.0',
      os: 'Linux',
    });
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0.1')).toEqual({
      name: 'Edge',
      version: '120.0.1',
      os: 'Windows',
    });
    expect(parseUserAgent('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0').name).toBe('Firefox');
    expect(
      parseUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toEqual({ name: 'Safari', version: '17.0', os: 'iOS' });
  });

  it('leaves an unrecognised browser and system unnamed, for the banner to say so in the user language', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({ name: null, version: '', os: null });
  });
});

describe('describeStartupError', () => {
  it('codes HTTP and network failures and keeps the exception in base64', () => {
    const http = describeStartupError(new ApiError(503, null, 'req-1'), 'Chrome/1');
    expect(http.code).toBe('E_HTTP_503/req-1');
    expect(describeStartupError(new NetworkError(new TypeError('Failed to fetch')), '').code).toBe('E_NETWORK');
    const plain = describeStartupError(new Error('zażółć'), '');
    expect(plain.exception).toBe('Error: zażółć');
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(plain.exceptionBase64), (char) => char.charCodeAt(0)));
    expect(decoded.startsWith('Error: zażółć')).toBe(true);
  });
});
