import { describe, expect, it } from 'vitest';
import { reportDocumentSchema } from '@gearwatch/contracts';
import { MemorySink, ReportSinkFull } from './memory-sink.ts';
import type { ReportSubject } from '../model.ts';

const subject: ReportSubject = {
  type: 'device-efficiency-report',
  from: '2026-01-01',
  to: '2026-01-31',
  interval: 'day',
  deviceIds: [1],
  deviceGroupIds: [],
  operatorIds: [],
  operatorGroupIds: [],
};
const columns = [{ key: 'work', title: 'reports.column.work', kind: 'duration' as const }];

describe('the screen memory sink', () => {
  it('keeps sections and rows in order as a valid document', async () => {
    const sink = new MemorySink();
    await sink.section({ title: 'A', columns, totals: true });
    await sink.rows([[1], [2]]);
    await sink.rows([[3]]);
    await sink.section({ title: 'B', columns, totals: false });
    const document = sink.document(subject, 'Europe/Warsaw', { empty: false });
    expect(reportDocumentSchema.parse(document)).toEqual({
      type: 'device-efficiency-report',
      from: '2026-01-01',
      to: '2026-01-31',
      interval: 'day',
      timezone: 'Europe/Warsaw',
      empty: false,
      truncated: false,
      sections: [
        { title: 'A', columns, rows: [[1], [2], [3]], totals: true },
        { title: 'B', columns, rows: [], totals: false },
      ],
    });
  });

  it('stops the builder at its row limit: the rows that fit are kept, the cut section loses its totals, the document says truncated', async () => {
    const sink = new MemorySink(3);
    await sink.section({ title: 'A', columns, totals: true });
    await sink.rows([[1], [2]]);
    await expect(sink.rows([[3], [4]])).rejects.toBeInstanceOf(ReportSinkFull);
    await expect(sink.section({ title: 'B', columns, totals: true })).rejects.toBeInstanceOf(ReportSinkFull);
    const document = sink.document(subject, 'UTC', { empty: false });
    expect(document.truncated).toBe(true);
    expect(document.sections).toEqual([{ title: 'A', columns, rows: [[1], [2], [3]], totals: false }]);
  });

  it('refuses rows before a section', async () => {
    await expect(new MemorySink().rows([[1]])).rejects.toThrow('before its first section');
  });
});
