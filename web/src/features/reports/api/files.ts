import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { reportFileEventSchema, reportFileSchema } from '@gearwatch/contracts';
import type { ReportFile } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { ListPage } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';

/**
 * The generated report files (spec 01 §3, §7): `GET /api/reports/files` (list protocol), `GET …/{id}/download`,
 * `POST …/{id}/retry`. The list's keys start with FILES (EntityList's `[plural, 'list', params]`).
 */
export const FILES = 'reports/files';

export const parseReportFile = (entry: unknown): ReportFile => reportFileSchema.parse(entry);

/** `POST /api/reports/files/{id}/retry`: an ERROR file goes back to NEW (409 when it is not in ERROR any more). */
export function useRetryFile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.request<unknown>(`/api/${FILES}/${id}/retry`, { method: 'POST' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [FILES] }),
  });
}

/** `GET /api/reports/files/{id}/download`, saved under the name the server gives (content-disposition). */
export function useDownloadReportFile() {
  const api = useApi();
  return useMutation({ mutationFn: (file: ReportFile) => downloadFile(api, `/api/${FILES}/${file.id}/download`, { fallbackName: file.name }) });
}

/**
 * Applies a `report-file` event of the event stream to the cached pages of the files list: a file in progress gets
 * its new percentage at once, without a request. Answers whether the list must be read again: the event is not
 * readable, its file is not on a cached page (a new file), or its status changed (DONE brings a size, ERROR a
 * reason).
 */
export function applyReportFileEvent(queryClient: QueryClient, data: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return true;
  }
  const event = reportFileEventSchema.safeParse(parsed);
  if (!event.success) return true;
  const { fileId, status, progress } = event.data;
  let patched = false;
  let changed = false;
  queryClient.setQueriesData<ListPage<ReportFile>>({ queryKey: [FILES] }, (page) => {
    if (!page?.entries) return page;
    const file = page.entries.find((entry) => entry.id === fileId);
    if (!file) return page;
    if (file.status !== status) changed = true;
    patched = true;
    return { ...page, entries: page.entries.map((entry) => (entry.id === fileId ? { ...entry, status, progress } : entry)) };
  });
  return !patched || changed;
}
