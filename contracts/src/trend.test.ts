import { describe, expect, it } from 'vitest';
import { trendDirection, trendPercent } from './trend.ts';

describe('trendPercent', () => {
  it('answers the signed change against the previous period, rounded', () => {
    expect(trendPercent(150, 100)).toBe(50);
    expect(trendPercent(50, 200)).toBe(-75);
    expect(trendPercent(1, 3)).toBe(-67);
    expect(trendPercent(100, 100)).toBe(0);
    // A change that rounds to nothing is 0, never −0 (no minus sign on screen).
    expect(Object.is(trendPercent(99.6, 100), 0)).toBe(true);
  });

  it('counts a period without data as 0 and answers null without a previous figure', () => {
    expect(trendPercent(null, 3600)).toBe(-100);
    expect(trendPercent(3600, null)).toBeNull();
    expect(trendPercent(3600, 0)).toBeNull();
    expect(trendPercent(undefined, undefined)).toBeNull();
  });

  it('names the direction of a trend', () => {
    expect([trendDirection(12), trendDirection(-3), trendDirection(0), trendDirection(null)]).toEqual(['up', 'down', 'flat', 'flat']);
  });
});
