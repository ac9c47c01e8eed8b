import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../../api/ApiProvider.tsx';
import { downloadFactoryXlsx } from './factory-report.ts';
import type { FactoryFileQuery } from './factory-report.ts';

/**
 * The toolbox's spreadsheet export of the work/activity charts: `mutate(query)` downloads the file; `isPending`
 * while it is prepared, `error` when the server refused it (shown in the monitor until the next try).
 */
export function useFactoryXlsxExport() {
  const api = useApi();
  return useMutation({ mutationFn: (query: FactoryFileQuery) => downloadFactoryXlsx(api, query) });
}
