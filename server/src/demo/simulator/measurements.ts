// What the sensors would read, given a device's state. Noise comes from a hash of the device and the timestamp, so
// a value sampled at the same instant is the same in the backfill and in the live stream.
import { hashUnit } from './random.ts';
import type { DeviceState } from './device-state.ts';
import type { SimDevice } from './fleet.ts';

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Symmetric noise in [-amplitude, amplitude] for a device, a channel and an instant (seconds). */
const noise = (device: SimDevice, channel: number, seconds: number, amplitude: number) => (hashUnit(device.key, channel, seconds) * 2 - 1) * amplitude;

/**
 * Lead-acid traction battery, per cell: about 1.96 V flat to 2.12 V full at rest; a load pulls it down while the
 * truck works; on the charger it climbs steadily to 2.40 V at the end of the charge (no noise, so it only rises).
 */
export function batteryVolts(device: SimDevice, state: DeviceState, workFraction: number, seconds: number): number {
  const cells = device.battery?.cells ?? 24;
  let cell: number;
  if (state.charging) cell = 2.1 + 0.3 * state.soc;
  else if (state.powered) cell = 1.96 + 0.16 * state.soc - (0.02 + 0.06 * workFraction) + noise(device, 31, seconds, 0.006);
  else cell = 1.96 + 0.16 * state.soc + noise(device, 31, seconds, 0.002);
  return round(cell * cells, 2);
}

/** The module's own supply: the truck's 12 V system (alternator or DC/DC converter when on), or a 24 V cabinet supply. */
export function supplyVolts(device: SimDevice, powered: boolean, seconds: number): number {
  if (device.drive === 'machine') return round(24.05 + noise(device, 32, seconds, 0.15), 2);
  if (device.damaged) return round(12.2 + noise(device, 32, seconds, 0.05), 2);
  const on = device.drive === 'diesel' ? 14.1 : 13.8;
  return round((powered ? on : 12.65) + noise(device, 32, seconds, powered ? 0.15 : 0.06), 2);
}

export function fuelLevelPercent(device: SimDevice, litres: number, seconds: number): number {
  const tank = device.tankLitres ?? 1;
  return round(Math.min(100, Math.max(0, (litres / tank) * 100 + noise(device, 33, seconds, 0.4))), 1);
}

export function hydraulicBar(device: SimDevice, workFraction: number, seconds: number): number {
  if (workFraction <= 0) return round(25 + noise(device, 34, seconds, 5), 1);
  return round(150 + 60 * workFraction + noise(device, 34, seconds, 8), 1);
}

export function motorAmps(device: SimDevice, workFraction: number, seconds: number): number {
  const load = device.machine?.load ?? 1;
  return round(Math.max(0, (5 + 55 * workFraction) * load + noise(device, 35, seconds, 3)), 1);
}

/** GSM signal quality (CSQ 0–31), the module's housekeeping value; weak for the truck in the dead spot. */
export function signalQuality(device: SimDevice, seconds: number): number {
  const base = device.silent ? 9 : 20;
  return Math.round(base + noise(device, 36, seconds, 6));
}

/** The hour meter counts the time the truck is switched on (key hours), so it rises while it works. */
export function motorHours(device: SimDevice, state: DeviceState): number {
  return round(device.baseMotorHours + state.motorSeconds / 3600, 2);
}
