import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICE_TYPES } from '../demo-data.ts';
import type { IngestBatch, ReadingInput } from '../../telemetry/types.ts';
import { FleetSimulator, PARAMETER, SLOT_MS, splitLargestRemainder } from './generator.ts';
import type { SimDevice } from './fleet.ts';
import { DAY_MS, MINUTE_MS, isoWeekday, parseDate } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

// Two weeks around the spring clock change (2026-03-29), in Warsaw time; Riga changes on the same night.
const FIRST_DAY = parseDate('2026-03-23');
const DAYS = 14;
const rangeOf = (device: SimDevice) => {
  const zone = timeZone(device.company.timezone);
  return { from: zone.startOfDay(FIRST_DAY), to: zone.startOfDay(FIRST_DAY + DAYS) };
};

const simulator = new FleetSimulator();
const history = new Map<SimDevice, IngestBatch>();
const values = (batch: IngestBatch, parameter: number) => batch.readings.filter((r) => r.parameter === parameter);
const at = (readings: ReadingInput[]) => new Map(readings.map((r) => [r.ts.getTime(), r.value]));
const named = (name: string) => simulator.fleet.devices.find((d) => d.name === name) as SimDevice;

beforeAll(() => {
  for (const device of simulator.fleet.devices) {
    const { from, to } = rangeOf(device);
    history.set(device, simulator.generate(device.serial, from, to, 'history'));
  }
});

describe('fleet simulator: determinism', () => {
  it('generates the same telemetry for the same seed, whatever was generated before or how the range is cut', () => {
    const device = named('EF-03');
    const { from, to } = rangeOf(device);
    const fresh = new FleetSimulator();
    expect(fresh.generate(device.serial, from, to, 'history')).toEqual(history.get(device));
    // A day on its own, from a simulator that never saw the days before, equals that day within the whole range.
    const dayFrom = from + 9 * DAY_MS;
    const day = new FleetSimulator().generate(device.serial, dayFrom, dayFrom + DAY_MS, 'history');
    const within = (batch: IngestBatch) => batch.readings.filter((r) => r.ts.getTime() >= dayFrom && r.ts.getTime() < dayFrom + DAY_MS);
    expect(day.readings).toEqual(within(history.get(device) as IngestBatch));
  });

  it('generates different telemetry for another seed', () => {
    const device = named('EF-03');
    const { from, to } = rangeOf(device);
    expect(new FleetSimulator('another seed').generate(device.serial, from, to, 'history').readings).not.toEqual(history.get(device)?.readings);
  });
});

