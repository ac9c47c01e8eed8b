import type { Choice } from '@gearwatch/contracts';

/** The IANA timezone names the forms offer: what this runtime's Intl knows, plus UTC. */
const TIMEZONES: readonly string[] = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
const KNOWN = new Set(TIMEZONES);

/** The timezone choices, with `current` (a row's present value, whatever it is) kept offered. */
export function timezoneChoices(current: string | null = null): Choice[] {
  const names = current !== null && !KNOWN.has(current) ? [...TIMEZONES, current] : TIMEZONES;
  return names.map((name) => ({ value: name, label: name }));
}
