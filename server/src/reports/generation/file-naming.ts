import type { ReportFormat } from '@gearwatch/contracts';
import { isSingleLineText } from '@gearwatch/contracts';
import type { NewReportFile } from '../delivery/files-repository.ts';
import type { Period } from '../schedule/periods.ts';

/** What a file is made from: a configuration's values and links. */
export interface FileSource {
  companyId: number;
  configurationId: number;
  reportType: string;
  reportInterval: string;
  name: string;
  format: string;
  deviceGroupIds: readonly number[];
  operatorGroupIds: readonly number[];
  userIds: readonly number[];
}

/**
 * `Efficiency week 42-2026-10-12-2026-10-18.xlsx`: the configuration's name without characters a file system refuses
 * or a control character (contracts' text rules: C0, DEL, C1, U+2028/2029), which a stored name from before the rule
 * may hold.
 */
export function fileName(name: string, period: Period, format: string): string {
  const safe =
    [...name]
      .map((c) => (!isSingleLineText(c) || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .trim()
      .slice(0, 100) || 'report';
  return `${safe}-${period.from}-${period.to}.${format}`;
}

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** The file row of a configuration's period. */
export function newFileFor(source: FileSource, period: Period, requestedBy: number | null, retentionDays: number): NewReportFile {
  return {
    companyId: source.companyId,
    configurationId: source.configurationId,
    reportType: source.reportType,
    reportInterval: source.reportInterval,
    name: fileName(source.name, period, source.format),
    format: source.format,
    subject: { title: source.name, deviceGroupIds: [...source.deviceGroupIds], operatorGroupIds: [...source.operatorGroupIds] },
    from: period.from,
    to: period.to,
    requestedBy,
    recipientUserIds: source.userIds,
    retentionDays,
  };
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266, RFC 5987): the plain name for old clients with anything
 * outside printable ASCII replaced, the exact name in `filename*`.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
