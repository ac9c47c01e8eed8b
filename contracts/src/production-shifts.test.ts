import { describe, expect, it } from 'vitest';
import { nextShiftTimes, startsBeforePreviousEnds } from './production-shifts.ts';

describe('production shifts', () => {
  it('starts a new shift where the last ends, 8 hours long, capped at 24:00', () => {
    expect(nextShiftTimes([])).toEqual({ timeStart: '00:00', timeEnd: '08:00' });
    expect(nextShiftTimes([{ timeEnd: '14:00' }])).toEqual({ timeStart: '14:00', timeEnd: '22:00' });
    expect(nextShiftTimes([{ timeEnd: '20:00' }])).toEqual({ timeStart: '20:00', timeEnd: '24:00' });
    expect(nextShiftTimes([{ timeEnd: '24:00' }])).toEqual({ timeStart: '00:00', timeEnd: '08:00' });
  });

  it('warns when a shift starts before the previous one ends, over midnight too', () => {
    const day = [
      { timeStart: '06:00', timeEnd: '14:00' },
      { timeStart: '13:00', timeEnd: '22:00' },
      { timeStart: '22:00', timeEnd: '06:00' },
      { timeStart: '05:00', timeEnd: '06:00' },
    ];
    expect([0, 1, 2, 3].map((i) => startsBeforePreviousEnds(day, i))).toEqual([false, true, false, true]);
  });
});
