import type { ComponentType } from 'react';
import type { DateRange, MonitorKind, MonitorSettings } from '@gearwatch/contracts';

/** What the board gives every monitor kind's component (see registry.ts). */
export interface MonitorProps<K extends MonitorKind> {
  id: string;
  kind: K;
  /** The saved settings (spec 02 §3). */
  settings: MonitorSettings<K>;
  /** Merges a change into the settings and saves it at once (spec 02 §4). */
  update: (patch: Partial<MonitorSettings<K>>) => void;
  /** The monitor's dates: local state, not saved; always in order (a reversed pick is swapped). */
  range: DateRange;
  setRange: (range: DateRange) => void;
  /** Today in the company's timezone, 'YYYY-MM-DD'. */
  today: string;
  /** The company's IANA timezone. */
  timezone: string;
}

export type MonitorComponent<K extends MonitorKind> = ComponentType<MonitorProps<K>>;

/** One entry per kind that has been built; the board offers and shows only these. */
export type MonitorRegistry = { [K in MonitorKind]?: MonitorComponent<K> };