describe('fleet simulator: readings', () => {
  it('sends only the parameters of the device type', () => {
    const foreign = [...history].flatMap(([device, batch]) =>
      batch.readings.filter((r) => !device.parameters.has(r.parameter)).map((r) => `${device.name}:${r.parameter}`),
    );
    expect(foreign).toEqual([]);
    const typeOf = (device: SimDevice) => DEMO_DEVICE_TYPES.find((t) => t.parameters.every((p) => device.parameters.has(p.number)));
    for (const device of simulator.fleet.devices) expect(typeOf(device)?.parameters.length).toBe(device.parameters.size);
  });

  it('reports work <= active <= the period, in whole seconds, every 5 minutes in history and every minute live', () => {
    const violations = (batch: IngestBatch, periodSeconds: number) => {
      const work = at(values(batch, PARAMETER.work));
      const active = values(batch, PARAMETER.active);
      const bad = active.filter((a) => {
        const w = work.get(a.ts.getTime());
        return (
          w === undefined ||
          a.ts.getTime() % (periodSeconds * 1000) !== 0 ||
          !Number.isInteger(w) ||
          !Number.isInteger(a.value) ||
          w < 0 ||
          w > a.value ||
          a.value <= 0 ||
          a.value > periodSeconds
        );
      });
      return { periods: active.length, unmatchedWork: work.size - active.length, bad: bad.map((a) => a.ts.toISOString()) };
    };
    let periods = 0;
    for (const [device, batch] of history) {
      const result = violations(batch, 300);
      periods += result.periods;
      expect({ ...result, periods: 0 }, device.name).toEqual({ periods: 0, unmatchedWork: 0, bad: [] });
    }
    expect(periods).toBeGreaterThan(10_000);
    const device = named('CNC Lathe 1');
    const weekday = timeZone(device.company.timezone).startOfDay(FIRST_DAY + 1);
    const live = violations(simulator.generate(device.serial, weekday, weekday + DAY_MS, 'live'), 60);
    expect(live.periods).toBeGreaterThan(300);
    expect({ ...live, periods: 0 }).toEqual({ periods: 0, unmatchedWork: 0, bad: [] });
  });

  it('works only while a planned use is on, inside its shift except the overtime the plan records', () => {
    const outside: string[] = [];
    let overtime = 0;
    for (const [device, batch] of history) {
      const zone = timeZone(device.company.timezone);
      const segments = simulator.segments(device, rangeOf(device).from, rangeOf(device).to);
      for (const r of values(batch, PARAMETER.work).filter((w) => w.value > 0)) {
        const t = r.ts.getTime();
        const use = segments.find((s) => s.powered.some(([on, off]) => on < t + SLOT_MS && off > t));
        // The use's shift, computed here from the company's shift table rather than taken from the plan.
        const day = use && zone.dayOf(use.start - (use.night ? 12 * 3_600_000 : 0));
        const shift = use && device.company.shifts[use.shift];
        const shiftStart = use && shift ? zone.instantAt(day as number, shift.startMinute) : Number.NaN;
        const shiftEnd = use && shift ? zone.instantAt(day as number, shift.endMinute) : Number.NaN;
        const inShift = t + SLOT_MS > shiftStart && t < shiftEnd && (use?.start ?? 0) >= shiftStart;
        const late = use !== undefined && t + SLOT_MS > shiftEnd;
        if (late && use?.overtime && use.shiftEnd === shiftEnd) overtime++;
        else if (!inShift) outside.push(`${device.name} ${r.ts.toISOString()}`);
      }
    }
    expect(outside).toEqual([]);
    expect(overtime).toBeGreaterThan(0);
  });

  it('keeps counters and hour meters from going backwards, across history and live ranges', () => {
    const busiest = (drive: SimDevice['drive']) =>
      [...history]
        .filter(([d]) => d.drive === drive)
        .sort(([, a], [, b]) => values(b, PARAMETER.active).length - values(a, PARAMETER.active).length)[0]?.[0] as SimDevice;
    for (const device of [busiest('electric'), busiest('diesel'), busiest('machine'), named('Injection Moulder 4')]) {
      const { from, to } = rangeOf(device);
      const split = from + 9 * DAY_MS + 7 * 60 * MINUTE_MS;
      const early = simulator.generate(device.serial, from, split, 'history');
      const late = simulator.generate(device.serial, split, to, 'live');
      const counters = [...values(early, PARAMETER.counter), ...values(late, PARAMETER.counter)];
      expect(counters.filter((c) => !Number.isInteger(c.value) || c.value <= 0)).toEqual([]);
      if (device.drive === 'machine') {
        expect(counters.length, device.name).toBeGreaterThan(100);
        continue;
      }
      const meter = [...values(early, PARAMETER.motorHours), ...values(late, PARAMETER.motorHours)].map((r) => r.value);
      expect(meter.length, device.name).toBeGreaterThan(20);
      expect(meter.filter((value, i) => i > 0 && value < (meter[i - 1] as number))).toEqual([]);
      expect(meter[meter.length - 1] as number).toBeGreaterThan(meter[0] as number);
    }
  });

  it('splits each 5-minute period into minutes that add up to it', () => {
    expect(splitLargestRemainder(7, [60, 60, 60, 0, 0])).toEqual([3, 2, 2, 0, 0]);
    for (const name of ['EF-01', 'Press Brake 7', 'NW-EF-02', 'DF-04']) {
      const device = named(name);
      const from = rangeOf(device).from + 2 * DAY_MS;
      const slots = simulator.generate(device.serial, from, from + DAY_MS, 'history');
      const minutes = simulator.generate(device.serial, from, from + DAY_MS, 'live');
      for (const parameter of [PARAMETER.work, PARAMETER.active, PARAMETER.counter, PARAMETER.fuelConsumption, PARAMETER.chargingQuantity]) {
        const perSlot = new Map<number, number>();
        for (const r of values(minutes, parameter)) {
          const slot = Math.floor(r.ts.getTime() / SLOT_MS) * SLOT_MS;
          perSlot.set(slot, (perSlot.get(slot) ?? 0) + r.value);
        }
        if (parameter === PARAMETER.fuelConsumption || parameter === PARAMETER.chargingQuantity) {
          // Rounded to 3 decimals per reading: five minutes may differ from their period by five roundings.
          const expected = at(values(slots, parameter));
          expect([...perSlot.keys()].sort()).toEqual([...expected.keys()].sort());
          expect([...perSlot].filter(([slot, sum]) => Math.abs(sum - (expected.get(slot) ?? 0)) > 0.003)).toEqual([]);
        } else {
          expect(Object.fromEntries(perSlot), `${name} ${parameter}`).toEqual(Object.fromEntries(at(values(slots, parameter)).entries()));
        }
      }
    }
  });

  it('is busier on weekdays than at weekends, and thinner at night than by day', () => {
    let weekday = 0;
    let weekend = 0;
    let day = 0;
    let night = 0;
    for (const [device, batch] of history) {
      if (device.company.name !== 'Demo Factory') continue;
      for (const r of values(batch, PARAMETER.active)) {
        const local = timeZone('Europe/Warsaw').dayOf(r.ts.getTime());
        if (isoWeekday(local) >= 6) weekend += r.value;
        else weekday += r.value;
        const minute = timeZone('Europe/Warsaw').minuteOfDay(r.ts.getTime());
        if (minute >= 22 * 60 || minute < 6 * 60) night += r.value;
        else day += r.value;
      }
    }
    expect(weekday / 10).toBeGreaterThan(weekend / 4); // per day: 10 weekdays, 4 weekend days
    expect(night).toBeGreaterThan(0);
    expect(night).toBeLessThan(day / 4);
  });
});
