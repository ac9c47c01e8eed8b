import { z } from 'zod';
import type { ParameterAggregation } from './constants.ts';
import { PARAMETER_NUMBERS } from './constants.ts';
import type { TeltonikaIoKey, TeltonikaIoPreset } from './teltonika.ts';
import { TELTONIKA_IO_PRESETS } from './teltonika.ts';

/**
 * How a device type's parameters take their values from a Teltonika tracker's IO elements (docs/teltonika.md, "IO
 * mapping and presets"): a parameter names one AVL ID, and each record's raw value of it becomes a reading
 * `raw × multiplier + offset`.
 */

/** AVL IDs are two bytes in Codec 8 Extended and 16 (one in Codec 8). */
export const TELTONIKA_IO_ID_MAX = 65535;

/**
 * Work (1) and active (2) are never mapped from an IO id: they are derived from ignition (239) and movement (240)
 * as seconds per interval between records, which no single raw value can give.
 */
export const TELTONIKA_DERIVED_PARAMETERS: readonly number[] = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active];

/** A parameter's mapping in the parameter answers; null on a parameter that takes no IO id. */
export const teltonikaMappingSchema = z.object({
  ioId: z.number().int().min(0).max(TELTONIKA_IO_ID_MAX),
  multiplier: z.number(),
  offset: z.number(),
});
export type TeltonikaMapping = z.infer<typeof teltonikaMappingSchema>;

/**
 * How a preset's readings are aggregated over an interval: a level (voltage, signal, speed, fuel level) averages,
 * a counter that only grows (odometer, fuel used, engine hours) keeps its last value.
 */
const PRESET_AGGREGATIONS: Partial<Record<TeltonikaIoKey, ParameterAggregation>> = {
  externalVoltage: 'avg',
  batteryVoltage: 'avg',
  batteryCurrent: 'avg',
  totalOdometer: 'last',
  gsmSignal: 'avg',
  speed: 'avg',
  canFuelConsumed: 'last',
  canFuelLevelLitres: 'avg',
  canFuelLevelPercent: 'avg',
  canEngineWorktime: 'last',
  canEngineWorktimeCounted: 'last',
};

export interface TeltonikaParameterPreset extends TeltonikaIoPreset {
  aggregation: ParameterAggregation;
}

/**
 * The presets a device type's parameter can start from: the measurements only. Ignition and movement make work and
 * active (TELTONIKA_DERIVED_PARAMETERS), and the iButton and RFID cards open and close operator sessions; none of
 * them is a number to chart.
 */
export const TELTONIKA_PARAMETER_PRESETS: readonly TeltonikaParameterPreset[] = TELTONIKA_IO_PRESETS.flatMap((preset) => {
  const aggregation = PRESET_AGGREGATIONS[preset.key];
  return preset.kind === 'value' && aggregation ? [{ ...preset, aggregation }] : [];
});
