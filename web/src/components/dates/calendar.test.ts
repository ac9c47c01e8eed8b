import { describe, expect, it } from 'vitest';
import { exceedsMaxDays, isWithin, monthGrid, monthOf, presetRange, shiftMonth } from './calendar.ts';

describe('calendar', () => {
  it('moves between months across year ends', () => {
    expect(monthOf('2025-05-14')).toBe('2025-05');
    expect(shiftMonth('2025-05', 1)).toBe('2025-06');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-03', -15)).toBe('2023-12');
  });

  it('lays a month out in six Monday-first weeks', () => {
    // May 2025 starts on a Thursday.
    const grid = monthGrid('2025-05');
    expect(grid).toHaveLength(6);
    for (const week of grid) expect(week).toHaveLength(7);
    expect(grid[0]?.[0]).toBe('2025-04-28');
    expect(grid[0]?.[3]).toBe('2025-05-01');
    expect(grid[5]?.[6]).toBe('2025-06-08');
    // A month starting on a Monday starts the grid; a leap February runs to the 29th.
    expect(monthGrid('2024-01')[0]?.[0]).toBe('2024-01-01');
    expect(monthGrid('2024-02').flat()).toContain('2024-02-29');
    // A month starting on a Sunday shows the whole week before it.
    expect(monthGrid('2025-06')[0]).toEqual(['2025-05-26', '2025-05-27', '2025-05-28', '2025-05-29', '2025-05-30', '2025-05-31', '2025-06-01']);
  });

  it('computes the date presets from today, weeks from Monday', () => {
    const wednesday = '2025-05-14';
    expect(presetRange('this-week', wednesday)).toEqual({ from: '2025-05-12', to: wednesday });
    expect(presetRange('last-week', wednesday)).toEqual({ from: '2025-05-05', to: '2025-05-11' });
    expect(presetRange('this-month', wednesday)).toEqual({ from: '2025-05-01', to: wednesday });
    expect(presetRange('last-month', wednesday)).toEqual({ from: '2025-04-01', to: '2025-04-30' });
  });

  it('handles presets on week and year edges', () => {
    // On a Monday this week is that day alone; on a Sunday last week is the week before the one ending today.
    expect(presetRange('this-week', '2025-05-12')).toEqual({ from: '2025-05-12', to: '2025-05-12' });
    expect(presetRange('last-week', '2025-05-18')).toEqual({ from: '2025-05-05', to: '2025-05-11' });
    expect(presetRange('last-week', '2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
    expect(presetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last-month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('limits the range length from the first pick in both directions', () => {
    expect(exceedsMaxDays('2025-05-10', '2025-05-16', 7)).toBe(false);
    expect(exceedsMaxDays('2025-05-10', '2025-05-17', 7)).toBe(true);
    expect(exceedsMaxDays('2025-05-10', '2025-05-04', 7)).toBe(false);
    expect(exceedsMaxDays('2025-05-10', '2025-05-03', 7)).toBe(true);
    expect(exceedsMaxDays('2025-05-10', '2030-01-01', undefined)).toBe(false);
  });

  it('tells whether a day lies in a range', () => {
    const range = { from: '2025-05-05', to: '2025-05-11' };
    expect(isWithin('2025-05-05', range)).toBe(true);
    expect(isWithin('2025-05-11', range)).toBe(true);
    expect(isWithin('2025-05-12', range)).toBe(false);
    expect(isWithin('2025-05-05', null)).toBe(false);
  });
});
