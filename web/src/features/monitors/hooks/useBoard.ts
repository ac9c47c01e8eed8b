import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import { createMonitor, parseBoardSetting, startingDashboard, startingMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, Monitor, MonitorKind, MonitorPage, MonitorSettings, StartingModel } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { devicesQuery, useUserSettings } from '../../../api/data-areas.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { deviceGroupsQuery, deviceOperatorGroupsQuery, deviceTypesQuery } from '../api/model.ts';
import { settingSaver } from '../../../api/setting-saver.ts';

export const SAVE_FAILED_KEY = 'monitor.message.save-failed';

// Boards this client wrote itself are valid already: reading them back as they are keeps every unchanged monitor's
// settings the same objects, so a change to one monitor does not make the others recompute.
const writtenBoards = new WeakSet<object>();

function readBoard(stored: unknown): BoardSetting {
  return typeof stored === 'object' && stored !== null && writtenBoards.has(stored) ? (stored as BoardSetting) : parseBoardSetting(stored);
}

/**
 * The lists a new monitor starts from (its first device group and parameters), from the cache when the board's
 * monitors have read them already. Null when one cannot be read: the monitor then starts with nothing chosen.
 */
async function startingModel(queryClient: QueryClient, api: ApiClient): Promise<StartingModel | null> {
  try {
    const [deviceGroups, devices, deviceTypes, operatorGroups] = await Promise.all([
      queryClient.ensureQueryData(deviceGroupsQuery(api)),
      queryClient.ensureQueryData(devicesQuery(api)),
      queryClient.ensureQueryData(deviceTypesQuery(api)),
      queryClient.ensureQueryData(deviceOperatorGroupsQuery(api)),
    ]);
    return { deviceGroups, devices, deviceTypes, operatorGroups };
  } catch {
    return null;
  }
}

export interface Board {
  monitors: Monitor[];
  add: (kind: MonitorKind) => void;
  remove: (id: string) => void;
  /** Merges `patch` into one monitor's settings. */
  updateSettings: <K extends MonitorKind>(id: string, patch: Partial<MonitorSettings<K>>) => void;
}

/**
 * A page's board: the user setting named after the page (spec 02 §3). Every change lands in the settings cache at
 * once and is saved right away (spec 02 §4); saves are sent one after another, newest last. A failed save is
 * reported and the change stays on screen.
 */
export function useBoard(page: MonitorPage): Board {
  const api = useApi();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const stored = useUserSettings()[page];
  const board = useMemo(() => readBoard(stored), [stored]);

  const change = useCallback(
    (edit: (board: BoardSetting) => BoardSetting) => {
      // Read the cache rather than the rendered value, so two changes in one event both count.
      const current = readBoard(queryClient.getQueryData<Record<string, unknown>>(queryKeys.settings)?.[page]);
      const next = edit(current);
      writtenBoards.add(next);
      queryClient.setQueryData<Record<string, unknown>>(queryKeys.settings, (settings) => ({ ...settings, [page]: next }));
      settingSaver(api, page).save(next, () => enqueueSnackbar(t(SAVE_FAILED_KEY), { variant: 'error' }));
    },
    [api, enqueueSnackbar, page, queryClient, t],
  );

  const add = useCallback(
    (kind: MonitorKind) => {
      // A new monitor starts on the first device group (or operator group) and its work parameter, so it shows
      // data at once rather than asking the user to pick devices first.
      void startingModel(queryClient, api).then((model) => {
        const settings = startingMonitorSettings(kind, model);
        change((current) => ({
          monitors: [
            ...current.monitors,
            createMonitor(
              kind,
              current.monitors.map((monitor) => monitor.id),
              settings,
            ),
          ],
        }));
      });
    },
    [api, change, queryClient],
  );
  // A dashboard never saved (a new user of a company the demo did not seed) starts on monitors over the company's
  // devices (issue 32 item 18); one the user emptied stays empty. Without devices there is nothing to start on: the
  // board's empty state says how to begin.
  const starting = useRef(false);
  useEffect(() => {
    if (page !== 'dashboard' || stored !== undefined || starting.current) return;
    starting.current = true;
    void startingModel(queryClient, api).then((model) => {
      const board = model && startingDashboard(model);
      const stillUnsaved = queryClient.getQueryData<Record<string, unknown>>(queryKeys.settings)?.[page] === undefined;
      if (board && stillUnsaved) change(() => board);
    });
  }, [api, change, page, queryClient, stored]);

  const remove = useCallback((id: string) => change((current) => ({ monitors: current.monitors.filter((monitor) => monitor.id !== id) })), [change]);
  const updateSettings = useCallback(
    <K extends MonitorKind>(id: string, patch: Partial<MonitorSettings<K>>) =>
      change((current) => ({
        // The patch belongs to the monitor's own kind (the caller is that monitor); the union cannot show it.
        monitors: current.monitors.map((monitor) => (monitor.id === id ? ({ ...monitor, settings: { ...monitor.settings, ...patch } } as Monitor) : monitor)),
      })),
    [change],
  );

  return { monitors: board.monitors, add, remove, updateSettings };
}
