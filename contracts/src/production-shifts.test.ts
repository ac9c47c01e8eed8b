import { describe, expect, it } from 'vitest';
import { nextShiftTimes, overlappedShift, shiftListErrors } from './production-shifts.ts';

describe('production shifts', () => {
  it('starts a new shift where the last ends, 8 hours long, capped at 24:00', () => {
    expect(nextShiftTimes([])).toEqual({ timeStart: '00:00', timeEnd: '08:00' });
    expect(nextShiftTimes([{ timeEnd: '14:00' }])).toEqual({ timeStart: '14:00', timeEnd: '22:00' });
    expect(nextShiftTimes([{ timeEnd: '20:00' }])).toEqual({ timeStart: '20:00', timeEnd: '24:00' });
    expect(nextShiftTimes([{ timeEnd: '24:00' }])).toEqual({ timeStart: '00:00', timeEnd: '08:00' });
  });

  it('finds the earlier shift a shift overlaps, over midnight too', () => {
    const day = [
      { timeStart: '06:00', timeEnd: '14:00' },
      { timeStart: '13:00', timeEnd: '22:00' },
      { timeStart: '22:00', timeEnd: '06:00' },
      { timeStart: '05:00', timeEnd: '06:00' },
      { timeStart: '14:00', timeEnd: '15:00' },
    ];
    expect(day.map((_, i) => overlappedShift(day, i))).toEqual([null, 0, null, 2, 1]);
    // Back to back is not an overlap, nor a night shift that ends where the morning one starts.
    const three = [
      { timeStart: '06:00', timeEnd: '14:00' },
      { timeStart: '14:00', timeEnd: '22:00' },
      { timeStart: '22:00', timeEnd: '06:00' },
    ];
    expect(three.map((_, i) => overlappedShift(three, i))).toEqual([null, null, null]);
    // A whole day (00:00–24:00) leaves room for nothing else.
    expect(
      overlappedShift(
        [
          { timeStart: '00:00', timeEnd: '24:00' },
          { timeStart: '23:00', timeEnd: '24:00' },
        ],
        1,
      ),
    ).toBe(0);
  });

  it('names what is wrong with a list by position and field', () => {
    const shift = (name: string, timeStart: string, timeEnd: string) => ({ name, timeStart, timeEnd });
    expect(shiftListErrors([shift('I', '06:00', '14:00'), shift('II', '14:00', '22:00'), shift('III', '22:00', '06:00')])).toEqual({});
    expect(shiftListErrors([shift('Whole day', '00:00', '00:00')])).toEqual({});
    expect(
      shiftListErrors([shift('I', '06:00', '14:00'), shift(' ', '14:00', '22:00'), shift('Same as I', '06:00', '14:00'), shift('Nothing', '06:00', '06:00')]),
    ).toEqual({
      '1.name': ['form.field.error.not-blank'],
      '2.timeStart': ['shifts.overlapping'],
      '3.timeEnd': ['shifts.range-invalid'],
    });
  });
});
