import { CSV_BOM, CSV_CONTENT_TYPE } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { downloadFile } from '../../../components/download.ts';

/** A monitor's files: the name of a chart's saved image (the toolbox's, components/chart/toolbox.ts) and the CSV. */
export interface MonitorFiles {
  imageName: string;
  csv: () => void;
}

/**
 * Spec 02 §9: a monitor's image and CSV are both named "<title>-<from>-<to>" after its title and dates. The CSV text
 * is written only when the user asks for the file; it gets the byte order mark spreadsheets need.
 */
export function monitorFiles(title: string, range: DateRange, csvText: () => string): MonitorFiles {
  const name = `${title}-${range.from}-${range.to}`;
  return {
    imageName: name,
    csv: () => downloadFile(CSV_BOM + csvText(), `${name}.csv`, CSV_CONTENT_TYPE),
  };
}
