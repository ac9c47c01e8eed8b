// What the demo's Teltonika tracker records (docs/teltonika.md, "The demo's tracker"): AVL records of an FMB device on
// a diesel truck, made from the same day plan and device state as every other demo module. While the truck is on, a
// record every 30 or 60 s (each minute, and the half minute on a coin flip) and one at every ignition and card change;
// while it is parked, one every 15 minutes. The instants depend only on the device and time, never on the range asked
// for, so ranges can be chained freely (the backfill's weeks, the live minutes, a resume after a restart).
import { TELTONIKA_IO } from '@gearwatch/contracts';
import type { AvlIoElement, AvlRecord } from '../../telemetry/protocols/teltonika/avl-types.ts';
import { PARAMETER, SLOT_MS } from './generator.ts';
import type { FleetSimulator } from './generator.ts';
import type { SimDevice } from './fleet.ts';
import type { Run } from './device-state.ts';
import { fuelLevelPercent, motorHours, signalQuality, supplyVolts } from './measurements.ts';
import { hashUnit } from './random.ts';
import { positionOnDrive } from './yard.ts';
import { MINUTE_MS } from '../../time/calendar.ts';

const HALF_MINUTE_MS = 30_000;
const PARKED_EVERY_MS = 15 * MINUTE_MS;
/** Average speed while the ignition is on, for the odometer (metres per second of engine time). */
const METRES_PER_ENGINE_SECOND = 1.5;
/** Metres above sea level of the demo yards (Łódź, Riga) are close enough to one value. */
const ALTITUDE = 190;

/** The tracker's records at instants in [from, to), oldest first (any millisecond bounds). */
export function trackerRecords(simulator: FleetSimulator, device: SimDevice, from: number, to: number): AvlRecord[] {
  if (to <= from) return [];
  const runs = simulator.timeline(device).runsBetween(from - SLOT_MS, to + SLOT_MS);
  const segments = simulator.segments(device, from, to);
  // Instant → the IO id whose change made the record (0: a periodic one).
  const instants = new Map<number, number>();
  const add = (t: number | null, eventIo = 0) => {
    if (t !== null && t >= from && t < to && !instants.get(t)) instants.set(t, eventIo);
  };
  for (const run of runs) {
    add(run.start, TELTONIKA_IO.ignition);
    add(run.end, TELTONIKA_IO.ignition);
  }
  for (const segment of segments) {
    if (segment.card === null) continue;
    add(segment.cardOn, TELTONIKA_IO.iButton);
    add(segment.cardOff, TELTONIKA_IO.iButton);
  }
  for (let t = Math.ceil(from / HALF_MINUTE_MS) * HALF_MINUTE_MS; t < to; t += HALF_MINUTE_MS) {
    const on = runAt(runs, t) !== null;
    if (on ? t % MINUTE_MS === 0 || hashUnit(device.key, t / HALF_MINUTE_MS, 61) < 0.5 : t % PARKED_EVERY_MS === 0) add(t);
  }
  const shares = workShares(simulator, device, from, to);
  const cardAt = (t: number) => {
    const segment = segments.find((s) => s.card !== null && s.cardOn !== null && s.cardOn <= t && (s.cardOff === null || t < s.cardOff));
    return segment ? BigInt(`0x${segment.card}`) : 0n;
  };
  return [...instants]
    .sort(([a], [b]) => a - b)
    .map(([t, eventIo]) => record(simulator, device, t, eventIo, runAt(runs, t), shares.get(Math.floor(t / SLOT_MS) * SLOT_MS) ?? 0, cardAt(t)));
}

function runAt(runs: readonly Run[], t: number): Run | null {
  return runs.find((r) => r.start <= t && t < r.end) ?? null;
}

/**
 * The share of each 5-minute period the truck works, from the generator's own work and active seconds: a record
 * reports movement with that probability, so work from ignition and movement follows the plan's intensity.
 */
function workShares(simulator: FleetSimulator, device: SimDevice, from: number, to: number): Map<number, number> {
  const batch = simulator.generate(device.serial, Math.floor(from / SLOT_MS) * SLOT_MS, Math.ceil(to / SLOT_MS) * SLOT_MS, 'history');
  const active = new Map<number, number>();
  for (const r of batch.readings) if (r.parameter === PARAMETER.active) active.set(r.ts.getTime(), r.value);
  const shares = new Map<number, number>();
  for (const r of batch.readings) {
    const powered = active.get(r.ts.getTime()) ?? 0;
    if (r.parameter === PARAMETER.work && powered > 0) shares.set(r.ts.getTime(), r.value / powered);
  }
  return shares;
}

function record(simulator: FleetSimulator, device: SimDevice, t: number, eventIo: number, run: Run | null, workShare: number, card: bigint): AvlRecord {
  const state = simulator.timeline(device).stateAt(t);
  const on = run !== null;
  const seconds = t / 1000;
  const moving = on && hashUnit(device.key, seconds, 62) < workShare;
  const speed = moving ? 5 + Math.round(10 * hashUnit(device.key, seconds, 63)) : 0;
  // Parked with the ignition off, the device has no fresh fix and repeats its last one (0 satellites: no position).
  const fix =
    on && device.area
      ? positionOnDrive(device.company.yard, device.area, run.segment.driveKey, run.segment.legSeconds, (t - run.segment.start) / 1000, device.key ^ seconds)
      : null;
  const io: AvlIoElement[] = [
    { id: TELTONIKA_IO.ignition, byteLength: 1, value: on ? 1 : 0 },
    { id: TELTONIKA_IO.movement, byteLength: 1, value: moving ? 1 : 0 },
    // Level 0–5 from the signal quality (CSQ 0–31) the other modules report.
    { id: TELTONIKA_IO.gsmSignal, byteLength: 1, value: Math.min(5, Math.max(0, Math.round((signalQuality(device, seconds) / 31) * 5))) },
    { id: TELTONIKA_IO.speed, byteLength: 2, value: speed },
    { id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: Math.round(supplyVolts(device, on, seconds) * 1000) },
    { id: TELTONIKA_IO.batteryVoltage, byteLength: 2, value: Math.round(4050 + 100 * hashUnit(device.key, seconds, 64)) },
    { id: TELTONIKA_IO.totalOdometer, byteLength: 4, value: Math.round((device.baseMotorHours * 3600 + state.motorSeconds) * METRES_PER_ENGINE_SECOND) },
    { id: TELTONIKA_IO.iButton, byteLength: 8, value: card },
  ];
  // The CAN adapter reads the engine's bus, which is quiet while the ignition is off.
  if (on) {
    io.push(
      { id: TELTONIKA_IO.canFuelLevelPercent, byteLength: 1, value: Math.round(fuelLevelPercent(device, state.fuel, seconds)) },
      { id: TELTONIKA_IO.canEngineWorktime, byteLength: 4, value: Math.round(motorHours(device, state) * 60) },
    );
  }
  return {
    timestampMs: t,
    priority: eventIo === 0 ? 0 : 1,
    gps: {
      longitude: fix?.lon ?? 0,
      latitude: fix?.lat ?? 0,
      altitude: fix ? ALTITUDE : 0,
      angle: fix ? Math.floor(360 * hashUnit(device.key, seconds, 65)) : 0,
      satellites: fix ? 8 + Math.floor(5 * hashUnit(device.key, seconds, 66)) : 0,
      speed: fix ? speed : 0,
    },
    eventIoId: eventIo,
    generationType: null,
    io,
  };
}
