import { downloadFile as saveFile } from '../components/download.ts';
import { buildQuery } from './client.ts';
import type { ApiClient, QueryValue } from './client.ts';

/**
 * The file name a `content-disposition` header gives (RFC 6266): the RFC 5987 `filename*=UTF-8''…` first, then the
 * plain `filename` (quoted or not); null when there is none. Path separators are dropped: a name, never a path.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return safeName(decodeURIComponent(extended[2].trim()));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? safeName(name) : null;
}

function safeName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}

/**
 * Downloads a file the API sends (a generated report, the factory spreadsheet) with the session's token and saves it
 * under the name of its `content-disposition` header, else `fallbackName`. An error status throws ApiError. Answers
 * the name the file was saved as.
 */
export async function downloadFile(api: ApiClient, path: string, options: { query?: Record<string, QueryValue>; fallbackName?: string } = {}): Promise<string> {
  const response = await api.stream(`${path}${buildQuery(options.query)}`, { accept: '*/*' });
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fallbackName ?? path.split('/').filter(Boolean).pop() ?? 'download';
  const blob = await response.blob();
  saveFile(blob, name, blob.type || 'application/octet-stream');
  return name;
}
