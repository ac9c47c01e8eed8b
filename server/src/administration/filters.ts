import { MESSAGE_KEYS } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';

const MAX_ID = 2147483647;

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** A list filter's row id (a number or its text); undefined when absent; 400 on `filter` for anything else. */
export function idFilter(value: unknown): number | undefined {
  if (absent(value)) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(number) || number <= 0 || number > MAX_ID) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  return number;
}

/** A list filter's yes or no (a boolean, or 'true' / 'false' / 1 / 0); undefined when absent; 400 otherwise. */
export function booleanFilter(value: unknown): boolean | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 'true' || value === '1') return true;
  if (value === 0 || value === 'false' || value === '0') return false;
  throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
}
