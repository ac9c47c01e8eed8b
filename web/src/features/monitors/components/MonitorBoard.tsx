import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADD_MONITOR_TILES } from '@gearwatch/contracts';
import type { MonitorPage } from '@gearwatch/contracts';
import { useDevices } from '../../../api/data-areas.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageActions } from '../../../components/PageActions.tsx';
import { useBoard } from '../hooks/useBoard.ts';
import { usePrefetchModel } from '../hooks/usePrefetchModel.ts';
import { AddMonitorDialog } from './AddMonitorDialog.tsx';
import { AddMonitorTiles } from './AddMonitorTiles.tsx';
import { DrawQueue, DrawQueueContext } from './draw-queue.ts';
import { MonitorCard } from './MonitorCard.tsx';
import { isRegisteredMonitor } from './registry.ts';

/**
 * A page built from monitors (the dashboard and the diagnostics page): the saved monitors in order, two per row on
 * wide screens, those in view drawn first (draw-queue.ts); an empty board shows the add tiles, a board with monitors offers them from the page actions.
 */
export function MonitorBoard({ page }: { page: MonitorPage }) {
  const { t } = useTranslation();
  const board = useBoard(page);
  const [adding, setAdding] = useState(false);
  const [drawQueue] = useState(() => new DrawQueue());
  useEffect(() => {
    // Runs after the first monitors' layout: those that mount from now on were added by the user.
    drawQueue.opened();
    return () => drawQueue.dispose();
  }, [drawQueue]);
  const offered = ADD_MONITOR_TILES[page].filter(isRegisteredMonitor);
  const shown = board.monitors.filter((monitor) => isRegisteredMonitor(monitor.kind));
  // A company without devices has nothing a monitor could show yet: the empty state says where to begin.
  const devices = useDevices();
  const noDevices = devices.data?.length === 0;
  usePrefetchModel(shown.map((monitor) => monitor.kind));

  return (
    <>
      <PageActions>
        <Button variant="contained" size="small" startIcon={<AddOutlined />} data-testid="monitor-add" onClick={() => setAdding(true)}>
          {t('monitor.add')}
        </Button>
      </PageActions>
      {shown.length === 0 ? (
        <Box sx={{ maxWidth: 960, mx: 'auto' }}>
          <EmptyState
            icon={<DashboardCustomizeOutlined />}
            title={t('monitor.empty.title')}
            message={t(noDevices ? 'monitor.empty.no-devices' : 'monitor.empty.message')}
          />
          <AddMonitorTiles kinds={offered} onAdd={board.add} />
        </Box>
      ) : (
        <DrawQueueContext.Provider value={drawQueue}>
          <Box data-testid="monitor-board" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            {shown.map((monitor, order) => (
              <MonitorCard key={monitor.id} monitor={monitor} order={order} onRemove={board.remove} onUpdate={board.updateSettings} />
            ))}
          </Box>
        </DrawQueueContext.Provider>
      )}
      <AddMonitorDialog open={adding} kinds={offered} onAdd={board.add} onClose={() => setAdding(false)} />
    </>
  );
}
