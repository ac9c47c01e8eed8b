import { describe, expect, it } from 'vitest';
import { timeZone } from '../../time/time-zone.ts';
import { periodSpans } from './periods.ts';

const warsaw = timeZone('Europe/Warsaw');
const at = (iso: string) => Date.parse(iso);

describe('summary periods', () => {
  it('start today, on the ISO week Monday, or on the first of the month', () => {
    const sunday = at('2026-03-08T10:20:00+01:00');
    expect(periodSpans('this-week', warsaw, sunday).current.window.fromDay).toBe('2026-03-02');
    expect(periodSpans('this-week', warsaw, sunday).previous.window.fromDay).toBe('2026-02-23');
    expect(periodSpans('this-month', warsaw, sunday).current.window.fromDay).toBe('2026-03-01');
    expect(periodSpans('this-month', warsaw, at('2026-01-05T10:00:00+01:00')).previous.window.fromDay).toBe('2025-12-01');
  });

  it('read yesterday and the day before as whole dates, 23 hours on the spring day', () => {
    const { current, previous } = periodSpans('yesterday', warsaw, at('2026-03-30T10:20:00+02:00'));
    const none = new Date(at('2026-03-30T00:00:00+02:00'));
    expect(current).toEqual({ startDay: current.startDay, from: at('2026-03-29T00:00:00+01:00'), to: at('2026-03-30T00:00:00+02:00'), window: { fromDay: '2026-03-29', toDay: '2026-03-30', fromHour: none, toHour: none } });
    expect((current.to - current.from) / 3_600_000).toBe(23);
    expect(previous.window).toMatchObject({ fromDay: '2026-03-28', toDay: '2026-03-29' });
    expect(previous.to).toBe(current.from);
  });

  it('compare today so far with as many hours of yesterday, rounded up to the hour', () => {
    const { current, previous } = periodSpans('today', warsaw, at('2026-03-05T10:20:00+01:00'));
    expect(current.window).toEqual({ fromDay: '2026-03-05', toDay: '2026-03-05', fromHour: new Date('2026-03-04T23:00:00Z'), toHour: new Date('2026-03-05T10:00:00Z') });
    expect(previous.window).toEqual({ fromDay: '2026-03-04', toDay: '2026-03-04', fromHour: new Date('2026-03-03T23:00:00Z'), toHour: new Date('2026-03-04T10:00:00Z') });
  });

  it('compare a week with the same whole days and hours of the week before', () => {
    const { current, previous } = periodSpans('this-week', warsaw, at('2026-03-05T10:20:00+01:00'));
    expect(current.window).toMatchObject({ fromDay: '2026-03-02', toDay: '2026-03-05' });
    expect(previous.window).toEqual({ fromDay: '2026-02-23', toDay: '2026-02-26', fromHour: new Date('2026-02-25T23:00:00Z'), toHour: new Date('2026-02-26T10:00:00Z') });
    expect(previous.from).toBe(at('2026-02-23T00:00:00+01:00'));
  });

  it('end the previous month where this one starts when it is shorter than the part elapsed', () => {
    const { previous } = periodSpans('this-month', warsaw, at('2026-03-30T12:00:00+02:00'));
    expect(previous.window).toEqual({ fromDay: '2026-02-01', toDay: '2026-03-01', fromHour: new Date(at('2026-03-01T00:00:00+01:00')), toHour: new Date(at('2026-03-01T00:00:00+01:00')) });
    expect(previous.to).toBe(at('2026-03-01T00:00:00+01:00'));
  });
});
