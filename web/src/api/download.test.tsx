import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile as saveFile } from '../components/download.ts';
import { createFakeApi } from '../components/forms/test/fake-api.ts';
import { ApiProvider } from './ApiProvider.tsx';
import { ApiError } from './errors.ts';
import { contentDispositionFilename, downloadFile, useDownloadFile } from './download.ts';

vi.mock('../components/download.ts', () => ({ downloadFile: vi.fn() }));

afterEach(() => vi.mocked(saveFile).mockClear());

describe('contentDispositionFilename', () => {
  it.each([
    ['attachment; filename="Efficiency-2026-10.xlsx"', 'Efficiency-2026-10.xlsx'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment;filename="quoted \\"name\\".pdf"', 'quoted "name".pdf'],
    // filename* wins over filename, whichever comes first.
    [`attachment; filename="Raport.xlsx"; filename*=UTF-8''Raport%20wydajno%C5%9Bci.xlsx`, 'Raport wydajności.xlsx'],
    [`attachment; filename*=utf-8''%D0%9E%D1%82%D1%87%D1%91%D1%82.csv; filename="Report.csv"`, 'Отчёт.csv'],
    [`attachment; FILENAME*=UTF-8'lv'Atskaite%20%C4%81.pdf`, 'Atskaite ā.pdf'],
    [`attachment; filename*=ISO-8859-1''caf%E9.txt`, 'café.txt'],
    // A broken extended value falls back to the plain one.
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.xlsx"`, 'fallback.xlsx'],
    // Folders are never part of the saved name.
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.xlsx"', 'x.xlsx'],
  ])('%s → %s', (header, name) => {
    expect(contentDispositionFilename(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'inline; size=10', 'attachment; filename=""', 'attachment; filename=".."'])('%s names no file', (header) => {
    expect(contentDispositionFilename(header)).toBeNull();
  });
});

describe('downloadFile', () => {
  it('fetches the path with the query and saves the body under the content-disposition name', async () => {
    const { api, callsTo } = createFakeApi({
      'GET /api/reports/files/4/download': () => ({
        body: 'bytes',
        headers: {
          'content-type': 'text/csv',
          'content-disposition': `attachment; filename="a.csv"; filename*=UTF-8''Zmiany%20%E2%80%93%20pa%C5%BAdziernik.csv`,
        },
      }),
    });
    const name = await downloadFile(api, '/api/reports/files/4/download', { query: { token: 'x' }, fallbackName: 'report.csv' });
    expect(name).toBe('Zmiany – październik.csv');
    const [blob, savedAs, mime] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(savedAs).toBe('Zmiany – październik.csv');
    expect(blob).toBeInstanceOf(Blob);
    expect(mime).toBe('text/csv');
    expect(callsTo('GET', '/api/reports/files/4/download')[0]?.query.get('token')).toBe('x');
  });

  it('uses the fallback name when the answer names no file', async () => {
    const { api } = createFakeApi({ 'GET /api/file': () => ({ body: 'bytes' }) });
    expect(await downloadFile(api, '/api/file', { fallbackName: 'work-activity-chart-2026-03-02-2026-03-08.xlsx' })).toBe(
      'work-activity-chart-2026-03-02-2026-03-08.xlsx',
    );
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('work-activity-chart-2026-03-02-2026-03-08.xlsx');
  });

  it('saves an answer already received', async () => {
    const { api } = createFakeApi({});
    const response = new Response('x', { headers: { 'content-disposition': 'attachment; filename="given.pdf"' } });
    expect(await downloadFile(api, response)).toBe('given.pdf');
  });

  it('throws the refusal and saves nothing', async () => {
    const { api } = createFakeApi({});
    const error = await downloadFile(api, '/api/reports/files/9/download').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('useDownloadFile', () => {
  it('downloads with the API client of the app', async () => {
    const { api, callsTo } = createFakeApi({
      'GET /api/reports/files/5/download': () => ({ body: 'x', headers: { 'content-disposition': 'attachment; filename="Alerts.pdf"' } }),
    });
    const wrapper = ({ children }: { children: ReactNode }) => <ApiProvider client={api}>{children}</ApiProvider>;
    const { result } = renderHook(() => useDownloadFile(), { wrapper });
    expect(await result.current('/api/reports/files/5/download')).toBe('Alerts.pdf');
    expect(callsTo('GET', '/api/reports/files/5/download')).toHaveLength(1);
  });
});
