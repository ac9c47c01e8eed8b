import type { ComponentType } from 'react';
import type {
  DateRange,
  Device,
  DeviceGroupListEntry,
  DeviceTypeMonitorEntry,
  MonitorKind,
  MonitorSettings,
  MonitorValidity,
  ProductionShift,
} from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../hooks/useMonitorQuery.ts';

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

/**
 * What a monitor's data call may depend on besides its settings: its dates and the model lists. A list is undefined
 * while it is still loading; a kind that needs it then asks for nothing yet (and shows no warning).
 */
export interface MonitorDataContext {
  range: DateRange;
  devices?: readonly Device[];
  deviceGroups?: readonly DeviceGroupListEntry[];
  deviceTypes?: readonly DeviceTypeMonitorEntry[];
  shifts?: readonly ProductionShift[];
}

/** A monitor's settings judged (spec 02 §5) and, when valid, the data call they ask for (the query cache's key). */
export interface MonitorPlan<R> {
  validity: MonitorValidity;
  request: R | null;
}

/**
 * A kind's data call, apart from its component: the widget and the board's prefetch (monitor-data.ts) both plan it
 * here, so the board can start a monitor's call while its code loads and the widget then finds the answer cached.
 */
export interface MonitorData<K extends MonitorKind, R extends Record<string, unknown>, T> {
  plan(settings: MonitorSettings<K>, context: MonitorDataContext): MonitorPlan<R>;
  // A method, so the table of every kind's calls (monitor-data.ts) can hold each kind's own request type.
  fetch(request: R, context: MonitorFetchContext): Promise<T>;
}
