import { describe, expect, it } from 'vitest';
import { cellText, fileTexts, formatDateTime, formatDuration, paperNumbers } from './cells.ts';
import { csvField } from './csv-writer.ts';
import { sheetName, wallDate, xlsxValue } from '../../spreadsheets/xlsx.ts';
import { fileOptions } from '../../../test/report-files.ts';

describe('report file cells', () => {
  it('writes durations as h:mm:ss with unbounded hours', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(59.6)).toBe('0:01:00');
    expect(formatDuration(3_600)).toBe('1:00:00');
    expect(formatDuration(90_061)).toBe('25:01:01');
    expect(formatDuration(-61)).toBe('-0:01:01');
  });

  it('writes local date-times with a space and keeps other texts', () => {
    expect(formatDateTime('2026-10-25T02:30')).toBe('2026-10-25 02:30');
    expect(formatDateTime('2026-10-25')).toBe('2026-10-25');
    expect(formatDateTime('Zmiana 1')).toBe('Zmiana 1');
  });

  it('formats numbers for programs (CSV) and for people (PDF) in their language', () => {
    expect(cellText(1234.5, 'number', null)).toBe('1234.5');
    expect(cellText(87, 'percent', null)).toBe('87');
    expect(cellText(87, 'percent', paperNumbers('en'))).toBe('87%');
    expect(cellText(1234.5, 'number', paperNumbers('en'))).toBe('1,234.5');
    expect(cellText(1234.5, 'number', paperNumbers('pl'))).toBe('1234,5');
    expect(cellText(12345, 'count', paperNumbers('ru'))).toBe('12\u00a0345');
    expect(cellText(null, 'duration', null)).toBe('');
    expect(cellText('2026-10-25T02:30', 'datetime', null)).toBe('2026-10-25 02:30');
  });

  it('reads local wall times as the Date whose UTC fields are that time', () => {
    expect(wallDate('2026-10-25')?.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(wallDate('2026-10-25T02:30')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(wallDate('soon')).toBeNull();
  });

  it('types xlsx values: durations in days, percents as fractions, dates as dates', () => {
    expect(xlsxValue(43_200, 'duration')).toBe(0.5);
    expect(xlsxValue(87, 'percent')).toBe(0.87);
    expect(xlsxValue('2026-10-25', 'date')).toEqual(new Date(Date.UTC(2026, 9, 25)));
    expect(xlsxValue('n/a', 'date')).toBe('n/a');
    expect(xlsxValue(null, 'count')).toBeNull();
  });

  it('quotes CSV fields only when they need it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('makes sheet names Excel accepts', () => {
    expect(sheetName('Raport', 1)).toBe('Raport');
    expect(sheetName('Raport', 2)).toBe('Raport (2)');
    expect(sheetName('a/b:c*d?e[f]g\\h', 1)).toBe('a b c d e f g h');
    expect(sheetName('x'.repeat(40), 12)).toBe(`${'x'.repeat(26)} (12)`);
    expect(sheetName('Raport', 12).length).toBeLessThanOrEqual(31);
  });

  it('translates titles that are server text keys and keeps names', () => {
    const texts = fileTexts(fileOptions('lv'));
    expect(texts.title('spreadsheet.work-activity.work')).toBe('Darbs');
    expect(texts.title('Tokarka 1')).toBe('Tokarka 1');
    expect(texts.title('constructor')).toBe('constructor');
    expect(texts.sheet).toBe('Pārskats');
  });
});
