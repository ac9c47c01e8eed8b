import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { FormDefinition, TeltonikaParameterPreset } from '@gearwatch/contracts';
import type { FormValues } from '../../../components/forms/form-values.ts';

/** The translation key of a preset's name. */
export const presetNameKey = (preset: Pick<TeltonikaParameterPreset, 'key'>) => `teltonika.preset.${preset.key}`;

/**
 * The number a preset's parameter gets: one above the type's highest ordinary number (never 1 or 2, work and
 * active). Not a gap below it: readings are kept by number after a parameter is deleted, and a new parameter on a
 * freed number would show the old one's history. The internal and charging numbers (10000 and up) are not counted.
 */
export function nextFreeParameterNumber(numbers: readonly number[]): number {
  const ordinary = numbers.filter((n) => n < PARAMETER_NUMBERS.internal);
  return Math.max(PARAMETER_NUMBERS.counter, ...ordinary.map((n) => n + 1));
}

/**
 * The new-parameter form filled in from a preset: the type, the next free number, the translated name, the unit of
 * the dictionary whose short name is the preset's (none when the dictionary has no such unit), the aggregation and
 * the IO mapping.
 */
export function presetFormValues(
  preset: TeltonikaParameterPreset,
  context: { deviceTypeId: number; numbers: readonly number[]; name: string },
  definition: Pick<FormDefinition, 'choices'>,
): FormValues {
  const unit = preset.unit === '' ? undefined : definition.choices.unit?.find((choice) => choice.unit === preset.unit);
  return {
    deviceType: context.deviceTypeId,
    number: nextFreeParameterNumber(context.numbers),
    name: context.name,
    unit: unit?.value ?? null,
    aggregation: preset.aggregation,
    teltonikaIoId: preset.id,
    teltonikaMultiplier: preset.multiplier,
    teltonikaOffset: preset.offset,
  };
}
