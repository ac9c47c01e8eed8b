// Turns the plans and device states into what a module sends for a time range. Two resolutions: `history` sends
// 5-minute periods (the backfill: sparse enough to store 90 days quickly) and `live` sends minutes (what modules
// report in real time). A minute value is a share of its 5-minute period's value, so the 5-minute totals are the
// same at either resolution.
import type { EventInput, IngestBatch, PositionInput, ReadingInput } from '../../telemetry/types.ts';
import { DEMO_COMPANIES } from '../demo-data.ts';
import type { DemoCompany } from '../demo-data.ts';
import { DEFAULT_SEED, buildFleet, findDevice } from './fleet.ts';
import type { SimDevice, SimFleet } from './fleet.ts';
import { silentAt } from './day-plan.ts';
import type { Segment } from './day-plan.ts';
import { DeviceTimeline, Planner } from './device-state.ts';
import type { Run } from './device-state.ts';
import { batteryVolts, fuelLevelPercent, hydraulicBar, motorAmps, motorHours, signalQuality, supplyVolts } from './measurements.ts';
import { hashUnit } from './random.ts';
import { positionOnDrive } from './yard.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

export const SLOT_MS = 5 * MINUTE_MS;

export const PARAMETER = {
  work: 1,
  active: 2,
  counter: 3,
  batteryVoltage: 20,
  supplyVoltage: 21,
  motorHours: 22,
  fuelLevel: 23,
  hydraulicPressure: 24,
  motorCurrent: 25,
  fuelConsumption: 26,
  internal: 10000,
  chargingQuantity: 10003,
} as const;

export type Resolution = 'history' | 'live';

interface Cadence {
  /** Length of a work/active period. */
  step: number;
  /** Measurements while the device is on (or charging), and while it sleeps (a multiple of measureOn). */
  measureOn: number;
  measureOff: number;
  motorHours: number;
}

export const CADENCES: Record<Resolution, Cadence> = {
  history: { step: SLOT_MS, measureOn: 15 * MINUTE_MS, measureOff: 4 * HOUR_MS, motorHours: HOUR_MS },
  live: { step: MINUTE_MS, measureOn: SLOT_MS, measureOff: 15 * MINUTE_MS, motorHours: 15 * MINUTE_MS },
};

/** The internal (housekeeping) value is sent once a day at 02:00 UTC. */
const INTERNAL_AT = 2 * HOUR_MS;

interface SlotValues {
  start: number;
  powered: number;
  work: number;
  pieces: number;
  segment: Segment | null;
  runs: Run[];
}

export class FleetSimulator {
  readonly fleet: SimFleet;
  readonly planner: Planner;
  private readonly timelines = new Map<number, DeviceTimeline>();

  constructor(seed: string = DEFAULT_SEED, companies: readonly DemoCompany[] = DEMO_COMPANIES) {
    this.fleet = buildFleet(seed, companies);
    this.planner = new Planner(this.fleet);
  }

  device(serial: string): SimDevice {
    return findDevice(this.fleet, serial);
  }

  timeline(device: SimDevice): DeviceTimeline {
    let timeline = this.timelines.get(device.index);
    if (!timeline) {
      timeline = new DeviceTimeline(this.planner, device);
      this.timelines.set(device.index, timeline);
    }
    return timeline;
  }

  /** The plan segments of a device that overlap [from, to), including their card events around them. */
  segments(device: SimDevice, from: number, to: number): Segment[] {
    const zone = timeZone(device.company.timezone);
    const result: Segment[] = [];
    for (let day = zone.dayOf(from) - 1; day <= zone.dayOf(to); day++) {
      for (const segment of this.planner.segmentsOf(device, day)) {
        const first = Math.min(segment.start, segment.cardOn ?? segment.start);
        const last = Math.max(segment.end, segment.cardOff ?? segment.end);
        if (first < to && last >= from) result.push(segment);
      }
    }
    return result;
  }

