import { describe, expect, it } from 'vitest';
import { availableIntervals, EFFICIENCY_INTERVALS, fitInterval, hasIntervalSelector } from './intervals.ts';

const day = { from: '2026-03-10', to: '2026-03-10' };

describe('availableIntervals', () => {
  it('offers each monitor its own list for a short range', () => {
    expect(availableIntervals('device-parameter', day)).toEqual(['5min', 'hour', 'day', 'month', 'year', 'shifts']);
    expect(availableIntervals('device-operator', day)).toEqual(['5min', 'hour', 'day', 'month', 'year']);
    expect(availableIntervals('efficiency', { from: '2026-03-01', to: '2026-03-02' })).toEqual([...EFFICIENCY_INTERVALS]);
  });
  it('offers no interval to the monitors without a selector', () => {
    for (const kind of ['work-activity', 'work-activity-shift', 'geo', 'async']) {
      expect(hasIntervalSelector(kind)).toBe(false);
      expect(availableIntervals(kind, day)).toEqual([]);
    }
  });
  it('offers months to the efficiency monitor only for a range starting on the 1st', () => {
    expect(availableIntervals('efficiency', { from: '2026-03-02', to: '2026-03-05' })).toEqual(['5min', 'hour', 'day']);
    expect(availableIntervals('efficiency', { from: '2026-03-01', to: '2026-03-05' })).toContain('month');
    // A reversed range starts at its earlier date.
    expect(availableIntervals('efficiency', { from: '2026-03-05', to: '2026-03-01' })).toContain('month');
    expect(availableIntervals('device-parameter', { from: '2026-03-02', to: '2026-03-05' })).toContain('month');
  });
  it('drops the intervals the server answers only up to INTERVAL_MAX_DAYS', () => {
    expect(availableIntervals('device-parameter', { from: '2026-03-01', to: '2026-03-07' })).toContain('5min');
    expect(availableIntervals('device-parameter', { from: '2026-03-01', to: '2026-03-08' })).toEqual(['hour', 'day', 'month', 'year', 'shifts']);
    expect(availableIntervals('device-operator', { from: '2026-01-01', to: '2026-04-03' })).toEqual(['hour', 'day', 'month', 'year']);
    expect(availableIntervals('device-operator', { from: '2026-01-01', to: '2026-04-04' })).toEqual(['day', 'month', 'year']);
  });
  it('applies no range rule before both dates are picked', () => {
    expect(availableIntervals('efficiency', null)).toEqual([...EFFICIENCY_INTERVALS]);
  });
});

describe('fitInterval', () => {
  it('keeps an interval the range allows', () => {
    expect(fitInterval('device-parameter', 'shifts', day)).toBe('shifts');
    expect(fitInterval('efficiency', 'month', { from: '2026-03-01', to: '2026-03-31' })).toBe('month');
  });
  it('moves to the nearest coarser interval, as the server would answer', () => {
    expect(fitInterval('device-parameter', '5min', { from: '2026-03-01', to: '2026-03-20' })).toBe('hour');
    expect(fitInterval('device-operator', '5min', { from: '2026-01-01', to: '2026-06-01' })).toBe('day');
  });
  it('falls back to the coarsest offered interval when none is coarser', () => {
    expect(fitInterval('efficiency', 'month', { from: '2026-03-02', to: '2026-03-31' })).toBe('day');
  });
  it('leaves the interval of a monitor without a selector alone', () => {
    expect(fitInterval('geo', 'hour', day)).toBe('hour');
  });
});
