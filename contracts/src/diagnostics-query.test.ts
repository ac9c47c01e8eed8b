import { describe, expect, it } from 'vitest';
import { deviceDiagnosticsQuerySchema, efficiencyPercent, isCalendarDate, parameterNumbersSchema } from './diagnostics-query.ts';

describe('efficiencyPercent', () => {
  it('is work / active × 100 as a whole number, 0 when undefined', () => {
    expect(efficiencyPercent(180, 240)).toBe(75);
    expect(efficiencyPercent(1, 3)).toBe(33);
    expect(efficiencyPercent(2, 3)).toBe(67);
    expect(efficiencyPercent(0, 100)).toBe(0);
    expect(efficiencyPercent(50, 0)).toBe(0);
    expect(efficiencyPercent(50, null)).toBe(0);
    expect(efficiencyPercent(null, 100)).toBe(0);
  });

  it('is a finite number within [0, MAX_SAFE_INTEGER] whatever the work and active time', () => {
    expect(efficiencyPercent(86_400, Number.MIN_VALUE)).toBe(Number.MAX_SAFE_INTEGER);
    expect(efficiencyPercent(1e308, 30)).toBe(Number.MAX_SAFE_INTEGER);
    expect(efficiencyPercent(-1e308, 30)).toBe(0);
    expect(efficiencyPercent(-5, 10)).toBe(0);
  });
});

describe('query parsing', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
  });

  it('parses comma lists into unique numbers in the order given', () => {
    expect(parameterNumbersSchema.parse('2,1,0,2')).toEqual([2, 1, 0]);
    expect(parameterNumbersSchema.safeParse('1,a').success).toBe(false);
    expect(parameterNumbersSchema.safeParse('').success).toBe(false);
    const query = deviceDiagnosticsQuerySchema.parse({ devices: '3, 1', parameterNumber: '1', interval: 'hour', from: '2026-01-01', to: '2026-01-02' });
    expect(query.devices).toEqual([3, 1]);
  });
});
