import { describe, expect, it } from 'vitest';
import type { AsyncDiagnosticsResponse } from '@gearwatch/contracts';
import { asyncCsv, asyncRows, cappedParameters, formatAsyncValue } from './async-rows.ts';

type Parameter = AsyncDiagnosticsResponse['data'][number]['parameters'][number];

const parameter = (number: number, name: string, unit: string, readings: [string, number][], capped = false): Parameter => ({
  number,
  name,
  unit: { short: unit },
  categories: readings.map(([time]) => time),
  values: readings.map(([, value]) => value),
  capped,
});

const answer = (...parameters: Parameter[]): AsyncDiagnosticsResponse => ({ data: [{ device: { id: 1, name: 'Forklift A' }, parameters }] });

const summary = (response: AsyncDiagnosticsResponse) => asyncRows(response).map((row) => `${row.time} ${row.parameter.number} ${row.value}`);

describe('asyncRows', () => {
  it('merges every parameter into one list, newest first', () => {
    const response = answer(
      parameter(1, 'Work time', 's', [
        ['2026-03-02 10:00:00', 10],
        ['2026-03-02 10:10:00', 30],
      ]),
      parameter(5, 'Battery voltage', 'V', [
        ['2026-03-02 09:55:00', 24.1],
        ['2026-03-02 10:05:00', 24.3],
        ['2026-03-02 10:15:00', 24.5],
      ]),
    );
    expect(summary(response)).toEqual([
      '2026-03-02 10:15:00 5 24.5',
      '2026-03-02 10:10:00 1 30',
      '2026-03-02 10:05:00 5 24.3',
      '2026-03-02 10:00:00 1 10',
      '2026-03-02 09:55:00 5 24.1',
    ]);
  });

  it('keeps the answer order of parameters read at the same time', () => {
    const response = answer(parameter(2, 'Active time', 's', [['2026-03-02 10:00:00', 1]]), parameter(1, 'Work time', 's', [['2026-03-02 10:00:00', 2]]));
    expect(summary(response)).toEqual(['2026-03-02 10:00:00 2 1', '2026-03-02 10:00:00 1 2']);
  });

  it('keeps the server order in the hour repeated when clocks go back', () => {
    // 02:50 summer time, then 02:10 and 02:40 winter time: later readings with earlier wall times.
    const response = answer(
      parameter(1, 'Work time', 's', [
        ['2026-10-25 02:50:00', 1],
        ['2026-10-25 02:10:00', 2],
        ['2026-10-25 02:40:00', 3],
      ]),
    );
    expect(summary(response)).toEqual(['2026-10-25 02:40:00 1 3', '2026-10-25 02:10:00 1 2', '2026-10-25 02:50:00 1 1']);
  });

  it('gives nothing for an answer without readings', () => {
    expect(asyncRows(answer(parameter(1, 'Work time', 's', [])))).toEqual([]);
    expect(asyncRows({ data: [] })).toEqual([]);
  });

  it('gives every row its own key', () => {
    const response = answer(
      parameter(1, 'Work time', 's', [
        ['2026-03-02 10:00:00', 1],
        ['2026-03-02 10:05:00', 2],
      ]),
      parameter(2, 'Active time', 's', [['2026-03-02 10:00:00', 1]]),
    );
    const keys = asyncRows(response).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('cappedParameters', () => {
  it('names the parameters cut to their newest readings', () => {
    const response = answer(parameter(1, 'Work time', 's', [], true), parameter(2, 'Active time', 's', []), parameter(5, 'Battery voltage', 'V', [], true));
    expect(cappedParameters(response)).toEqual(['Work time', 'Battery voltage']);
  });
});

describe('formatAsyncValue', () => {
  it.each([
    [24.456, 'V', '24.46 V'],
    [1800, 's', '1800 s'],
    [0.005, '', '0.01'],
    [-3.333, '°C', '-3.33 °C'],
  ])('shows %s %s as %s', (value, unit, text) => {
    expect(formatAsyncValue(value, unit)).toBe(text);
  });
});

describe('asyncCsv', () => {
  it('writes DateTime, parameter [unit] and the value, semicolons, every cell quoted, 2 decimals', () => {
    const rows = asyncRows(
      answer(parameter(1, 'Work time', 's', [['2026-03-02 10:00:00', 1800]]), parameter(5, 'Battery "main"', 'V', [['2026-03-02 10:05:00', 24.456]])),
    );
    expect(asyncCsv(rows, { parameter: 'Parameter', value: 'Value' })).toBe(
      '"DateTime";"Parameter";"Value"\r\n' + '"2026-03-02 10:05:00";"Battery ""main"" [V]";"24.46"\r\n' + '"2026-03-02 10:00:00";"Work time [s]";"1800"\r\n',
    );
  });

  it('writes only the header when there are no rows', () => {
    expect(asyncCsv([], { parameter: 'Parametr', value: 'Wartość' })).toBe('"DateTime";"Parametr";"Wartość"\r\n');
  });

  it.each(['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1'])(
    'defuses a parameter name starting a formula (%j) and keeps a negative reading a number',
    (name) => {
      const rows = asyncRows(answer(parameter(7, name, '', [['2026-03-02 10:00:00', -12.5]])));
      expect(asyncCsv(rows, { parameter: '=Parameter', value: 'Value' })).toBe(
        `"DateTime";"'=Parameter";"Value"\r\n"2026-03-02 10:00:00";"'${name.replaceAll('"', '""')}";"-12.5"\r\n`,
      );
    },
  );
});
