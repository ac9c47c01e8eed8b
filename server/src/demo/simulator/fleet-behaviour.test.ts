import { beforeAll, describe, expect, it } from 'vitest';
import type { IngestBatch } from '../../telemetry/types.ts';
import { FleetSimulator, PARAMETER } from './generator.ts';
import { SILENT_DEVICE } from './fleet.ts';
import type { SimDevice } from './fleet.ts';
import { insideYard } from './yard.ts';
import { parseDate } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

// Four summer weeks, in each company's own days.
const FIRST_DAY = parseDate('2026-06-01');
const DAYS = 28;
const simulator = new FleetSimulator();
const history = new Map<SimDevice, IngestBatch>();
const named = (name: string) => simulator.fleet.devices.find((d) => d.name === name) as SimDevice;
const rangeOf = (device: SimDevice) => ({
  from: timeZone(device.company.timezone).startOfDay(FIRST_DAY),
  to: timeZone(device.company.timezone).startOfDay(FIRST_DAY + DAYS),
});

beforeAll(() => {
  for (const device of simulator.fleet.devices) {
    const { from, to } = rangeOf(device);
    history.set(device, simulator.generate(device.serial, from, to, 'history'));
  }
});

describe('fleet simulator: batteries', () => {
  it('keeps traction battery voltage within what a lead-acid battery shows, and raises it while charging', () => {
    let charges = 0;
    for (const [device, batch] of history) {
      if (!device.battery) {
        expect(batch.readings.some((r) => r.parameter === PARAMETER.batteryVoltage || r.parameter === PARAMETER.chargingQuantity)).toBe(false);
        continue;
      }
      const voltages = batch.readings.filter((r) => r.parameter === PARAMETER.batteryVoltage);
      const nominal = device.battery.nominalVolts;
      expect(voltages.filter((v) => v.value < 0.9 * nominal || v.value > 1.22 * nominal)).toEqual([]);
      const { from, to } = rangeOf(device);
      for (const run of simulator.timeline(device).runsBetween(from, to)) {
        if (!run.charge || run.charge.start < from || run.charge.end > to) continue;
        const during = voltages.filter((v) => v.ts.getTime() > (run.charge?.start ?? 0) && v.ts.getTime() < (run.charge?.end ?? 0)).map((v) => v.value);
        if (during.length < 2) continue;
        charges++;
        expect(
          during.filter((value, i) => i > 0 && value <= (during[i - 1] as number)),
          `${device.name} charging from ${new Date(run.charge.start).toISOString()}`,
        ).toEqual([]);
        // And the energy the charger delivered is reported in the same hours.
        const energy = batch.readings.filter(
          (r) => r.parameter === PARAMETER.chargingQuantity && r.ts.getTime() >= run.charge!.start - 15 * 60_000 && r.ts.getTime() < run.charge!.end,
        );
        expect(energy.length).toBeGreaterThan(0);
      }
    }
    expect(charges).toBeGreaterThan(20);
  });
});

describe('fleet simulator: the silent module', () => {
  it(`sends nothing from ${SILENT_DEVICE.device} between 09:00 and 12:00 local time, though it is used then`, () => {
    const device = named(SILENT_DEVICE.device);
    const batch = history.get(device) as IngestBatch;
    const inWindow = (ts: Date) => {
      const minute = timeZone(device.company.timezone).minuteOfDay(ts.getTime());
      return minute >= SILENT_DEVICE.fromMinute && minute < SILENT_DEVICE.toMinute;
    };
    expect([...batch.readings, ...batch.positions, ...batch.events].filter((item) => inWindow(item.ts))).toEqual([]);
    // The truck did work in those hours on some days: the gap hides real use, and data resumes right after it.
    const { from, to } = rangeOf(device);
    const usedInWindow = simulator
      .timeline(device)
      .runsBetween(from, to)
      .filter((run) => {
        const start = timeZone(device.company.timezone).minuteOfDay(run.start);
        const end = timeZone(device.company.timezone).minuteOfDay(run.end - 1);
        return start < SILENT_DEVICE.toMinute && end >= SILENT_DEVICE.fromMinute && run.end - run.start > 3_600_000;
      });
    expect(usedInWindow.length).toBeGreaterThan(2);
    const afterGap = batch.readings.filter(
      (r) => r.parameter === PARAMETER.active && timeZone(device.company.timezone).minuteOfDay(r.ts.getTime()) === SILENT_DEVICE.toMinute,
    );
    expect(afterGap.length).toBeGreaterThan(0);
    // Every other module reports through those hours.
    const other = history.get(named('DF-03')) as IngestBatch;
    expect(other.readings.some((r) => inWindow(r.ts))).toBe(true);
  });
});

