import type { Page } from '@playwright/test';
import { createMonitor, defaultMonitorSettings } from '@gearwatch/contracts';
import type { Monitor, MonitorKind, MonitorSettings } from '@gearwatch/contracts';

// The dashboard of issue 20's budget: the seven monitor kinds (the demo user's six, and the async monitor on the
// device and parameter of the demo's parameter monitor) and the nine summary widgets, each set as a user would leave
// it (this month, over the company's groups, its largest counts), saved through the settings API.

type Summary =
  | 'devices-with-alerts'
  | 'devices-summary'
  | 'newest-alerts'
  | 'hourly-work-distribution'
  | 'activity-summary'
  | 'efficiency-summary'
  | 'operator-summary'
  | 'shift-work-summary'
  | 'newest-tasks';

async function api<T>(page: Page, url: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T | null> {
  const token = await page.evaluate(() => localStorage.getItem('gearwatch.accessToken'));
  if (!token) throw new Error('the page is not signed in');
  const response = await page.request.fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}` },
    ...(init.body === undefined ? {} : { data: init.body }),
  });
  if (response.status() === 404) return null;
  if (!response.ok()) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status()}`);
  return (await response.json()) as T;
}

async function ids(page: Page, url: string, path: string): Promise<number[]> {
  const list = await api<{ entries: { id: number }[] }>(page, url, `${path}?page_size=0`);
  return (list?.entries ?? []).map((entry) => entry.id);
}

/** The async monitor on the first device and the parameters of the board's device-parameter monitor. */
function asyncMonitorBeside(monitors: Monitor[]): Monitor | null {
  const parameterMonitor = monitors.find((monitor) => monitor.kind === 'device-parameter');
  if (!parameterMonitor || monitors.some((monitor) => monitor.kind === 'async')) return null;
  const { devices, parameters } = parameterMonitor.settings as MonitorSettings<'device-parameter'>;
  const device = devices[0];
  if (device === undefined) return null;
  const settings: MonitorSettings<'async'> = { ...defaultMonitorSettings('async'), device, parameters: parameters.slice(0, 1), edited: false };
  return createMonitor(
    'async',
    monitors.map((monitor) => monitor.id),
    settings,
  );
}

/**
 * Adds the async monitor (the seventh kind) and the nine summary widgets after the monitors already on the
 * signed-in user's dashboard; answers the count.
 */
export async function addSummaryWidgets(page: Page, url: string): Promise<number> {
  const board = await api<{ value: { monitors?: Monitor[] } }>(page, url, '/api/users/current/settings/dashboard');
  const deviceGroups = await ids(page, url, '/api/devicegroups');
  const operatorGroups = await ids(page, url, '/api/deviceoperatorgroups');
  const groups = { byGroups: true, devices: [], deviceGroups };
  const month = { period: 'this-month' } as const;
  const settings: { [K in Summary]: Partial<MonitorSettings<K>> } = {
    'devices-with-alerts': { ...month },
    'devices-summary': {},
    'newest-alerts': { count: 50 },
    'hourly-work-distribution': { ...groups, ...month },
    'activity-summary': { ...groups, ...month },
    'efficiency-summary': { ...groups, ...month },
    'operator-summary': { byGroups: true, deviceOperators: [], deviceOperatorsGroups: operatorGroups, ...month },
    'shift-work-summary': { ...groups, ...month },
    'newest-tasks': {},
  };
  // A board set up by an earlier run keeps its monitors, not its summaries.
  const monitors = (board?.value.monitors ?? []).filter((monitor) => !Object.hasOwn(settings, monitor.kind));
  const asyncMonitor = asyncMonitorBeside(monitors);
  if (asyncMonitor) monitors.push(asyncMonitor);
  for (const kind of Object.keys(settings) as Summary[]) {
    const taken = monitors.map((monitor) => monitor.id);
    const chosen = { ...defaultMonitorSettings(kind as MonitorKind), ...settings[kind], edited: false } as MonitorSettings<typeof kind>;
    monitors.push(createMonitor(kind, taken, chosen));
  }
  await api(page, url, '/api/users/current/settings/dashboard', { method: 'PUT', body: { value: { monitors } } });
  return monitors.length;
}
