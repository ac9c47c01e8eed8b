/**
 * Teltonika FMB AVL IDs (IO element ids) that Gearwatch knows how to read, and how a raw value becomes a reading:
 * `value = raw × multiplier + offset`, in `unit`.
 *
 * Source: Teltonika's "FMB AVL ID" list (https://wiki.teltonika-gps.com/view/FMB_AVL_ID, "Permanent I/O elements"
 * for the device's own ids; the "CAN adapters" group, LV-CAN200/ALL-CAN300, for 83, 84, 89, 102 and 103) and its
 * "lvcansetting" page for the engine work time counted in minutes.
 */
export const TELTONIKA_IO = {
  ignition: 239,
  movement: 240,
  externalVoltage: 66,
  batteryVoltage: 67,
  batteryCurrent: 68,
  totalOdometer: 16,
  gsmSignal: 21,
  speed: 24,
  iButton: 78,
  rfid: 207,
  canFuelConsumed: 83,
  canFuelLevelLitres: 84,
  canFuelLevelPercent: 89,
  canEngineWorktime: 102,
  canEngineWorktimeCounted: 103,
} as const;

export type TeltonikaIoKey = keyof typeof TELTONIKA_IO;

/**
 * - `value`: a measurement, stored as a reading.
 * - `flag`: 0/1 state (ignition, movement), read by the work and activity rule rather than stored as it is.
 * - `identifier`: a card or key id (iButton, RFID) for operator events, not a number to chart.
 */
export const TELTONIKA_IO_KINDS = ['value', 'flag', 'identifier'] as const;
export type TeltonikaIoKind = (typeof TELTONIKA_IO_KINDS)[number];

export interface TeltonikaIoPreset {
  key: TeltonikaIoKey;
  id: number;
  name: string;
  /** Unit symbol after scaling; '' for a plain number or state. */
  unit: string;
  multiplier: number;
  offset: number;
  kind: TeltonikaIoKind;
}

const preset = (key: TeltonikaIoKey, name: string, unit: string, multiplier: number, kind: TeltonikaIoKind = 'value'): TeltonikaIoPreset => ({
  key,
  id: TELTONIKA_IO[key],
  name,
  unit,
  multiplier,
  offset: 0,
  kind,
});

export const TELTONIKA_IO_PRESETS: readonly TeltonikaIoPreset[] = [
  preset('ignition', 'Ignition', '', 1, 'flag'),
  preset('movement', 'Movement', '', 1, 'flag'),
  // mV on the wire.
  preset('externalVoltage', 'External voltage', 'V', 0.001),
  preset('batteryVoltage', 'Battery voltage', 'V', 0.001),
  // mA on the wire.
  preset('batteryCurrent', 'Battery current', 'A', 0.001),
  // Metres on the wire.
  preset('totalOdometer', 'Total odometer', 'km', 0.001),
  // Signal level 0–5.
  preset('gsmSignal', 'GSM signal', '', 1),
  preset('speed', 'Speed', 'km/h', 1),
  preset('iButton', 'iButton', '', 1, 'identifier'),
  preset('rfid', 'RFID', '', 1, 'identifier'),
  // 0.1 l on the wire.
  preset('canFuelConsumed', 'Fuel consumed (CAN)', 'l', 0.1),
  preset('canFuelLevelLitres', 'Fuel level (CAN)', 'l', 0.1),
  preset('canFuelLevelPercent', 'Fuel level (CAN, %)', '%', 1),
  // Minutes on the wire; engine hours are shown in hours.
  preset('canEngineWorktime', 'Engine hours (CAN)', 'h', 1 / 60),
  preset('canEngineWorktimeCounted', 'Engine hours counted (CAN)', 'h', 1 / 60),
];

/** The preset of an AVL ID, or undefined for an id Gearwatch has no preset for. */
export function teltonikaIoPreset(id: number): TeltonikaIoPreset | undefined {
  return TELTONIKA_IO_PRESETS.find((p) => p.id === id);
}

/**
 * A module's send period when `sensors.send_period_seconds` is null (the Configurator's default data acquisition
 * period while moving is 60 s); a gap between records over twice the period counts as no data (docs/teltonika.md).
 */
export const TELTONIKA_DEFAULT_SEND_PERIOD_SECONDS = 60;
