import { describe, expect, it } from 'vitest';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { HOUR_MS, MINUTE_MS, dateText } from '../../../time/calendar.ts';
import { timeZone } from '../../../time/time-zone.ts';
import type { ReadingInput } from '../../types.ts';
import { decodeAvlPacket } from './avl-decoder.ts';
import { TRACCAR, bytesOf } from '../../../../test/teltonika-fixtures.ts';
import { WORK_ACTIVITY_SLICE_MS, workActivityReadings, workActivitySampleOf } from './work-activity.ts';
import type { WorkActivitySample } from './work-activity.ts';

const WARSAW = timeZone('Europe/Warsaw');
const WORK = PARAMETER_NUMBERS.work;
const ACTIVE = PARAMETER_NUMBERS.active;
const SECOND = 1000;

const at = (iso: string) => Date.parse(iso);
const sample = (iso: string, ignition: boolean | null, moving: boolean | null): WorkActivitySample => ({ timestampMs: at(iso), ignition, moving });
const compact = (readings: ReadingInput[]) => readings.map((r) => [r.parameter, r.ts.toISOString(), r.value]);

/** Sums readings of a parameter per key of their timestamp; periods of only zeros are left out, as the raw sums leave them. */
function totals(readings: ReadingInput[], parameter: number, keyOf: (ms: number) => string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const r of readings) if (r.parameter === parameter && r.value > 0) sums.set(keyOf(r.ts.getTime()), (sums.get(keyOf(r.ts.getTime())) ?? 0) + r.value);
  return sums;
}

/**
 * The rule computed without slices: for every interval the device reported within the gap, the milliseconds of it
 * that fall into each period, counted when the earlier record's state is on.
 */
function rawTotals(
  samples: WorkActivitySample[],
  maxGapMs: number,
  state: (s: WorkActivitySample) => boolean | null,
  periods: { key: string; from: number; to: number }[],
): Map<string, number> {
  const sums = new Map<string, number>();
  for (let i = 0; i + 1 < samples.length; i++) {
    const a = samples[i]!;
    const b = samples[i + 1]!;
    if (b.timestampMs - a.timestampMs > maxGapMs || !state(a)) continue;
    for (const p of periods) {
      const overlap = Math.min(b.timestampMs, p.to) - Math.max(a.timestampMs, p.from);
      if (overlap > 0) sums.set(p.key, (sums.get(p.key) ?? 0) + overlap / SECOND);
    }
  }
  return sums;
}

function localDays(fromMs: number, toMs: number) {
  const days = [];
  for (let day = WARSAW.dayOf(fromMs); day <= WARSAW.dayOf(toMs); day++)
    days.push({ key: dateText(day), from: WARSAW.startOfDay(day), to: WARSAW.endOfDay(day) });
  return days;
}

function hours(fromMs: number, toMs: number) {
  const list = [];
  for (let h = Math.floor(fromMs / HOUR_MS) * HOUR_MS; h <= toMs; h += HOUR_MS) list.push({ key: String(h), from: h, to: h + HOUR_MS });
  return list;
}

/** A deterministic day of a machine: records 5 s to 2 min apart, now and then a silence of 15–40 minutes. */
function simulatedRecords(fromIso: string, toIso: string, seed: number): WorkActivitySample[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const samples: WorkActivitySample[] = [];
  let ignition = false;
  let moving = false;
  for (let t = at(fromIso); t < at(toIso);) {
    if (random() < 0.05) ignition = !ignition;
    moving = ignition && (random() < 0.1 ? !moving : moving);
    samples.push({ timestampMs: t, ignition, moving: random() < 0.03 ? null : moving });
    t += random() < 0.02 ? (15 + Math.floor(random() * 25)) * MINUTE_MS : (5 + Math.floor(random() * 115)) * SECOND;
  }
  return samples;
}

