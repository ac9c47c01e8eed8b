import type { MonitorValidity, MonitorValidityContext } from '@gearwatch/contracts';
import type { MonitorPlan } from './types.ts';

/** Settings that need no judging (a kind whose every saved value can be asked for). */
export const ALWAYS_VALID: MonitorValidity = { valid: true, warning: null };

/** Nothing to judge yet: a list the judgement needs is still loading (no call, no warning). */
export const WAITING: MonitorValidity = { valid: false, warning: null };

/** The plan of judged settings: the call only when they are valid. */
export function planWhenValid<R>(validity: MonitorValidity, request: () => R | null): MonitorPlan<R> {
  return { validity, request: validity.valid ? request() : null };
}

/** The judging context of a kind whose validity depends on its settings alone (no dates, lists or shifts). */
export const SETTINGS_ONLY: MonitorValidityContext = { range: null, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 0 };
