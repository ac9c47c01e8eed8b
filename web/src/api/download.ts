import { useCallback } from 'react';
import { downloadFile as saveFile } from '../components/download.ts';
import { useApi } from './ApiProvider.tsx';
import { buildQuery } from './client.ts';
import type { ApiClient, QueryValue } from './client.ts';

// Files the API sends (generated reports, the factory spreadsheet) saved under the name the server gives them in
// `content-disposition` (spec 01 §7): RFC 5987/6266 `filename*` first, then `filename`, else the caller's fallback.
//
//   await downloadFile(api, `/api/reports/files/${id}/download`);
//   await downloadFile(api, '/api/reports/factory/xlsx', { query, fallbackName: 'work-activity-chart.xlsx' });
//   const download = useDownloadFile(); await download(path);

export interface DownloadOptions {
  query?: Record<string, QueryValue>;
  /** The name used when the answer names no file. */
  fallbackName?: string;
  signal?: AbortSignal;
}

const DEFAULT_FILE_NAME = 'download';

/** `filename*=UTF-8''…` (percent-encoded, RFC 5987), decoded; null when it is not one or cannot be decoded. */
function extendedFilename(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.*)$/.exec(value.trim());
  if (!match?.[1] || match[2] === undefined) return null;
  const charset = match[1].toLowerCase();
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') return null;
  try {
    if (charset === 'utf-8') return decodeURIComponent(match[2]);
    return match[2].replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

/** The parameters of a content-disposition value, names lower-cased, quoted strings unquoted. */
function dispositionParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    const raw = match[2]?.trim() ?? '';
    if (!name || parameters.has(name)) continue;
    parameters.set(name, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  return parameters;
}

/** Keeps the name a name: no folders, no control characters. */
function safeName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/** The file name of a `content-disposition` header: `filename*` (RFC 5987) first, then `filename`; null if none. */
export function contentDispositionFilename(header: string | null | undefined): string | null {
  if (!header) return null;
  const parameters = dispositionParameters(header);
  const extended = parameters.get('filename*');
  const decoded = extended === undefined ? null : extendedFilename(extended);
  if (decoded !== null) {
    const name = safeName(decoded);
    if (name) return name;
  }
  const plain = parameters.get('filename');
  return plain === undefined ? null : safeName(plain);
}

/** Saves an answer's body under its content-disposition name (else `fallbackName`); resolves to the name used. */
export async function saveResponse(response: Response, fallbackName = DEFAULT_FILE_NAME): Promise<string> {
  const name = contentDispositionFilename(response.headers.get('content-disposition')) ?? fallbackName;
  const blob = await response.blob();
  saveFile(blob, name, blob.type || response.headers.get('content-type') || 'application/octet-stream');
  return name;
}

/**
 * Downloads a file of the API with the session's token (refreshed like every call; a refusal throws ApiError) and
 * saves it under the name the server gives it. `source` is an API path, or an answer already received. Resolves to
 * the name the file was saved under.
 */
export async function downloadFile(api: ApiClient, source: string | Response, options: DownloadOptions = {}): Promise<string> {
  const response = typeof source === 'string' ? await api.stream(`${source}${buildQuery(options.query)}`, { accept: '*/*', signal: options.signal }) : source;
  return saveResponse(response, options.fallbackName);
}

/** `downloadFile` bound to the app's API client: `const download = useDownloadFile(); await download(path)`. */
export function useDownloadFile(): (path: string, options?: DownloadOptions) => Promise<string> {
  const api = useApi();
  return useCallback((path: string, options?: DownloadOptions) => downloadFile(api, path, options), [api]);
}
