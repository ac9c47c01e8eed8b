import { describe, expect, it } from 'vitest';
import { timeZone } from '../time/time-zone.ts';
import { elapsedSeconds, periodDate, planPeriod } from './periods.ts';

describe('planPeriod', () => {
  it('compares a day with the day before, and yesterday with the day before it', () => {
    expect(planPeriod('today', '2026-03-01')).toEqual({ current: { from: '2026-03-01', to: '2026-03-01' }, previous: { from: '2026-02-28', to: '2026-02-28' } });
    expect(planPeriod('yesterday', '2026-03-01')).toEqual({ current: { from: '2026-02-28', to: '2026-02-28' }, previous: { from: '2026-02-27', to: '2026-02-27' } });
  });

  it('runs a week from Monday to the date and compares the same weekdays of the week before', () => {
    expect(planPeriod('this-week', '2026-03-25')).toEqual({ current: { from: '2026-03-23', to: '2026-03-25' }, previous: { from: '2026-03-16', to: '2026-03-18' } });
    expect(planPeriod('this-week', '2026-03-23').current).toEqual({ from: '2026-03-23', to: '2026-03-23' });
  });

  it('runs a month from the 1st and cuts the previous one at its last day', () => {
    expect(planPeriod('this-month', '2026-03-31').previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(planPeriod('this-month', '2026-03-10')).toEqual({ current: { from: '2026-03-01', to: '2026-03-10' }, previous: { from: '2026-02-01', to: '2026-02-10' } });
    expect(planPeriod('this-month', '2026-01-05').previous).toEqual({ from: '2025-12-01', to: '2025-12-05' });
  });
});

describe('period time', () => {
  const warsaw = timeZone('Europe/Warsaw');
  it('takes today in the company timezone', () => {
    expect(periodDate(warsaw, undefined, Date.UTC(2026, 2, 28, 23, 30))).toBe('2026-03-29');
    expect(periodDate(warsaw, '2026-01-02', Date.UTC(2026, 2, 28, 23, 30))).toBe('2026-01-02');
  });

  it('counts the seconds of the dates up to now, 23 hours on the spring day', () => {
    const range = { from: '2026-03-29', to: '2026-03-29' };
    expect(elapsedSeconds(warsaw, range, Date.UTC(2026, 3, 5))).toBe(23 * 3600);
    expect(elapsedSeconds(warsaw, range, Date.UTC(2026, 2, 29, 2))).toBe(3 * 3600);
    expect(elapsedSeconds(warsaw, range, Date.UTC(2026, 2, 20))).toBe(0);
  });
});
