import { lazy } from 'react';
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

const components = new Map<MonitorKind, MonitorComponent<MonitorKind>>();

/** The registered component of `kind` (lazy), typed for any kind: the board pairs it with a monitor of that kind. */
export function monitorComponent(kind: MonitorKind): MonitorComponent<MonitorKind> | undefined {
  const load = MONITOR_LOADERS[kind] as (() => Promise<MonitorComponent<MonitorKind>>) | undefined;
  if (!load) return undefined;
  let component = components.get(kind);
  if (!component) {
    component = lazy(async () => ({ default: await load() }));
    components.set(kind, component);
  }
  return component;
}

/** Loads every registered kind's code (tests, so the first render does not wait for a chunk). */
export async function preloadMonitors(): Promise<void> {
  await Promise.all(Object.values(MONITOR_LOADERS).map((load) => load()));
}
