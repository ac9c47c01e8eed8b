import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { MonitorKind } from '@gearwatch/contracts';
import { MONITOR_ICONS } from './monitor-icons.tsx';

export interface AddMonitorTilesProps {
  kinds: readonly MonitorKind[];
  onAdd: (kind: MonitorKind) => void;
}

/** The add-monitor tiles (spec 01 §2, spec 02 §2): one per kind, an icon and the monitor's title. */
export function AddMonitorTiles({ kinds, onAdd }: AddMonitorTilesProps) {
  const { t } = useTranslation();
  return (
    <Box data-testid="monitor-tiles" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2, width: '100%' }}>
      {kinds.map((kind) => (
        <Card key={kind} variant="outlined">
          <CardActionArea
            data-testid={`monitor-tile-${kind}`}
            onClick={() => onAdd(kind)}
            sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Box sx={{ fontSize: 40, lineHeight: 0, color: 'primary.main' }}>{MONITOR_ICONS[kind]()}</Box>
            <Typography variant="body2" align="center">
              {t(MONITOR_TITLE_KEYS[kind])}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
