import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FACTORY_XLSX_CONTENT_TYPE } from '@gearwatch/contracts';
import { ApiProvider } from '../../../../api/ApiProvider.tsx';
import { downloadFile } from '../../../../components/download.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import type { FakeHandler } from '../../test/fake-api.ts';
import { FACTORY_XLSX_PATH } from './factory-report.ts';
import type { FactoryFileQuery } from './factory-report.ts';
import { useFactoryXlsxExport } from './useFactoryXlsxExport.ts';

vi.mock('../../../../components/download.ts', () => ({ downloadFile: vi.fn() }));

const QUERY: FactoryFileQuery = { type: 'device-work-device-chart', devices: [2, 1], from: '2026-03-02', to: '2026-03-08' };

function renderExport(answer: FakeHandler) {
  const fake = createFakeApi({ [`GET ${FACTORY_XLSX_PATH}`]: answer });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={fake.api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  return { ...fake, ...renderHook(() => useFactoryXlsxExport(), { wrapper }) };
}

beforeEach(() => vi.mocked(downloadFile).mockClear());

describe('useFactoryXlsxExport', () => {
  it('asks the API for the spreadsheet of the query and saves it under the name of its content-disposition', async () => {
    const { result, callsTo } = renderExport(() => ({
      body: 'PK',
      headers: {
        'content-type': FACTORY_XLSX_CONTENT_TYPE,
        'content-disposition': 'attachment; filename="work-activity-chart-2026-03-02-2026-03-08 (Demo).xlsx"',
      },
    }));
    act(() => result.current.mutate(QUERY));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(callsTo('GET', FACTORY_XLSX_PATH)[0]?.query ?? [])).toEqual({
      type: 'device-work-device-chart',
      devices: '2,1',
      from: '2026-03-02',
      to: '2026-03-08',
    });
    const [file, fileName, mime] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(file).toBeInstanceOf(Blob);
    expect(fileName).toBe('work-activity-chart-2026-03-02-2026-03-08 (Demo).xlsx');
    expect(mime).toBe(FACTORY_XLSX_CONTENT_TYPE);
  });

  it('names the file work-activity-chart-<from>-<to>.xlsx when the answer names none', async () => {
    const { result } = renderExport(() => ({ body: 'PK', headers: { 'content-type': FACTORY_XLSX_CONTENT_TYPE } }));
    act(() => result.current.mutate(QUERY));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadFile).mock.calls[0]?.[1]).toBe('work-activity-chart-2026-03-02-2026-03-08.xlsx');
  });

  it('keeps the refusal as its error and saves nothing', async () => {
    const { result } = renderExport(() => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'error.generic' } }));
    act(() => result.current.mutate(QUERY));
    await waitFor(() => expect(result.current.error).toBeTruthy());
    expect(downloadFile).not.toHaveBeenCalled();
  });
});
