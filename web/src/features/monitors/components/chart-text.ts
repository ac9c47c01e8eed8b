import type { SecondsUnit } from '@gearwatch/contracts';

/** i18next's `t` as the chart builders take it: every word they put in a chart, a tooltip or a CSV comes through it. */
export type Translate = (key: string) => string;

const SECONDS_UNIT_KEYS: Record<SecondsUnit, string> = {
  s: 'monitor.unit.s',
  min: 'monitor.unit.min',
  h: 'monitor.unit.h',
};

/** A unit of seconds (contracts `secondsAxis`: s, min or h) as axis names, tooltips and CSV headers write it. */
export function secondsUnitText(unit: SecondsUnit, t: Translate): string {
  return t(SECONDS_UNIT_KEYS[unit]);
}
