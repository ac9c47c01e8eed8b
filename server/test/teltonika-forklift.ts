import { TELTONIKA_IO } from '@gearwatch/contracts';
import type { AvlIoElement, AvlRecord } from '../src/telemetry/protocols/teltonika/avl-types.ts';

/** A yard in Poznań the forklifts drive around; each tracker gets its own spot from its number. */
const YARD = { latitude: 52.4064, longitude: 16.9252 };

/**
 * What an FMB tracker on a forklift sends for `count` records `stepMs` apart from `fromMs`: ignition and movement as
 * a shift goes (parked with ignition off, idling, driving), GPS moving only while it drives, external voltage that of
 * a charging or resting traction battery, the tracker's own battery, GSM signal, speed and the odometer. `seed` makes
 * trackers differ and a tracker's next packet continue where its last one ended (pass the record index so far).
 */
export function forkliftRecords(seed: number, fromMs: number, count: number, stepMs: number, firstIndex = 0): AvlRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const n = firstIndex + i;
    // A cycle of 40 records: 6 parked, 4 idling, 30 driving (with a stop every 10).
    const phase = (n + seed) % 40;
    const ignition = phase >= 6 ? 1 : 0;
    const moving = phase >= 10 && phase % 10 !== 0 ? 1 : 0;
    const speed = moving ? 4 + ((n * 7 + seed) % 9) : 0;
    const metres = Math.floor(n * 0.75 * (stepMs / 1000) * 2);
    const angle = (n * 37 + seed * 11) % 360;
    const io: AvlIoElement[] = [
      { id: TELTONIKA_IO.ignition, byteLength: 1, value: ignition },
      { id: TELTONIKA_IO.movement, byteLength: 1, value: moving },
      { id: TELTONIKA_IO.gsmSignal, byteLength: 1, value: 3 + ((n + seed) % 3) },
      { id: TELTONIKA_IO.speed, byteLength: 2, value: speed },
      { id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: ignition ? 26_400 + ((n * 13) % 500) : 25_100 + ((n * 7) % 200) },
      { id: TELTONIKA_IO.batteryVoltage, byteLength: 2, value: 4_050 + ((n + seed) % 60) },
      { id: TELTONIKA_IO.totalOdometer, byteLength: 4, value: 1_200_000 + seed * 10 + metres },
    ];
    return {
      timestampMs: fromMs + i * stepMs,
      priority: 0,
      gps: {
        latitude: YARD.latitude + (seed % 100) * 0.0001 + (moving ? (n % 40) * 0.00002 : 0),
        longitude: YARD.longitude + Math.floor(seed / 100) * 0.0001 + (moving ? (n % 40) * 0.00003 : 0),
        altitude: 62,
        angle,
        satellites: 9 + ((n + seed) % 4),
        speed,
      },
      eventIoId: 0,
      generationType: null,
      io,
    };
  });
}
