import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { defaultDateRange, parseBoardSetting, todayIn } from '@gearwatch/contracts';
import type { CurrentUser, Monitor, MonitorKind, MonitorPage } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { devicesQuery } from '../../../api/data-areas.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { monitorsInView } from '../components/board-layout.ts';
import { MONITOR_DATA } from '../components/monitor-data.ts';
import { loadMonitor } from '../components/registry.ts';
import type { MonitorData, MonitorDataContext } from '../components/types.ts';
import { monitorDataQuery } from '../hooks/useMonitorQuery.ts';
import { deviceGroupsQuery, deviceOperatorGroupsQuery, deviceTypesQuery, productionShiftsQuery } from './model.ts';

export type ModelList = 'deviceGroups' | 'deviceTypes' | 'devices' | 'operatorGroups' | 'productionShifts';

/** The model lists a monitor of each kind waits for before it asks for its data (or draws its settings). */
const MODEL_OF_KIND: Record<MonitorKind, readonly ModelList[]> = {
  'device-parameter': ['deviceGroups', 'deviceTypes', 'devices', 'productionShifts'],
  efficiency: ['deviceGroups', 'deviceTypes', 'devices'],
  geo: ['deviceGroups'],
  'work-activity': ['deviceGroups'],
  'work-activity-shift': ['deviceGroups', 'productionShifts'],
  'device-operator': ['operatorGroups'],
  async: ['deviceTypes', 'devices'],
  // The summaries send the chosen ids as they are; only the shift-work summary needs to know the company's shifts.
  'activity-summary': [],
  'efficiency-summary': [],
  'operator-summary': [],
  'shift-work-summary': ['productionShifts'],
  'devices-with-alerts': [],
  'devices-summary': ['deviceGroups'],
  'newest-alerts': [],
  'newest-tasks': [],
  'hourly-work-distribution': ['deviceGroups'],
};

/** The lists a board of these kinds needs, each once. */
export function modelListsOf(kinds: readonly MonitorKind[]): ModelList[] {
  return [...new Set(kinds.flatMap((kind) => MODEL_OF_KIND[kind]))].sort();
}

/** One list from the cache, or read once however many monitors ask; what it adds to a monitor's data context. */
async function readList(queryClient: QueryClient, api: ApiClient, list: ModelList): Promise<Partial<MonitorDataContext>> {
  switch (list) {
    case 'deviceGroups':
      return { deviceGroups: await queryClient.ensureQueryData(deviceGroupsQuery(api)) };
    case 'deviceTypes':
      return { deviceTypes: await queryClient.ensureQueryData(deviceTypesQuery(api)) };
    case 'devices':
      return { devices: await queryClient.ensureQueryData(devicesQuery(api)) };
    case 'operatorGroups':
      // The operator monitors send the chosen groups as they are: the list serves their settings panels.
      await queryClient.ensureQueryData(deviceOperatorGroupsQuery(api));
      return {};
    case 'productionShifts':
      return { shifts: await queryClient.ensureQueryData(productionShiftsQuery(api)) };
  }
}

/** Starts reading the lists the board's monitors need (each once), before their code has loaded. */
export function prefetchModelLists(queryClient: QueryClient, api: ApiClient, kinds: readonly MonitorKind[]): void {
  for (const list of modelListsOf(kinds)) readList(queryClient, api, list).catch(() => undefined);
}

/**
 * One monitor: its lists, then its data call planned as its widget plans it (the same request, so the
 * widget finds the answer in the cache). A failure is left to the widget, which asks again and shows it.
 */
async function prefetchMonitor(queryClient: QueryClient, api: ApiClient, monitor: Monitor, today: string): Promise<void> {
  const lists = await Promise.all(MODEL_OF_KIND[monitor.kind].map((list) => readList(queryClient, api, list)));
  const context: MonitorDataContext = Object.assign({ range: defaultDateRange(monitor.kind, today) }, ...lists);
  // The table pairs each kind with its own settings; the union of kinds cannot show it.
  const data = MONITOR_DATA[monitor.kind] as MonitorData<MonitorKind, Record<string, unknown>, unknown>;
  const { request } = data.plan(monitor.settings, context);
  if (request) await queryClient.prefetchQuery(monitorDataQuery(monitor.kind, request, (r, c) => data.fetch(r, c), api));
}

/**
 * Starts everything the board's monitors need: their code, the model lists and each monitor's first data call (its
 * default dates on the company's today), so the answers arrive while the widgets' code loads rather than after it has
 * run (bench/page-load, docs/performance.md). The first `inView` monitors' calls go first, the others' once those
 * have settled: the server answers the monitors the user sees before those below the fold. Resolves when every call
 * it started has settled.
 */
export async function prefetchBoard(
  queryClient: QueryClient,
  api: ApiClient,
  monitors: readonly Monitor[],
  timezone: string,
  inView = monitors.length,
): Promise<void> {
  const today = todayIn(timezone);
  for (const monitor of monitors) loadMonitor(monitor.kind)?.catch(() => undefined);
  const prefetch = (group: readonly Monitor[]) => Promise.all(group.map((monitor) => prefetchMonitor(queryClient, api, monitor, today).catch(() => undefined)));
  await prefetch(monitors.slice(0, inView));
  await prefetch(monitors.slice(inView));
}

/** Resolves with a query's data once something has put it in the cache; reads nothing itself. */
function whenCached<T>(queryClient: QueryClient, queryKey: QueryKey): Promise<T> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const settle = (): boolean => {
      const data = queryClient.getQueryData<T>(queryKey);
      if (data === undefined) return false;
      resolve(data);
      return true;
    };
    if (settle()) return;
    const unsubscribe = cache.subscribe(() => {
      if (settle()) unsubscribe();
    });
  });
}

/**
 * The board of a page, started as soon as the signed-in start-up has read the user and their settings (the route's
 * loader calls it at navigation, before the shell has drawn). It waits for those reads rather than making them: they
 * belong to the start-up, which knows whether anyone is signed in.
 */
export async function prefetchBoardOfPage(queryClient: QueryClient, api: ApiClient, page: MonitorPage): Promise<void> {
  const [user, settings] = await Promise.all([
    whenCached<CurrentUser>(queryClient, queryKeys.currentUser),
    whenCached<Record<string, unknown>>(queryClient, queryKeys.settings),
  ]);
  const { monitors } = parseBoardSetting(settings[page]);
  await prefetchBoard(queryClient, api, monitors, user.owner.timezone, monitorsInView(monitors, window.innerHeight));
}
