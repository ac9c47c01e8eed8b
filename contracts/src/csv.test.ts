import { describe, expect, it } from 'vitest';
import { csvNumberCell, csvTextCell } from './csv.ts';
import type { CsvDialect } from './csv.ts';

const REPORT: CsvDialect = { delimiter: ',', quoteAll: false };
const MONITOR: CsvDialect = { delimiter: ';', quoteAll: true };

/** Each first character a spreadsheet reads as the start of a formula (OWASP), with a payload after it. */
const FORMULA_TEXTS = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1'];

describe('csvTextCell', () => {
  it.each(FORMULA_TEXTS)('prefixes %j with an apostrophe in both dialects', (text) => {
    const report = csvTextCell(text, REPORT);
    const monitor = csvTextCell(text, MONITOR);
    expect(report.replace(/^"/, '').startsWith(`'${text.slice(0, 1)}`)).toBe(true);
    expect(monitor).toBe(`"'${text.replaceAll('"', '""')}"`);
  });
  it('also defuses a first line feed or NUL', () => {
    expect(csvTextCell('\n=1', REPORT)).toBe(`"'\n=1"`);
    expect(csvTextCell('\u0000=1', REPORT)).toBe(`'\u0000=1`);
  });
  it('leaves other texts as they are, a formula character further in included', () => {
    expect(csvTextCell('Lathe = 2', REPORT)).toBe('Lathe = 2');
    expect(csvTextCell('Łódź – żółw', MONITOR)).toBe('"Łódź – żółw"');
    expect(csvTextCell("'quoted", REPORT)).toBe("'quoted");
    expect(csvTextCell('', REPORT)).toBe('');
  });
  it('quotes as RFC 4180 says: always in a quote-all dialect, else on the delimiter, a quote or a line break', () => {
    expect(csvTextCell('a,b', REPORT)).toBe('"a,b"');
    expect(csvTextCell('a;b', REPORT)).toBe('a;b');
    expect(csvTextCell('a;b', MONITOR)).toBe('"a;b"');
    expect(csvTextCell('say "hi"', REPORT)).toBe('"say ""hi"""');
    expect(csvTextCell('two\r\nlines', REPORT)).toBe('"two\r\nlines"');
    expect(csvTextCell('=a,"b"', REPORT)).toBe(`"'=a,""b"""`);
  });
});

describe('csvNumberCell', () => {
  it('keeps a negative number and a negative duration as they are, so a spreadsheet reads numbers', () => {
    expect(csvNumberCell('-5', REPORT)).toBe('-5');
    expect(csvNumberCell('-1:30:00', REPORT)).toBe('-1:30:00');
    expect(csvNumberCell('-0.01', MONITOR)).toBe('"-0.01"');
    expect(csvNumberCell('', MONITOR)).toBe('""');
  });
});
