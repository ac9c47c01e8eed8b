import type { MonitorKind } from '@gearwatch/contracts';
import type { MonitorComponent } from './types.ts';

type MonitorLoaders = { [K in MonitorKind]?: () => Promise<MonitorComponent<K>> };

/**
 * The component of each monitor kind, one line per kind, each in its own folder and loaded as its own chunk (the
 * map library comes only with a geo monitor). A kind missing here is neither offered by the add tiles nor shown.
 */
export const MONITOR_LOADERS: MonitorLoaders = {
  'device-parameter': async () => (await import('./device-parameter/DeviceParameterMonitor.tsx')).DeviceParameterMonitor,
  async: async () => (await import('./async/AsyncMonitor.tsx')).AsyncMonitor,
  'device-operator': async () => (await import('./device-operator/DeviceOperatorMonitor.tsx')).DeviceOperatorMonitor,
  efficiency: async () => (await import('./efficiency/EfficiencyMonitor.tsx')).EfficiencyMonitor,
  geo: async () => (await import('./geo/GeoMonitor.tsx')).GeoMonitor,
  'work-activity': async () => (await import('./work-activity/WorkActivityMonitor.tsx')).WorkActivityMonitor,
  'work-activity-shift': async () => (await import('./work-activity-shift/WorkActivityShiftMonitor.tsx')).WorkActivityShiftMonitor,
  'activity-summary': async () => (await import('./activity-summary/ActivitySummaryMonitor.tsx')).ActivitySummaryMonitor,
  'efficiency-summary': async () => (await import('./efficiency-summary/EfficiencySummaryMonitor.tsx')).EfficiencySummaryMonitor,
  'operator-summary': async () => (await import('./operator-summary/OperatorSummaryMonitor.tsx')).OperatorSummaryMonitor,
  'shift-work-summary': async () => (await import('./shift-work-summary/ShiftWorkSummaryMonitor.tsx')).ShiftWorkSummaryMonitor,
  'devices-with-alerts': async () => (await import('./devices-with-alerts/DevicesWithAlertsMonitor.tsx')).DevicesWithAlertsMonitor,
  'devices-summary': async () => (await import('./devices-summary/DevicesSummaryMonitor.tsx')).DevicesSummaryMonitor,
  'newest-alerts': async () => (await import('./newest-alerts/NewestAlertsMonitor.tsx')).NewestAlertsMonitor,
  'newest-tasks': async () => (await import('./newest-tasks/NewestTasksMonitor.tsx')).NewestTasksMonitor,
  'hourly-work-distribution': async () => (await import('./hourly-work-distribution/HourlyWorkDistributionMonitor.tsx')).HourlyWorkDistributionMonitor,
};

const loaded = new Map<MonitorKind, MonitorComponent<MonitorKind>>();
const loading = new Map<MonitorKind, Promise<MonitorComponent<MonitorKind>>>();

/** Whether `kind` has a component here: the board shows and offers only these. */
export function isRegisteredMonitor(kind: MonitorKind): boolean {
  return MONITOR_LOADERS[kind] !== undefined;
}

/**
 * Loads the code of `kind` once (the board's prefetch starts it at navigation) and remembers its component, typed for
 * any kind: the board pairs it with a monitor of that kind. Undefined for a kind without a component.
 */
export function loadMonitor(kind: MonitorKind): Promise<MonitorComponent<MonitorKind>> | undefined {
  const load = MONITOR_LOADERS[kind] as (() => Promise<MonitorComponent<MonitorKind>>) | undefined;
  if (!load) return undefined;
  let promise = loading.get(kind);
  if (!promise) {
    promise = load().then((component) => {
      loaded.set(kind, component);
      return component;
    });
    // A chunk that failed to load is asked for again next time.
    promise.catch(() => loading.delete(kind));
    loading.set(kind, promise);
  }
  return promise;
}

/**
 * The component of `kind` once its code has loaded. A board renders it directly, not through React.lazy: a lazy
 * component suspends on its first render even when its code is there, and React then holds the monitor's fallback for
 * its Suspense throttle (~300 ms), one board monitor after another (docs/performance.md, page load).
 */
export function loadedMonitor(kind: MonitorKind): MonitorComponent<MonitorKind> | undefined {
  return loaded.get(kind);
}

/** Loads every registered kind's code (tests, so the first render does not wait for a chunk). */
export async function preloadMonitors(): Promise<void> {
  await Promise.all((Object.keys(MONITOR_LOADERS) as MonitorKind[]).map((kind) => loadMonitor(kind)));
}
