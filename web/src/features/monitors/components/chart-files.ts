import { CSV_BOM, CSV_CONTENT_TYPE } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { downloadFile } from '../../../components/download.ts';

/** The file options of a monitor chart's toolbox (components/chart/toolbox.ts): the saved image's name and the CSV. */
export interface ChartFiles {
  imageName: string;
  csv: () => void;
}

/**
 * Spec 02 §9: a chart's image and CSV are both named "<title>-<from>-<to>" after the monitor's title and dates. The
 * CSV text is written only when the user asks for the file; it gets the byte order mark spreadsheets need.
 */
export function chartFiles(title: string, range: DateRange, csvText: () => string): ChartFiles {
  const name = `${title}-${range.from}-${range.to}`;
  return {
    imageName: name,
    csv: () => downloadFile(CSV_BOM + csvText(), `${name}.csv`, CSV_CONTENT_TYPE),
  };
}
