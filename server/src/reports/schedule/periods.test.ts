import { describe, expect, it } from 'vitest';
import { parseDate } from '../../time/calendar.ts';
import { duePeriods, lastCompletePeriod, periodOf } from './periods.ts';

const day = (text: string) => parseDate(text);

describe('report periods', () => {
  it('are local days, Monday-to-Sunday weeks and calendar months', () => {
    expect(periodOf('day', day('2026-10-25'))).toEqual({ from: '2026-10-25', to: '2026-10-25' });
    expect(periodOf('week', day('2026-10-25'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    expect(periodOf('week', day('2026-10-26'))).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    expect(periodOf('month', day('2028-02-10'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(lastCompletePeriod('month', day('2026-01-01'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastCompletePeriod('week', day('2026-10-26'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    expect(lastCompletePeriod('day', day('2026-10-26'))).toEqual({ from: '2026-10-25', to: '2026-10-25' });
  });

  it('owe every period since the last one made, or since activation, up to the last complete one, at most max', () => {
    const since = day('2026-10-20');
    expect(duePeriods('day', { today: day('2026-10-20'), activeSince: since, last: null, max: 31 }).map((p) => p.from)).toEqual(['2026-10-19']);
    expect(
      duePeriods('day', { today: day('2026-10-23'), activeSince: since, last: { from: '2026-10-19', to: '2026-10-19' }, max: 31 }).map((p) => p.from),
    ).toEqual(['2026-10-20', '2026-10-21', '2026-10-22']);
    expect(duePeriods('day', { today: day('2026-10-23'), activeSince: since, last: { from: '2026-10-22', to: '2026-10-22' }, max: 31 })).toEqual([]);
    expect(duePeriods('day', { today: day('2026-12-31'), activeSince: since, last: null, max: 3 }).map((p) => p.from)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
    ]);
    expect(duePeriods('month', { today: day('2026-12-01'), activeSince: day('2026-10-05'), last: null, max: 31 }).map((p) => p.from)).toEqual([
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
  });
});
