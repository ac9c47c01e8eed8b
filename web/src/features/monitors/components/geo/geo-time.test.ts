import { describe, expect, it } from 'vitest';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { sliderBounds, snapUp } from './geo-time.ts';

const HOUR_MS = 3_600_000;

describe('sliderBounds', () => {
  it('runs from the first local day start to the end of the last day in 5-minute steps', () => {
    const bounds = sliderBounds({ from: '2026-03-02', to: '2026-03-04' }, 'Europe/Warsaw');
    expect(bounds).toEqual({ min: Date.parse('2026-03-02T00:00:00+01:00'), max: Date.parse('2026-03-05T00:00:00+01:00'), step: 300_000 });
    expect(bounds.step).toBe(MAP_DEFAULTS.sliderStepMs);
  });

  it('covers a day of 23 hours and one of 25 hours when the clocks change', () => {
    const spring = sliderBounds({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Warsaw');
    expect(spring.min).toBe(Date.parse('2026-03-29T00:00:00+01:00'));
    expect(spring.max - spring.min).toBe(23 * HOUR_MS);
    const autumn = sliderBounds({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Warsaw');
    expect(autumn.max).toBe(Date.parse('2026-10-26T00:00:00+01:00'));
    expect(autumn.max - autumn.min).toBe(25 * HOUR_MS);
  });
});

describe('snapUp', () => {
  const bounds = { min: 1_000_000, max: 1_000_000 + 12 * 300_000, step: 300_000 };

  it('keeps a step and moves anything between two steps to the later one', () => {
    expect(snapUp(bounds.min + 600_000, bounds)).toBe(bounds.min + 600_000);
    expect(snapUp(bounds.min + 600_001, bounds)).toBe(bounds.min + 900_000);
  });

  it('stays within the ends', () => {
    expect(snapUp(bounds.min - 5, bounds)).toBe(bounds.min);
    expect(snapUp(bounds.max + 5, bounds)).toBe(bounds.max);
  });
});
