import { describe, expect, it } from 'vitest';
import { timeZone } from '../../time/time-zone.ts';
import { calendarWindows, reportRange, shiftWindows, windowCells, windowColumns, windowTitle } from './report-windows.ts';

const warsaw = timeZone('Europe/Warsaw');
const hours = (w: { start: Date; end: Date }) => (w.end.getTime() - w.start.getTime()) / 3_600_000;

describe('report windows', () => {
  it('reads a reversed range forwards', () => {
    expect(reportRange({ from: '2026-10-31', to: '2026-10-01' })).toEqual({ from: '2026-10-01', to: '2026-10-31', days: 31 });
  });

  it('gives days from local midnight to local midnight: 25 hours when clocks go back, 23 when they go forward', () => {
    const autumn = calendarWindows('day', reportRange({ from: '2026-10-24', to: '2026-10-26' }), warsaw);
    expect(autumn.map(hours)).toEqual([24, 25, 24]);
    expect(autumn[1]!.start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(autumn[1]!.end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(calendarWindows('day', reportRange({ from: '2026-03-29', to: '2026-03-29' }), warsaw).map(hours)).toEqual([23]);
  });

  it('starts weeks on Mondays, months and years on their first days, all clipped to the period', () => {
    const range = reportRange({ from: '2026-12-30', to: '2027-01-12' });
    expect(calendarWindows('week', range, warsaw).map((w) => [w.firstDay, w.lastDay])).toEqual([
      ['2026-12-30', '2027-01-03'],
      ['2027-01-04', '2027-01-10'],
      ['2027-01-11', '2027-01-12'],
    ]);
    expect(calendarWindows('month', range, warsaw).map((w) => [w.firstDay, w.lastDay])).toEqual([
      ['2026-12-30', '2026-12-31'],
      ['2027-01-01', '2027-01-12'],
    ]);
    const years = calendarWindows('year', range, warsaw);
    expect(years.map((w) => windowTitle('year', w))).toEqual(['2026', '2027']);
    expect(years.map((w) => w.index)).toEqual([0, 1]);
  });

  it('puts a night shift on the date it starts, 9 hours long through the repeated hour', () => {
    const shifts = [
      { position: 1, name: 'II', hourStart: 14, hourEnd: 22 },
      { position: 0, name: 'I', hourStart: 6, hourEnd: 14 },
      { position: 2, name: 'III', hourStart: 22, hourEnd: 6 },
    ];
    const windows = shiftWindows(reportRange({ from: '2026-10-24', to: '2026-10-25' }), shifts, warsaw);
    expect(windows.map((w) => `${w.firstDay} ${w.shift?.name} ${hours(w)}`)).toEqual([
      '2026-10-24 I 8',
      '2026-10-24 II 8',
      '2026-10-24 III 9',
      '2026-10-25 I 8',
      '2026-10-25 II 8',
      '2026-10-25 III 8',
    ]);
    expect(windowCells('shifts', windows[2]!)).toEqual(['2026-10-24', 'III']);
  });

  it('names a window by its date, its dates, or its date and shift', () => {
    const [week] = calendarWindows('week', reportRange({ from: '2026-10-19', to: '2026-10-25' }), warsaw);
    expect(windowColumns('day').map((c) => c.key)).toEqual(['date']);
    expect(windowColumns('week').map((c) => c.key)).toEqual(['from', 'to']);
    expect(windowColumns('shifts').map((c) => c.key)).toEqual(['date', 'shift']);
    expect(windowCells('week', week!)).toEqual(['2026-10-19', '2026-10-25']);
    expect(windowTitle('week', week!)).toBe('2026-10-19 – 2026-10-25');
  });
});
