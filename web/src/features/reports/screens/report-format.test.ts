import { describe, expect, it } from 'vitest';
import { columnTitle, formatCell, reportText, sectionTitle } from './report-format.ts';

const words: Record<string, string> = { 'reports.column.work': 'Work', 'reports.section.all-devices': 'All devices', 'reports.total': 'Total' };
const translate = { t: (key: string) => words[key] ?? key, exists: (key: string) => key in words };

describe('formatCell', () => {
  it('formats each kind in the language', () => {
    expect(formatCell(28_800, 'duration', 'en', translate)).toBe('8:00');
    expect(formatCell(65.14, 'percent', 'en', translate)).toBe('65.1 %');
    expect(formatCell(65.14, 'percent', 'pl', translate)).toBe('65,1 %');
    expect(formatCell(1234567, 'count', 'en', translate)).toBe('1,234,567');
    expect(formatCell(12.345, 'number', 'en', translate)).toBe('12.35');
    expect(formatCell('2026-10-25', 'date', 'en', translate)).toBe('25/10/2026');
    expect(formatCell('2026-10-25', 'date', 'pl', translate)).toBe('25.10.2026');
    expect(formatCell('2026-10-25T02:15', 'datetime', 'en', translate)).toBe('25/10/2026 02:15');
    expect(formatCell('Forklift A', 'text', 'en', translate)).toBe('Forklift A');
  });

  it('shows a dash for no value and a label key in words', () => {
    expect(formatCell(null, 'duration', 'en', translate)).toBe('—');
    expect(formatCell('', 'text', 'en', translate)).toBe('—');
    expect(formatCell('reports.total', 'date', 'en', translate)).toBe('Total');
  });
});

describe('reportText and columnTitle', () => {
  it('translate known report keys only, and leave names as the server wrote them', () => {
    expect(reportText('reports.section.all-devices', translate)).toBe('All devices');
    expect(reportText('reports.section.unknown', translate)).toBe('reports.section.unknown');
    expect(reportText('Hall 1', translate)).toBe('Hall 1');
    expect(reportText('alert.status.active', { ...translate, exists: () => true })).toBe('alert.status.active');
  });

  it('writes a section of a day as the language writes dates', () => {
    expect(sectionTitle('2026-10-25', 'pl', translate)).toBe('25.10.2026');
    expect(sectionTitle('reports.section.all-devices', 'en', translate)).toBe('All devices');
    expect(sectionTitle('Forklift A · 2026-10-25', 'en', translate)).toBe('Forklift A · 2026-10-25');
  });

  it('falls back to the column key for a title the client does not know', () => {
    expect(columnTitle({ key: 'work', title: 'reports.column.work', kind: 'duration' }, translate)).toBe('Work');
    expect(columnTitle({ key: 'shiftWork', title: 'reports.column.shift-work', kind: 'duration' }, translate)).toBe('shiftWork');
  });
});
