import { createMonitor } from './settings.ts';
import type { BoardSetting, Monitor, MonitorKind } from './settings.ts';
import { startingMonitorSettings } from './starting-selection.ts';
import type { StartingModel } from './starting-selection.ts';

/**
 * The dashboard a user of a company finds at the first sign-in when nobody has made one for them (the demo's users
 * get theirs from the seed): the work of the company's first device group today and by shift, its efficiency, its
 * first device on the map, the devices' summary, and the operators' work when there is an operator group. Each
 * monitor starts on what a monitor the user adds would (startingMonitorSettings), so each shows data at once, but
 * with its settings closed.
 */
export const STARTING_DASHBOARD_KINDS = [
  'work-activity',
  'work-activity-shift',
  'efficiency',
  'geo',
  'devices-summary',
  'device-operator',
] as const satisfies readonly MonitorKind[];

/** The starting dashboard over the company's devices; null for a company with no device yet (nothing to show). */
export function startingDashboard(model: StartingModel): BoardSetting | null {
  if (model.devices.length === 0) return null;
  const hasOperators = model.operatorGroups.some((group) => group.operators.length > 0);
  const monitors: Monitor[] = [];
  for (const kind of STARTING_DASHBOARD_KINDS) {
    if (kind === 'device-operator' && !hasOperators) continue;
    monitors.push(
      createMonitor(
        kind,
        monitors.map((monitor) => monitor.id),
        // Shown with their charts rather than their settings: the board is there to be looked at.
        { ...startingMonitorSettings(kind, model), edited: false },
      ),
    );
  }
  return { monitors };
}
