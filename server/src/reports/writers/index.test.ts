import { describe, expect, it } from 'vitest';
import type { ReportSection } from '@gearwatch/contracts';
import { REPORT_FORMATS } from '@gearwatch/contracts';
import { failureOfOutput } from '../../../test/report-files.ts';

const SECTION: ReportSection = {
  title: 'Maszyna 1',
  columns: [
    { key: 'device', title: 'spreadsheet.work-activity.device', kind: 'text' },
    { key: 'work', title: 'spreadsheet.work-activity.work', kind: 'duration' },
  ],
  rows: Array.from({ length: 1_000 }, (_, index) => [`Urządzenie ${index}`, index * 60]),
  totals: false,
};

describe('report file writers', () => {
  it.each(REPORT_FORMATS)('%s: a failing output stops the writer with its error instead of waiting for ever', async (format) => {
    // 400 chunks are far more than the output takes before it fails (~1 MB of CSV, more of PDF and xlsx).
    const error = await failureOfOutput(format, SECTION, 400, 20_000);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('disk full');
  });
});
