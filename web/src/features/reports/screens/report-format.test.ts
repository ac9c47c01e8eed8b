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

  it('writes the dates of a period (a day, a week, a shift of a day) as the language writes dates', () => {
    expect(formatCell('2026-11-16', 'period', 'pl', translate)).toBe('16.11.2026');
    expect(formatCell('2026-11-16 – 2026-11-22', 'period', 'en', translate)).toBe('16/11/2026 – 22/11/2026');
    expect(formatCell('2026-11-16 Night', 'period', 'en', translate)).toBe('16/11/2026 Night');
    expect(formatCell('2026-11', 'period', 'en', translate)).toBe('2026-11');
  });

  it('shows an alert type and importance key in words', () => {
    const alerts = {
      t: (key: string) => ({ 'reports.alert-type.part-replace': 'Machine inspection', 'reports.importance.info': 'Info' })[key] ?? key,
      exists: () => true,
    };
    expect(formatCell('reports.alert-type.part-replace', 'text', 'en', alerts)).toBe('Machine inspection');
    expect(formatCell('reports.importance.info', 'text', 'en', alerts)).toBe('Info');
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
    expect(sectionTitle('Forklift A · 2026-10-25', 'en', translate)).toBe('Forklift A · 25/10/2026');
    expect(sectionTitle('2026-11-16 – 2026-11-22', 'pl', translate)).toBe('16.11.2026 – 22.11.2026');
  });

  it('shows a column named after company data by its title, never by its internal key', () => {
    expect(columnTitle({ key: 'work', title: 'reports.column.work', kind: 'duration' }, translate)).toBe('Work');
    expect(columnTitle({ key: 'device-17', title: 'Tokarka CNC 17', kind: 'duration' }, translate)).toBe('Tokarka CNC 17');
    expect(columnTitle({ key: 'work-shift-0', title: 'Zmiana ranna', kind: 'duration' }, translate)).toBe('Zmiana ranna');
  });
});
