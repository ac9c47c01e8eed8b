import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './client.ts';
import { downloadFile, fileNameFromDisposition } from './download.ts';
import { createTokenStore } from './tokens.ts';

afterEach(() => vi.restoreAllMocks());

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 name, decoded, over the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="Raport-2026-10.xlsx"; filename*=UTF-8''Raport%20wydajno%C5%9Bci-2026-10.xlsx`)).toBe('Raport wydajności-2026-10.xlsx');
  });

  it('reads a quoted or a bare plain name', () => {
    expect(fileNameFromDisposition('attachment; filename="Efficiency \\"A\\".csv"')).toBe('Efficiency "A".csv');
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
  });

  it('keeps a name, never a path, and answers null without one', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('falls back to the plain name when the extended one is malformed', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.csv"`)).toBe('plain.csv');
  });
});

describe('downloadFile', () => {
  it('fetches with the token and saves the body under the name of content-disposition', async () => {
    const requests: Array<{ url: string; authorization: string | null }> = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename*=UTF-8''Zmiany%20%C5%82%C3%B3d%C5%BA.csv` } });
    };
    const api = new ApiClient({ tokens: createTokenStore(window.localStorage), fetch: fetch as typeof window.fetch, credentials: () => ({ clientId: 'c', clientSecret: 's' }), onSessionExpired: () => undefined });
    api.tokens.set({ accessToken: 'access', refreshToken: 'refresh' });
    const saved: Array<{ download: string }> = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download });
    });
    const name = await downloadFile(api, '/api/reports/files/4/download', { query: { lang: 'pl' } });
    expect(name).toBe('Zmiany łódź.csv');
    expect(saved).toEqual([{ download: 'Zmiany łódź.csv' }]);
    expect(requests).toEqual([{ url: '/api/reports/files/4/download?lang=pl', authorization: 'Bearer access' }]);
  });
});