describe('fleet simulator: operators and power', () => {
  it('pairs every card removal with the card applied before it, and power offs with power ons', () => {
    let sessions = 0;
    for (const [device, batch] of history) {
      const problems: string[] = [];
      let card: string | null = null;
      let powered: boolean | null = null;
      for (const event of batch.events) {
        const at = `${device.name} ${event.type} ${event.ts.toISOString()}`;
        if (event.type === 'rfid_on') {
          if (card !== null) problems.push(`${at}: ${card} still applied`);
          card = event.rfid ?? null;
          sessions++;
        } else if (event.type === 'rfid_off') {
          // The first event of the range may close a session opened before it.
          if (card !== event.rfid && !(card === null && event === batch.events.find((e) => e.type.startsWith('rfid'))))
            problems.push(`${at}: ${card} was applied`);
          card = null;
        } else {
          const on = event.type === 'power_on';
          if (powered === on) problems.push(`${at}: already ${on ? 'on' : 'off'}`);
          powered = on;
        }
      }
      // Lost power events in the silent window are the one exception to strict alternation.
      if (!device.silent) expect(problems).toEqual([]);
      else expect(problems.filter((p) => p.includes('rfid'))).toEqual([]);
    }
    expect(sessions).toBeGreaterThan(200);
  });

  it('plans absences, idle machines, strangers with unknown cards, mid-shift swaps and overtime', () => {
    const company = simulator.fleet.companies[0];
    if (!company) throw new Error('no demo company');
    const known = new Set(company.crews.flat().map((o) => o.rfid));
    const segments = Array.from({ length: 90 }, (_, i) => simulator.planner.plan(company, FIRST_DAY + i).segments).flat();
    const cards = segments.map((s) => s.card).filter((c): c is string => c !== null);
    expect(cards.some((c) => !known.has(c))).toBe(true);
    expect(cards.filter((c) => known.has(c)).length).toBeGreaterThan(cards.length * 0.9);
    expect(segments.some((s) => s.overtime)).toBe(true);
    // A swap: one card on two trucks in one shift of one day.
    const uses = new Map<string, Set<number>>();
    for (const s of segments) if (s.card) uses.set(`${s.card}@${s.shiftStart}`, (uses.get(`${s.card}@${s.shiftStart}`) ?? new Set()).add(s.device));
    expect([...uses.values()].some((devices) => devices.size === 2)).toBe(true);
    // The damaged truck never runs; each machine has days it stands still on its own schedule.
    expect(segments.some((s) => s.device === named('DF-05').index)).toBe(false);
    const lathe = named('CNC Lathe 2');
    const latheDays = new Set(segments.filter((s) => s.device === lathe.index).map((s) => timeZone(company.timezone).dayOf(s.start)));
    expect(latheDays.size).toBeGreaterThan(40);
    expect(latheDays.size).toBeLessThan(90);
  });
});

describe('fleet simulator: positions', () => {
  it('reports positions of working trucks only, inside their yard, with an accuracy', () => {
    for (const [device, batch] of history) {
      if (device.drive === 'machine') {
        expect(batch.positions).toEqual([]);
        continue;
      }
      const yard = device.company.yard;
      expect(batch.positions.filter((p) => !insideYard(yard, p.lat, p.lon))).toEqual([]);
      expect(batch.positions.filter((p) => p.accuracy === null || p.accuracy <= 0 || p.accuracy > 50)).toEqual([]);
      const working = new Set(batch.readings.filter((r) => r.parameter === PARAMETER.work && r.value > 0).map((r) => r.ts.getTime()));
      expect(batch.positions.filter((p) => !working.has(p.ts.getTime() - 150_000))).toEqual([]);
      if (!device.damaged && working.size > 0) expect(batch.positions.length).toBe(working.size);
    }
    // Trucks move: a working day's positions spread over tens of metres at least.
    const positions = (history.get(named('NW-EF-01')) as IngestBatch).positions;
    const lats = positions.map((p) => p.lat);
    expect(Math.max(...lats) - Math.min(...lats)).toBeGreaterThan(0.0005);
  });
});
