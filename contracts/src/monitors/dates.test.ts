import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysInclusive, endOfWeek, isFirstOfMonth, isSingleDay, normaliseRange, startOfMonth, startOfWeek, todayIn } from './dates.ts';

describe('normaliseRange', () => {
  it('swaps a range picked in reverse order', () => {
    expect(normaliseRange('2026-03-10', '2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-10' });
    expect(normaliseRange('2027-01-01', '2026-12-31')).toEqual({ from: '2026-12-31', to: '2027-01-01' });
  });
  it('keeps a range in order and a single day as they are', () => {
    expect(normaliseRange('2026-03-02', '2026-03-10')).toEqual({ from: '2026-03-02', to: '2026-03-10' });
    expect(normaliseRange('2026-03-02', '2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-02' });
  });
});

describe('date arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-05', -7)).toBe('2026-02-26');
  });
  it('is not shifted by the days clocks change in Europe', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });
  it('counts days inclusively either way round', () => {
    expect(daysInclusive({ from: '2026-03-02', to: '2026-03-02' })).toBe(1);
    expect(daysInclusive({ from: '2026-03-01', to: '2026-03-07' })).toBe(7);
    expect(daysInclusive({ from: '2026-03-07', to: '2026-03-01' })).toBe(7);
    expect(daysInclusive({ from: '2028-01-01', to: '2028-12-31' })).toBe(366);
  });
  it('rejects text that is not a calendar date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('yesterday', '2026-01-01')).toThrow(RangeError);
  });
});

describe('weeks and months', () => {
  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(startOfWeek('2026-03-04')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-08')).toBe('2026-03-02'); // Sunday belongs to the week before it
    expect(startOfWeek('2026-03-01')).toBe('2026-02-23');
    expect(endOfWeek('2026-03-04')).toBe('2026-03-08');
  });
  it('finds the first of the month', () => {
    expect(startOfMonth('2026-02-17')).toBe('2026-02-01');
    expect(isFirstOfMonth('2026-02-01')).toBe(true);
    expect(isFirstOfMonth('2026-02-11')).toBe(false);
    expect(isFirstOfMonth('2026-13-01')).toBe(false);
  });
  it('flags a single-day range as the interval selector needs', () => {
    expect(isSingleDay({ from: '2026-03-02', to: '2026-03-02' })).toBe(true);
    expect(isSingleDay({ from: '2026-03-03', to: '2026-03-02' })).toBe(true);
    expect(isSingleDay({ from: '2026-03-02', to: '2026-03-03' })).toBe(false);
  });
});

describe('todayIn', () => {
  it('takes the date of the given timezone, not of the machine', () => {
    const lateEveningUtc = new Date('2026-06-30T22:30:00Z');
    expect(todayIn('Europe/Warsaw', lateEveningUtc)).toBe('2026-07-01');
    expect(todayIn('UTC', lateEveningUtc)).toBe('2026-06-30');
    expect(todayIn('America/New_York', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });
});
