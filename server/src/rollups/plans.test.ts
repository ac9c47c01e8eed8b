import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS_LIMITS, DIAGNOSTICS_MESSAGE_KEYS } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import { coarsen, maxCategories, normaliseRange, planShifts, planTime, wholeMonths, windowsDisjoint } from './plans.ts';
import { timeZone } from '../time/time-zone.ts';

const warsaw = timeZone('Europe/Warsaw');

describe('normaliseRange', () => {
  it('swaps a reversed range and counts its days', () => {
    expect(normaliseRange('2026-01-16', '2026-01-14')).toEqual({ from: '2026-01-14', to: '2026-01-16', days: 3 });
  });

  it('refuses more than 366 days, naming `to`', () => {
    expect(normaliseRange('2025-01-15', '2026-01-15').days).toBe(366);
    const error = (() => {
      try {
        normaliseRange('2025-01-14', '2026-01-15');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ to: [DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong] });
  });
});

describe('coarsen', () => {
  it('keeps an interval within its range and moves on to the next coarser one beyond it', () => {
    expect(coarsen('5min', 7)).toBe('5min');
    expect(coarsen('5min', 8)).toBe('hour');
    expect(coarsen('5min', 94)).toBe('day');
    expect(coarsen('hour', 93)).toBe('hour');
    expect(coarsen('hour', 94)).toBe('day');
    expect(coarsen('month', 366)).toBe('month');
    expect(coarsen('year', 1)).toBe('year');
  });

  it('moves on to a coarser interval when categories × stored series would exceed the values budget', () => {
    expect(DIAGNOSTICS_LIMITS.maxValues).toBe(12_000);
    // 20 devices × efficiency (work and active: 40 stored series): 5 minutes for a day (11,560), not for two days.
    expect(coarsen('5min', 1, 40)).toBe('5min');
    expect(coarsen('5min', 2, 40)).toBe('hour');
    // 20 devices × 5 parameters (100): hours for a day (2,500), days for a month at hours (74,500).
    expect(coarsen('5min', 1, 100)).toBe('hour');
    expect(coarsen('hour', 31, 100)).toBe('day');
    // 50 devices × 5 parameters (250): days for a month (7,750), months for a year of days.
    expect(coarsen('day', 31, 250)).toBe('day');
    expect(coarsen('day', 366, 250)).toBe('month');
    // One device's five parameters keep 5 minutes for a week; years always answer.
    expect(coarsen('5min', 7, 5)).toBe('5min');
    expect(coarsen('day', 366, 10_000)).toBe('year');
    expect(maxCategories('5min', 1)).toBeGreaterThanOrEqual(planTime('5min', normaliseRange('2026-10-25', '2026-10-25'), warsaw).categories.length);
    expect(maxCategories('hour', 1)).toBeGreaterThanOrEqual(planTime('hour', normaliseRange('2026-10-25', '2026-10-25'), warsaw).categories.length);
    expect(maxCategories('month', 366)).toBeGreaterThanOrEqual(planTime('month', normaliseRange('2026-01-31', '2027-01-31'), warsaw).categories.length);
  });
});

describe('planTime', () => {
  it('has 23 hours on the day clocks go forward and 25 on the day they go back', () => {
    const spring = planTime('hour', normaliseRange('2026-03-29', '2026-03-29'), warsaw);
    expect(spring.categories).toHaveLength(23);
    expect(spring.categories.slice(1, 3)).toEqual(['2026-03-29 01:00', '2026-03-29 03:00']);
    const autumn = planTime('hour', normaliseRange('2026-10-25', '2026-10-25'), warsaw);
    expect(autumn.categories).toHaveLength(25);
    expect(autumn.categories.slice(1, 5)).toEqual(['2026-10-25 01:00', '2026-10-25 02:00', '2026-10-25 02:00', '2026-10-25 03:00']);
    // Each real hour keeps its own bucket, looked up by its UTC start.
    expect(autumn.index.get(String(Date.parse('2026-10-25T00:00:00Z')))).toBe(2);
    expect(autumn.index.get(String(Date.parse('2026-10-25T01:00:00Z')))).toBe(3);
    expect(autumn.start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(autumn.end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('labels days, months and years as local calendar dates', () => {
    const range = normaliseRange('2025-12-30', '2026-02-02');
    expect(planTime('day', range, warsaw).categories.slice(0, 3)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
    expect(planTime('month', range, warsaw).categories).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(planTime('year', range, warsaw).categories).toEqual(['2025', '2026']);
    expect(planTime('month', range, warsaw).index.get('2026-01')).toBe(1);
  });

  it('starts hourly buckets in a half-hour zone with the UTC hour that holds local midnight', () => {
    const plan = planTime('hour', normaliseRange('2026-01-15', '2026-01-15'), timeZone('Asia/Kolkata'));
    expect(plan.categories[0]).toBe('2026-01-14 23:30');
    expect(plan.categories).toHaveLength(25);
    expect(plan.start.toISOString()).toBe('2026-01-14T18:00:00.000Z');
  });
});

describe('planShifts', () => {
  const shifts = [
    { position: 1, name: 'night', hourStart: 22, hourEnd: 6 },
    { position: 0, name: 'day', hourStart: 6, hourEnd: 22 },
  ];

  it('gives each date its shift windows by position, a night shift ending the next morning', () => {
    const plan = planShifts(normaliseRange('2026-01-15', '2026-01-16'), shifts, warsaw);
    expect(plan.categories).toEqual(['2026-01-15', '2026-01-16']);
    expect(plan.shifts.map((s) => s.name)).toEqual(['day', 'night']);
    expect(plan.windows.map((w) => [w.dayIndex, w.position, w.start.toISOString(), w.end.toISOString()])).toEqual([
      [0, 0, '2026-01-15T05:00:00.000Z', '2026-01-15T21:00:00.000Z'],
      [0, 1, '2026-01-15T21:00:00.000Z', '2026-01-16T05:00:00.000Z'],
      [1, 0, '2026-01-16T05:00:00.000Z', '2026-01-16T21:00:00.000Z'],
      [1, 1, '2026-01-16T21:00:00.000Z', '2026-01-17T05:00:00.000Z'],
    ]);
  });

  it('makes the night shift an hour shorter or longer over a clock change', () => {
    const hours = (date: string) => {
      const night = planShifts(normaliseRange(date, date), shifts, warsaw).windows.find((w) => w.position === 1)!;
      return (night.end.getTime() - night.start.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-28')).toBe(7);
    expect(hours('2026-10-24')).toBe(9);
    expect(hours('2026-10-25')).toBe(8);
  });
});

describe('wholeMonths', () => {
  it('names the months wholly inside a range and the day after the last of them', () => {
    expect(wholeMonths('2025-11-15', '2026-11-14')).toEqual({ first: '2025-12-01', last: '2026-10-01', end: '2026-11-01' });
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({ first: '2026-01-01', last: '2026-12-01', end: '2027-01-01' });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ first: '2026-02-01', last: '2026-02-01', end: '2026-03-01' });
    expect(wholeMonths('2028-02-01', '2028-02-29')).toEqual({ first: '2028-02-01', last: '2028-02-01', end: '2028-03-01' });
  });

  it('is null when no month lies wholly inside', () => {
    expect(wholeMonths('2026-02-01', '2026-02-27')).toBeNull();
    expect(wholeMonths('2026-01-15', '2026-02-14')).toBeNull();
    expect(wholeMonths('2026-03-02', '2026-03-31')).toBeNull();
  });
});

describe('windowsDisjoint', () => {
  const zone = timeZone('Europe/Warsaw');
  const shifts = (hours: [number, number][]) => hours.map(([hourStart, hourEnd], position) => ({ position, name: String(position), hourStart, hourEnd }));

  it('holds for shifts that tile the day, a night shift and both clock changes included', () => {
    for (const [from, to] of [
      ['2026-03-27', '2026-03-31'],
      ['2026-10-23', '2026-10-27'],
    ] as const) {
      expect(
        windowsDisjoint(
          planShifts(
            normaliseRange(from, to),
            shifts([
              [6, 14],
              [14, 22],
              [22, 6],
            ]),
            zone,
          ).windows,
        ),
      ).toBe(true);
      expect(
        windowsDisjoint(
          planShifts(
            normaliseRange(from, to),
            shifts([
              [2, 10],
              [10, 18],
              [18, 2],
            ]),
            zone,
          ).windows,
        ),
      ).toBe(true);
    }
  });

  it('fails for overlapping shifts, also when only a night shift reaches into the next date', () => {
    const range = normaliseRange('2026-01-05', '2026-01-06');
    expect(
      windowsDisjoint(
        planShifts(
          range,
          shifts([
            [6, 14],
            [12, 20],
          ]),
          zone,
        ).windows,
      ),
    ).toBe(false);
    expect(
      windowsDisjoint(
        planShifts(
          range,
          shifts([
            [5, 14],
            [22, 6],
          ]),
          zone,
        ).windows,
      ),
    ).toBe(false);
  });
});
