import type { DecodedValue } from './decode.ts';

// Readers of decoded form values. The decoder has already checked each value against its field, so these only
// narrow the union to what the field's type gives: a missing or empty value reads as none.

/** A text field's value, or null. */
export function textValue(value: DecodedValue | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A single entity field's id, or null. */
export function idValue(value: DecodedValue | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

/** A multiple entity field's ids (none when empty). */
export function idValues(value: DecodedValue | undefined): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}
