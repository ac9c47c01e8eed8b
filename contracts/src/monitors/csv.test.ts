import { describe, expect, it } from 'vitest';
import { OPERATOR_CSV_DECIMALS } from './constants.ts';
import { chartCsv, csvSeriesHeader, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes every cell, separates with semicolons and ends lines with CRLF', () => {
    expect(toCsv(['a', 'b'], [['x', 1]])).toBe('"a";"b"\r\n"x";"1"\r\n');
  });
  it('doubles quotes inside a cell and keeps semicolons and line breaks inside quotes', () => {
    expect(toCsv(['say "hi"'], [['a;b'], ['two\nlines']])).toBe('"say ""hi"""\r\n"a;b"\r\n"two\nlines"\r\n');
  });
  it('writes null and non-finite numbers as empty quoted cells', () => {
    expect(toCsv(['v'], [[null], [Number.NaN], [Number.POSITIVE_INFINITY]])).toBe('"v"\r\n""\r\n""\r\n""\r\n');
  });
  it('rounds numbers to the precision with a decimal point', () => {
    expect(toCsv(['v'], [[1.23456], [2], [-0.005], [1000000.5]])).toBe('"v"\r\n"1.23"\r\n"2"\r\n"-0.01"\r\n"1000000.5"\r\n');
    expect(toCsv(['v'], [[1.23456]], OPERATOR_CSV_DECIMALS)).toBe('"v"\r\n"1.235"\r\n');
  });
  it('defuses text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(toCsv(['name'], [['=SUM(A1)'], ['@cmd'], ['+1'], ['-x'], [-3]])).toBe(`"name"\r\n"'=SUM(A1)"\r\n"'@cmd"\r\n"'+1"\r\n"'-x"\r\n"-3"\r\n`);
  });
  it('writes a header alone when there are no rows', () => {
    expect(toCsv(['DateTime'], [])).toBe('"DateTime"\r\n');
  });
});

describe('chartCsv', () => {
  it('writes DateTime and one column per series named with its unit', () => {
    const csv = chartCsv(
      ['2026-03-10 10:00', '2026-03-10 11:00'],
      [
        { name: 'Forklift 1 - work', unit: 's', values: [3600, 1800.456] },
        { name: 'Forklift 1 - counter', unit: '', values: [12, null] },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      '"DateTime";"Forklift 1 - work [s]";"Forklift 1 - counter"',
      '"2026-03-10 10:00";"3600";"12"',
      '"2026-03-10 11:00";"1800.46";""',
      '',
    ]);
  });
  it('leaves a cell empty where a series is shorter than the categories', () => {
    expect(chartCsv(['a', 'b'], [{ name: 'x', unit: 'V', values: [1] }], 3)).toBe('"DateTime";"x [V]"\r\n"a";"1"\r\n"b";""\r\n');
  });
  it.each(['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1'])(
    'defuses a device or parameter name starting a formula (%j) in the header, and keeps negative values numbers',
    (name) => {
      const csv = chartCsv(
        ['2026-03-10 10:00'],
        [
          { name, unit: 's', values: [-5] },
          { name: `Lift - ${name}`, unit: '', values: [-0.5] },
        ],
      );
      expect(csv).toBe(`"DateTime";"'${name.replaceAll('"', '""')} [s]";"Lift - ${name.replaceAll('"', '""')}"\r\n"2026-03-10 10:00";"-5";"-0.5"\r\n`);
    },
  );
  it('names a series with its unit in brackets', () => {
    expect(csvSeriesHeader({ name: 'efficiency', unit: '%' })).toBe('efficiency [%]');
    expect(csvSeriesHeader({ name: 'state', unit: '' })).toBe('state');
  });
});
