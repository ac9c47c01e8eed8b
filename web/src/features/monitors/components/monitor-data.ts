import type { MonitorKind } from '@gearwatch/contracts';
import { asyncData } from './async/async-request.ts';
import { deviceOperatorData } from './device-operator/device-operator-request.ts';
import { deviceParameterData } from './device-parameter/device-parameter-request.ts';
import { devicesSummaryData, hourlyWorkData } from './devices-summary/devices-summary-request.ts';
import { devicesWithAlertsData } from './devices-with-alerts/devices-with-alerts-request.ts';
import { efficiencyData } from './efficiency/efficiency-request.ts';
import { geoData } from './geo/geo-request.ts';
import { newestAlertsData } from './newest-alerts/newest-alerts-request.ts';
import { newestTasksData } from './newest-tasks/newest-tasks-request.ts';
import { workActivityData } from './work-activity/work-activity-request.ts';
import { workActivityShiftData } from './work-activity-shift/work-activity-shift-request.ts';
import { activitySummaryData, efficiencySummaryData, operatorSummaryData, shiftWorkSummaryData } from './work-summary/work-summary-request.ts';
import type { MonitorData } from './types.ts';

/**
 * Every kind's data call, apart from its component's code (the `*-request.ts` files stay out of the widgets' chunk,
 * see web/vite.config.ts): the board plans and starts each monitor's call while the widgets' code is still loading.
 */
export const MONITOR_DATA: { [K in MonitorKind]: MonitorData<K, Record<string, unknown>, unknown> } = {
  'device-parameter': deviceParameterData,
  async: asyncData,
  'device-operator': deviceOperatorData,
  efficiency: efficiencyData,
  geo: geoData,
  'work-activity': workActivityData,
  'work-activity-shift': workActivityShiftData,
  'activity-summary': activitySummaryData,
  'efficiency-summary': efficiencySummaryData,
  'operator-summary': operatorSummaryData,
  'shift-work-summary': shiftWorkSummaryData,
  'devices-with-alerts': devicesWithAlertsData,
  'devices-summary': devicesSummaryData,
  'newest-alerts': newestAlertsData,
  'newest-tasks': newestTasksData,
  'hourly-work-distribution': hourlyWorkData,
};