describe('workActivityReadings', () => {
  it("holds the earlier record's state until the next record", () => {
    const readings = workActivityReadings(
      [
        sample('2026-06-01T10:00:00Z', true, false),
        sample('2026-06-01T10:01:00Z', true, true),
        sample('2026-06-01T10:01:30Z', false, false),
        sample('2026-06-01T10:02:00Z', false, false),
      ],
      5 * MINUTE_MS,
    );
    expect(compact(readings)).toEqual([
      [WORK, '2026-06-01T10:00:00.000Z', 0],
      [ACTIVE, '2026-06-01T10:00:00.000Z', 60],
      [WORK, '2026-06-01T10:01:00.000Z', 30],
      [ACTIVE, '2026-06-01T10:01:00.000Z', 30],
      [WORK, '2026-06-01T10:01:30.000Z', 0],
      [ACTIVE, '2026-06-01T10:01:30.000Z', 0],
    ]);
  });

  it('counts a gap of exactly the send period, and nothing for a longer one (no data, not work)', () => {
    const readings = workActivityReadings(
      [
        sample('2026-06-01T10:00:00Z', true, true),
        sample('2026-06-01T10:02:00Z', true, true),
        sample('2026-06-01T10:04:01Z', true, true),
        sample('2026-06-01T10:05:00Z', true, true),
      ],
      2 * MINUTE_MS,
    );
    expect(compact(readings)).toEqual([
      [WORK, '2026-06-01T10:00:00.000Z', 120],
      [ACTIVE, '2026-06-01T10:00:00.000Z', 120],
      [WORK, '2026-06-01T10:04:01.000Z', 59],
      [ACTIVE, '2026-06-01T10:04:01.000Z', 59],
    ]);
  });

  it('cuts an interval at 5-minute boundaries, each piece timestamped at its start and never longer than the gap', () => {
    const readings = workActivityReadings([sample('2026-06-01T10:04:30Z', true, null), sample('2026-06-01T10:15:10.500Z', false, null)], 15 * MINUTE_MS);
    expect(compact(readings)).toEqual([
      [ACTIVE, '2026-06-01T10:04:30.000Z', 30],
      [ACTIVE, '2026-06-01T10:05:00.000Z', 300],
      [ACTIVE, '2026-06-01T10:10:00.000Z', 300],
      [ACTIVE, '2026-06-01T10:15:00.000Z', 10.5],
    ]);
    expect(readings.reduce((sum, r) => sum + r.value, 0)).toBe(640.5);
  });

  it('orders records itself, makes no interval of equal timestamps and none after the last record', () => {
    const readings = workActivityReadings(
      [sample('2026-06-01T10:01:00Z', false, false), sample('2026-06-01T10:00:00Z', false, false), sample('2026-06-01T10:00:00Z', true, true)],
      5 * MINUTE_MS,
    );
    expect(compact(readings)).toEqual([
      [WORK, '2026-06-01T10:00:00.000Z', 60],
      [ACTIVE, '2026-06-01T10:00:00.000Z', 60],
    ]);
    expect(workActivityReadings([sample('2026-06-01T10:00:00Z', true, true)], 5 * MINUTE_MS)).toEqual([]);
  });

  it('makes work ignition on and moving, activity ignition on, so work never exceeds activity', () => {
    const readings = workActivityReadings(
      [
        sample('2026-06-01T10:00:00Z', false, true),
        sample('2026-06-01T10:01:00Z', true, false),
        sample('2026-06-01T10:02:00Z', true, true),
        sample('2026-06-01T10:03:00Z', null, true),
        sample('2026-06-01T10:04:00Z', true, null),
        sample('2026-06-01T10:05:00Z', false, false),
      ],
      5 * MINUTE_MS,
    );
    expect(compact(readings)).toEqual([
      // Moving with the ignition off (towed, carried on a truck) is neither work nor activity.
      [WORK, '2026-06-01T10:00:00.000Z', 0],
      [ACTIVE, '2026-06-01T10:00:00.000Z', 0],
      [WORK, '2026-06-01T10:01:00.000Z', 0],
      [ACTIVE, '2026-06-01T10:01:00.000Z', 60],
      [WORK, '2026-06-01T10:02:00.000Z', 60],
      [ACTIVE, '2026-06-01T10:02:00.000Z', 60],
      // Without IO 239 nothing is known; without IO 240 only that the machine was on.
      [ACTIVE, '2026-06-01T10:04:00.000Z', 60],
    ]);
  });

  it('refuses a send period that is not a positive duration', () => {
    for (const gap of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => workActivityReadings([], gap)).toThrow(RangeError);
  });

  it('reads ignition (239) and movement (240) of decoded records', () => {
    const records = decodeAvlPacket(bytesOf(TRACCAR.codec8SixRecords)).records;
    expect(records.map((r) => workActivitySampleOf(r)).map((s) => [s.ignition, s.moving])).toEqual([
      [null, false],
      [null, true],
      [null, false],
      [null, true],
      [null, false],
      [null, false],
    ]);
    const [vin] = decodeAvlPacket(bytesOf(TRACCAR.codec8ExtendedVin)).records;
    expect(workActivitySampleOf(vin!)).toEqual({ timestampMs: vin!.timestampMs, ignition: true, moving: true });
  });

  it('gives each Warsaw day its own active seconds across midnight and the 25-hour day clocks go back', () => {
    // Ignition on from 23:00 on 24 October (local, +02:00) to 01:04 on 26 October (+01:00), a record every 7 minutes,
    // so neither midnight falls on a record.
    const samples: WorkActivitySample[] = [];
    for (let t = at('2026-10-24T21:00:00Z'); t <= at('2026-10-26T00:04:00Z'); t += 7 * MINUTE_MS)
      samples.push({ timestampMs: t, ignition: true, moving: false });
    expect(samples.at(-1)!.timestampMs).toBe(at('2026-10-26T00:04:00Z'));
    const perDay = totals(workActivityReadings(samples, 10 * MINUTE_MS), ACTIVE, (ms) => dateText(WARSAW.dayOf(ms)));
    expect(Object.fromEntries(perDay)).toEqual({ '2026-10-24': 3600, '2026-10-25': 25 * 3600, '2026-10-26': 64 * 60 });
  });

  it('gives the 23-hour day clocks go forward 23 hours of work', () => {
    const samples: WorkActivitySample[] = [];
    for (let t = at('2026-03-28T23:00:00Z'); t <= at('2026-03-29T22:00:00Z'); t += 30 * SECOND) samples.push({ timestampMs: t, ignition: true, moving: true });
    const readings = workActivityReadings(samples, MINUTE_MS);
    expect(Object.fromEntries(totals(readings, WORK, (ms) => dateText(WARSAW.dayOf(ms))))).toEqual({ '2026-03-29': 23 * 3600 });
    expect(Object.fromEntries(totals(readings, ACTIVE, (ms) => dateText(WARSAW.dayOf(ms))))).toEqual({ '2026-03-29': 23 * 3600 });
  });

  for (const [name, from, to] of [
    ['the spring DST change', '2026-03-28T18:00:00+01:00', '2026-03-30T06:00:00+02:00'],
    ['the autumn DST change', '2026-10-24T18:00:00+02:00', '2026-10-26T06:00:00+01:00'],
  ] as const) {
    it(`sums per Warsaw day and per hour to the raw computation over ${name}`, () => {
      const maxGap = 5 * MINUTE_MS;
      const samples = simulatedRecords(from, to, name.length);
      const shuffled = [...samples].reverse();
      const readings = workActivityReadings(shuffled, maxGap);
      // The scenario must have each kind of interval, or the comparison proves little.
      expect(samples.some((s, i) => i > 0 && s.timestampMs - samples[i - 1]!.timestampMs > maxGap)).toBe(true);
      expect(readings.some((r) => r.parameter === WORK && r.value > 0)).toBe(true);
      expect(readings.some((r) => r.parameter === WORK && r.value === 0)).toBe(true);
      expect(readings.some((r) => r.parameter === ACTIVE && r.value > 0)).toBe(true);

      for (const r of readings) {
        const sliceEnd = (Math.floor(r.ts.getTime() / WORK_ACTIVITY_SLICE_MS) + 1) * WORK_ACTIVITY_SLICE_MS;
        expect(r.ts.getTime() + r.value * SECOND).toBeLessThanOrEqual(sliceEnd);
      }
      const first = samples[0]!.timestampMs;
      const last = samples.at(-1)!.timestampMs;
      const days = localDays(first, last);
      expect(days.map((d) => (d.to - d.from) / HOUR_MS)).toContain(name.includes('spring') ? 23 : 25);
      const byDay = (ms: number) => dateText(WARSAW.dayOf(ms));
      const byHour = (ms: number) => String(Math.floor(ms / HOUR_MS) * HOUR_MS);
      const working = (s: WorkActivitySample) => s.ignition === true && s.moving === true;
      expect(totals(readings, WORK, byDay)).toEqual(rawTotals(samples, maxGap, working, days));
      expect(totals(readings, ACTIVE, byDay)).toEqual(rawTotals(samples, maxGap, (s) => s.ignition, days));
      expect(totals(readings, WORK, byHour)).toEqual(rawTotals(samples, maxGap, working, hours(first, last)));
      expect(totals(readings, ACTIVE, byHour)).toEqual(rawTotals(samples, maxGap, (s) => s.ignition, hours(first, last)));
      for (const [day, work] of totals(readings, WORK, byDay)) expect(work).toBeLessThanOrEqual(totals(readings, ACTIVE, byDay).get(day)!);
    });
  }
});
