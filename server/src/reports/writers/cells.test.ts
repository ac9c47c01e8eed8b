import { describe, expect, it } from 'vitest';
import { cellText, decimalMark, fileTexts, formatDuration, paperNumbers, spreadsheetNumbers } from './cells.ts';
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

  it("writes dates, date-times and the dates of a period in the language's one short format, as mails and screens do", () => {
    const polish = fileTexts(fileOptions('pl'));
    const english = fileTexts(fileOptions('en'));
    expect(cellText('2026-10-25T02:30', 'datetime', polish, spreadsheetNumbers('pl'))).toBe('25.10.2026 02:30');
    expect(cellText('2026-10-25T02:30', 'datetime', english, spreadsheetNumbers('en'))).toBe('25/10/2026 02:30');
    expect(cellText('2026-11-16', 'date', polish, spreadsheetNumbers('pl'))).toBe('16.11.2026');
    expect(cellText('2026-11-16 – 2026-11-22', 'period', english, spreadsheetNumbers('en'))).toBe('16/11/2026 – 22/11/2026');
    expect(cellText('2026-11-16 Nocna', 'period', polish, spreadsheetNumbers('pl'))).toBe('16.11.2026 Nocna');
    expect(cellText('Zmiana 1', 'text', polish, spreadsheetNumbers('pl'))).toBe('Zmiana 1');
    expect(polish.period).toBe('Okres: 1.10.2026 – 31.10.2026');
  });

  it('writes an alert type and importance key as words', () => {
    const texts = fileTexts(fileOptions('en'));
    expect(cellText('reports.alert-type.part-replace', 'text', texts, spreadsheetNumbers('en'))).toBe('Machine inspection');
    expect(cellText('reports.importance.info', 'text', texts, spreadsheetNumbers('en'))).toBe('Info');
  });

  it("formats numbers for spreadsheets (CSV, the language's decimal mark) and for people (PDF) in their language", () => {
    const texts = fileTexts(fileOptions('en'));
    expect(decimalMark('pl')).toBe(',');
    expect(decimalMark('lv')).toBe(',');
    expect(decimalMark('ru')).toBe(',');
    expect(decimalMark('en')).toBe('.');
    expect(cellText(1234.5, 'number', texts, spreadsheetNumbers('en'))).toBe('1234.5');
    expect(cellText(1234.5, 'number', texts, spreadsheetNumbers('pl'))).toBe('1234,5');
    expect(cellText(87, 'percent', texts, spreadsheetNumbers('pl'))).toBe('87');
    expect(cellText(87, 'percent', texts, paperNumbers('en'))).toBe('87%');
    expect(cellText(1234.5, 'number', texts, paperNumbers('en'))).toBe('1,234.5');
    expect(cellText(1234.5, 'number', texts, paperNumbers('pl'))).toBe('1234,5');
    expect(cellText(12345, 'count', texts, paperNumbers('ru'))).toBe('12\u00a0345');
    expect(cellText(null, 'duration', texts, paperNumbers('ru'))).toBe('');
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

  it('quotes every CSV field, doubling quotes inside', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('a;b')).toBe('"a;b"');
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