  /**
   * What the module of `serial` sends for [from, to) (instants on whole minutes). At history resolution the parts of
   * the range that do not fill a 5-minute period are sent at minute resolution, so ranges can be chained freely.
   */
  generate(serial: string, from: number, to: number, resolution: Resolution): IngestBatch {
    if (from % MINUTE_MS !== 0 || to % MINUTE_MS !== 0) throw new Error('ranges start and end on whole minutes');
    const device = this.device(serial);
    const batch: IngestBatch = { readings: [], positions: [], events: [] };
    if (to <= from) return batch;
    if (resolution === 'live') {
      this.emit(device, from, to, CADENCES.live, batch);
    } else {
      const first = Math.min(to, Math.ceil(from / SLOT_MS) * SLOT_MS);
      const last = Math.max(first, Math.floor(to / SLOT_MS) * SLOT_MS);
      if (first > from) this.emit(device, from, first, CADENCES.live, batch);
      if (last > first) this.emit(device, first, last, CADENCES.history, batch);
      if (to > last) this.emit(device, last, to, CADENCES.live, batch);
    }
    this.emitEvents(device, from, to, batch);
    if (device.silent) {
      const heard = (item: { ts: Date }) => !silentAt(device, item.ts.getTime());
      batch.readings = batch.readings.filter(heard);
      batch.positions = batch.positions.filter(heard);
      batch.events = batch.events.filter(heard);
    }
    return batch;
  }

  private emit(device: SimDevice, from: number, to: number, cadence: Cadence, batch: IngestBatch): void {
    const timeline = this.timeline(device);
    const runs = timeline.runsBetween(from - SLOT_MS, to + SLOT_MS);
    const has = (parameter: number) => device.parameters.has(parameter);
    const reading = (parameter: number, ts: number, value: number) => {
      if (has(parameter)) batch.readings.push({ parameter, ts: new Date(ts), value } satisfies ReadingInput);
    };
    let slot: SlotValues | null = null;
    for (let t = from; t < to; t += cadence.step) {
      const slotStart = Math.floor(t / SLOT_MS) * SLOT_MS;
      if (!slot || slot.start !== slotStart) slot = this.slotValues(device, slotStart, runs);
      const { powered, work, pieces } = cadence.step === SLOT_MS ? slot : minuteShare(slot, t);
      const period = cadence.step / 1000;
      if (powered > 0) {
        reading(PARAMETER.work, t, work);
        reading(PARAMETER.active, t, powered);
        if (pieces > 0) reading(PARAMETER.counter, t, pieces);
      }
      if (work > 0 && device.area && slot.segment) {
        const at = t + cadence.step / 2;
        const fix = positionOnDrive(
          device.company.yard,
          device.area,
          slot.segment.driveKey,
          slot.segment.legSeconds,
          (at - slot.segment.start) / 1000,
          device.key ^ (at / 1000),
        );
        batch.positions.push({ ts: new Date(at), lat: fix.lat, lon: fix.lon, accuracy: fix.accuracy } satisfies PositionInput);
      }
      this.emitMeasurements(device, t, cadence, slot.powered > 0 ? slot.work / slot.powered : 0, reading);
      this.emitSums(device, t, t + cadence.step, reading);
      if (t % cadence.motorHours === 0 && has(PARAMETER.motorHours) && timeline.poweredSeconds(t - cadence.motorHours, t + period * 1000) > 0) {
        reading(PARAMETER.motorHours, t, motorHours(device, timeline.stateAt(t)));
      }
      if (t % DAY_MS === INTERNAL_AT) reading(PARAMETER.internal, t, signalQuality(device, t / 1000));
    }
  }

  /**
   * Sampled values: often while the device is on (or charging), rarely while it sleeps; a machine's cabinet supply
   * does not change with the machine, so it is sampled at the sleeping rate throughout.
   */
  private emitMeasurements(device: SimDevice, t: number, cadence: Cadence, workFraction: number, reading: (p: number, ts: number, v: number) => void): void {
    if (t % cadence.measureOn !== 0) return;
    const state = this.timeline(device).stateAt(t);
    const sleeping = t % cadence.measureOff === 0;
    if (!state.powered && !state.charging && !sleeping) return;
    const seconds = t / 1000;
    if (device.battery) reading(PARAMETER.batteryVoltage, t, batteryVolts(device, state, state.powered ? workFraction : 0, seconds));
    if (device.drive !== 'machine' || sleeping) reading(PARAMETER.supplyVoltage, t, supplyVolts(device, state.powered, seconds));
    if (!state.powered) return;
    if (device.tankLitres !== null) reading(PARAMETER.fuelLevel, t, fuelLevelPercent(device, state.fuel, seconds));
    if (device.machine) {
      reading(PARAMETER.hydraulicPressure, t, hydraulicBar(device, workFraction, seconds));
      reading(PARAMETER.motorCurrent, t, motorAmps(device, workFraction, seconds));
    }
  }

