import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createMonitor, parseBoardSetting } from '@gearwatch/contracts';
import type { BoardSetting, Monitor, MonitorKind, MonitorPage, MonitorSettings } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useUserSettings } from '../../../api/data-areas.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { settingSaver } from '../api/setting-saver.ts';

export const SAVE_FAILED_KEY = 'monitor.message.save-failed';

// Boards this client wrote itself are valid already: reading them back as they are keeps every unchanged monitor's
// settings the same objects, so a change to one monitor does not make the others recompute.
const writtenBoards = new WeakSet<object>();

function readBoard(stored: unknown): BoardSetting {
  return typeof stored === 'object' && stored !== null && writtenBoards.has(stored) ? (stored as BoardSetting) : parseBoardSetting(stored);
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
    (kind: MonitorKind) =>
      change((current) => ({
        monitors: [...current.monitors, createMonitor(kind, current.monitors.map((monitor) => monitor.id))],
      })),
    [change],
  );
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
