import { describe, expect, it } from 'vitest';
import { timeZone } from '../time/time-zone.ts';
import { comparedDates, periodDate, periodTimes, planPeriod, previousCut, previousUntil, spanSeconds } from './periods.ts';
import { restSpan, rollupWindow } from '../rollups/windows.ts';

const warsaw = timeZone('Europe/Warsaw');
const kolkata = timeZone('Asia/Kolkata');
const at = (iso: string) => Date.parse(iso);

describe('planPeriod', () => {
  it('compares a day with the day before, and yesterday with the day before it', () => {
    expect(planPeriod('today', '2026-03-01')).toEqual({
      current: { from: '2026-03-01', to: '2026-03-01' },
      previous: { from: '2026-02-28', to: '2026-02-28' },
    });
    expect(planPeriod('yesterday', '2026-03-01')).toEqual({
      current: { from: '2026-02-28', to: '2026-02-28' },
      previous: { from: '2026-02-27', to: '2026-02-27' },
    });
  });

  it('runs a week from Monday to the date and compares the same weekdays of the week before', () => {
    expect(planPeriod('this-week', '2026-03-25')).toEqual({
      current: { from: '2026-03-23', to: '2026-03-25' },
      previous: { from: '2026-03-16', to: '2026-03-18' },
    });
    expect(planPeriod('this-week', '2026-03-23').current).toEqual({ from: '2026-03-23', to: '2026-03-23' });
  });

  it('runs a month from the 1st and cuts the previous one at its last day', () => {
    expect(planPeriod('this-month', '2026-03-31').previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(planPeriod('this-month', '2026-03-10')).toEqual({
      current: { from: '2026-03-01', to: '2026-03-10' },
      previous: { from: '2026-02-01', to: '2026-02-10' },
    });
    expect(planPeriod('this-month', '2026-01-05').previous).toEqual({ from: '2025-12-01', to: '2025-12-05' });
  });

  it('takes today in the company timezone', () => {
    expect(periodDate(warsaw, undefined, Date.UTC(2026, 2, 28, 23, 30))).toBe('2026-03-29');
    expect(periodDate(warsaw, '2026-01-02', Date.UTC(2026, 2, 28, 23, 30))).toBe('2026-01-02');
  });
});

describe('the previous equal period', () => {
  const today = (now: number) => periodTimes(warsaw, planPeriod('today', periodDate(warsaw, undefined, now)), now);

  it('compares today so far with yesterday up to the same wall-clock time, rounded up to 5 minutes', () => {
    const times = today(at('2026-03-05T08:02:30+01:00'));
    expect(times.running).toBe(true);
    expect(times.current).toEqual({ start: at('2026-03-05T00:00:00+01:00'), end: at('2026-03-05T08:02:30+01:00') });
    expect(times.previous).toEqual({ start: at('2026-03-04T00:00:00+01:00'), end: at('2026-03-04T08:05:00+01:00') });
    // On a bucket's first instant that bucket holds now: it counts on both days.
    expect(today(at('2026-03-05T08:00:00+01:00')).previous.end).toBe(at('2026-03-04T08:05:00+01:00'));
  });

  it('names the wall-clock time of the cut, and none when the previous period counts whole', () => {
    expect(previousUntil(warsaw, today(at('2026-03-29T10:02:00+02:00')))).toBe('10:05');
    expect(previousUntil(warsaw, today(at('2026-03-05T23:57:00+01:00')))).toBeNull();
    expect(previousUntil(warsaw, periodTimes(warsaw, planPeriod('yesterday', '2026-03-05'), at('2026-03-05T08:00:00+01:00')))).toBeNull();
    expect(previousUntil(warsaw, periodTimes(warsaw, planPeriod('this-month', '2026-03-30'), at('2026-03-30T12:00:00+02:00')))).toBeNull();
  });

  it('compares a finished period with the whole previous one', () => {
    const now = at('2026-03-05T08:02:00+01:00');
    const yesterday = periodTimes(warsaw, planPeriod('yesterday', '2026-03-05'), now);
    expect(yesterday.running).toBe(false);
    expect(yesterday.previous).toEqual({ start: at('2026-03-03T00:00:00+01:00'), end: at('2026-03-04T00:00:00+01:00') });
    const asked = periodTimes(warsaw, planPeriod('this-week', '2026-02-26'), now);
    expect(asked.running).toBe(false);
    expect(asked.current.end).toBe(at('2026-02-27T00:00:00+01:00'));
    expect(asked.previous.end).toBe(at('2026-02-20T00:00:00+01:00'));
  });

  it('cuts the previous day of the 23-hour spring day at the same wall-clock time, not after as many hours', () => {
    const spring = today(at('2026-03-29T10:00:00+02:00'));
    expect(spring.previous.end).toBe(at('2026-03-28T10:05:00+01:00'));
    expect(spanSeconds(spring.current)).toBe(9 * 3600);
    expect(spanSeconds(spring.previous)).toBe(10 * 3600 + 300);
    const after = today(at('2026-03-30T10:00:00+02:00'));
    expect(after.previous.end).toBe(at('2026-03-29T10:05:00+02:00'));
    expect(spanSeconds(after.previous)).toBe(9 * 3600 + 300);
  });

  it('cuts where the clocks jumped at a skipped wall time, and after the repeated hour at a repeated one', () => {
    expect(today(at('2026-03-30T02:30:00+02:00')).previous.end).toBe(at('2026-03-29T03:00:00+02:00'));
    expect(today(at('2026-10-26T02:30:00+01:00')).previous.end).toBe(at('2026-10-25T02:35:00+01:00'));
    // On the autumn day itself, both passes through 02:30 compare with 02:35 of the day before.
    expect(today(at('2026-10-25T02:30:00+02:00')).previous.end).toBe(at('2026-10-24T02:35:00+02:00'));
    expect(today(at('2026-10-25T02:30:00+01:00')).previous.end).toBe(at('2026-10-24T02:35:00+02:00'));
  });

  it('compares a week with the same whole days and the same wall-clock time of the week before', () => {
    const now = at('2026-04-01T15:41:00+02:00');
    const week = periodTimes(warsaw, planPeriod('this-week', '2026-04-01'), now);
    expect(week.previous).toEqual({ start: at('2026-03-23T00:00:00+01:00'), end: at('2026-03-25T15:45:00+01:00') });
  });

  it('ends a shorter previous month whole, and cuts a long enough one at the same date and time', () => {
    const plan = planPeriod('this-month', '2026-03-30');
    expect(previousCut(warsaw, plan, at('2026-03-30T12:00:00+02:00'))).toBe(at('2026-03-01T00:00:00+01:00'));
    const late = planPeriod('this-month', '2026-03-28');
    expect(previousCut(warsaw, late, at('2026-03-28T12:00:00+01:00'))).toBe(at('2026-02-28T12:05:00+01:00'));
    expect(previousCut(warsaw, late, at('2026-03-28T23:57:00+01:00'))).toBe(at('2026-03-01T00:00:00+01:00'));
  });

  it('has nothing to compare with before a period asked for a future date starts', () => {
    const times = periodTimes(warsaw, planPeriod('today', '2026-03-10'), at('2026-03-05T08:00:00+01:00'));
    expect(spanSeconds(times.current)).toBe(0);
    expect(spanSeconds(times.previous)).toBe(0);
  });
});

describe('rollupWindow', () => {
  it('reads whole dates from days, whole hours from hours and the rest in 5 minutes', () => {
    const window = rollupWindow(warsaw, { start: at('2026-03-02T00:00:00+01:00'), end: at('2026-03-04T08:05:00+01:00') });
    expect(window).toEqual({
      fromDay: '2026-03-02',
      toDay: '2026-03-04',
      fromHour: new Date(at('2026-03-04T00:00:00+01:00')),
      toHour: new Date(at('2026-03-04T08:00:00+01:00')),
      minutes: [
        [new Date(at('2026-03-04T00:00:00+01:00')), new Date(at('2026-03-04T00:00:00+01:00'))],
        [new Date(at('2026-03-04T08:00:00+01:00')), new Date(at('2026-03-04T08:05:00+01:00'))],
      ],
    });
  });

  it('reads a date that starts mid-hour from 5 minutes up to the first whole hour', () => {
    const window = rollupWindow(kolkata, { start: at('2026-03-04T00:00:00+05:30'), end: at('2026-03-04T02:10:00+05:30') });
    expect(window.fromDay).toBe(window.toDay);
    expect(window.minutes[0]).toEqual([new Date(at('2026-03-04T00:00:00+05:30')), new Date(at('2026-03-04T00:30:00+05:30'))]);
    expect([window.fromHour, window.toHour]).toEqual([new Date(at('2026-03-04T00:30:00+05:30')), new Date(at('2026-03-04T01:30:00+05:30'))]);
    expect(window.minutes[1]).toEqual([new Date(at('2026-03-04T01:30:00+05:30')), new Date(at('2026-03-04T02:10:00+05:30'))]);
  });

  it('reads whole periods from days alone', () => {
    const whole = comparedDates(warsaw, planPeriod('yesterday', '2026-03-30'), at('2026-03-30T10:00:00+02:00'));
    expect(whole.dates.previous).toEqual({ from: '2026-03-28', to: '2026-03-28' });
    const rest = restSpan(whole.rest);
    expect(rest.end - rest.start).toBe(0);
    expect(whole.rest.fromHour).toEqual(whole.rest.toHour);
  });

  it('gives a cut previous period its whole dates and the rest of the cut date', () => {
    const cut = comparedDates(warsaw, planPeriod('this-week', '2026-03-04'), at('2026-03-04T08:02:00+01:00'));
    expect(cut.dates).toEqual({ current: { from: '2026-03-02', to: '2026-03-04' }, previous: { from: '2026-02-23', to: '2026-02-24' } });
    expect(restSpan(cut.rest)).toEqual({ start: at('2026-02-25T00:00:00+01:00'), end: at('2026-02-25T08:05:00+01:00') });
  });
});
