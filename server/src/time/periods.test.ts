import { describe, expect, it } from 'vitest';
import { parseDate } from './calendar.ts';
import { calendarSpan, periodToDate, spanText } from './periods.ts';

const texts = (today: string, period: 'day' | 'week' | 'month') => {
  const { current, previous } = periodToDate(parseDate(today), period);
  return { current: spanText(current), previous: spanText(previous) };
};

describe('periodToDate', () => {
  it('compares today with yesterday, across a month end', () => {
    expect(texts('2026-03-01', 'day')).toEqual({ current: { from: '2026-03-01', to: '2026-03-01' }, previous: { from: '2026-02-28', to: '2026-02-28' } });
  });

  it('starts weeks on Monday and compares with last week up to the same weekday', () => {
    // 2026-03-29 is a Sunday (the spring clock change in Europe), 2026-03-23 a Monday.
    expect(texts('2026-03-29', 'week')).toEqual({ current: { from: '2026-03-23', to: '2026-03-29' }, previous: { from: '2026-03-16', to: '2026-03-22' } });
    expect(texts('2026-03-23', 'week')).toEqual({ current: { from: '2026-03-23', to: '2026-03-23' }, previous: { from: '2026-03-16', to: '2026-03-16' } });
    expect(texts('2026-01-01', 'week')).toEqual({ current: { from: '2025-12-29', to: '2026-01-01' }, previous: { from: '2025-12-22', to: '2025-12-25' } });
  });

  it('compares the month so far with last month up to the same day, cut at its end', () => {
    expect(texts('2026-03-15', 'month')).toEqual({ current: { from: '2026-03-01', to: '2026-03-15' }, previous: { from: '2026-02-01', to: '2026-02-15' } });
    expect(texts('2026-03-31', 'month')).toEqual({ current: { from: '2026-03-01', to: '2026-03-31' }, previous: { from: '2026-02-01', to: '2026-02-28' } });
    expect(texts('2026-01-10', 'month')).toEqual({ current: { from: '2026-01-01', to: '2026-01-10' }, previous: { from: '2025-12-01', to: '2025-12-10' } });
    expect(texts('2028-03-30', 'month').previous).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('calendarSpan', () => {
  const span = (unit: 'day' | 'week' | 'month' | 'year', day: string) => spanText(calendarSpan(unit, parseDate(day)));

  it('gives the date, its week from Monday to Sunday, its month and its year', () => {
    expect(span('day', '2026-03-29')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(span('week', '2026-03-29')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(span('week', '2026-03-23')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(span('week', '2026-01-01')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(span('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(span('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(span('year', '2026-07-15')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});