  /**
   * Summed quantities (fuel burnt, energy charged) per period, like work: a reading never covers more than its own
   * period, so a range can be continued right after its last reading without counting anything twice.
   */
  private emitSums(device: SimDevice, t: number, end: number, reading: (p: number, ts: number, v: number) => void): void {
    const timeline = this.timeline(device);
    if (device.tankLitres !== null) {
      const litres = timeline.fuelBurnt(t, end);
      if (litres > 0) reading(PARAMETER.fuelConsumption, t, Math.round(litres * 1000) / 1000);
    }
    if (device.battery) {
      const kwh = timeline.chargedKwh(t, end);
      if (kwh > 0) reading(PARAMETER.chargingQuantity, t, Math.round(kwh * 1000) / 1000);
    }
  }

  /** Power and work of a 5-minute period: the basis of both resolutions. */
  private slotValues(device: SimDevice, start: number, runs: Run[]): SlotValues {
    const end = start + SLOT_MS;
    const overlapping = runs.filter((r) => r.start < end && r.end > start);
    const powered = overlapping.reduce((sum, r) => sum + (Math.min(end, r.end) - Math.max(start, r.start)) / 1000, 0);
    const segment = overlapping[0]?.segment ?? null;
    if (powered <= 0 || !segment) return { start, powered: 0, work: 0, pieces: 0, segment: null, runs: overlapping };
    const slot = start / SLOT_MS;
    const pause = hashUnit(device.key, slot, 41) < (device.machine ? 0.04 : 0.12);
    const fraction = Math.min(1, Math.max(0.05, segment.intensity + (hashUnit(device.key, slot, 42) - 0.5) * 0.5));
    const work = pause ? 0 : Math.round(powered * fraction);
    const pieces = device.machine ? Math.floor(work / device.machine.cycleSeconds + hashUnit(device.key, slot, 43)) : 0;
    return { start, powered, work, pieces, segment, runs: overlapping };
  }

  private emitEvents(device: SimDevice, from: number, to: number, batch: IngestBatch): void {
    const events: EventInput[] = [];
    const add = (ts: number | null, type: EventInput['type'], rfid?: string | null) => {
      if (ts !== null && ts >= from && ts < to) events.push(rfid === undefined ? { ts: new Date(ts), type } : { ts: new Date(ts), type, rfid });
    };
    for (const segment of this.segments(device, from, to)) {
      if (segment.card !== null) add(segment.cardOn, 'rfid_on', segment.card);
      for (const [on, off] of segment.powered) {
        add(on, 'power_on');
        add(off, 'power_off');
      }
      if (segment.card !== null) add(segment.cardOff, 'rfid_off', segment.card);
    }
    events.sort((a, b) => a.ts.getTime() - b.ts.getTime());
    batch.events.push(...events);
  }
}

/** One minute's share of its 5-minute period: power from the runs, work and pieces split so the minutes add up. */
function minuteShare(slot: SlotValues, minute: number): { powered: number; work: number; pieces: number } {
  const minutes = [0, 1, 2, 3, 4].map((i) => {
    const start = slot.start + i * MINUTE_MS;
    return slot.runs.reduce((sum, r) => sum + Math.max(0, Math.min(start + MINUTE_MS, r.end) - Math.max(start, r.start)) / 1000, 0);
  });
  const index = (minute - slot.start) / MINUTE_MS;
  const work = splitLargestRemainder(slot.work, minutes);
  const pieces = splitLargestRemainder(slot.pieces, work);
  return { powered: minutes[index] ?? 0, work: work[index] ?? 0, pieces: pieces[index] ?? 0 };
}

/** Splits an integer total in proportion to weights, in integers that add up to the total exactly. */
export function splitLargestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => (total * w) / sum);
  const parts = shares.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left--;
  }
  return parts;
}
