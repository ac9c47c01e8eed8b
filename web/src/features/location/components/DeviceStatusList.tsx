import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import { DeviceActivity } from '../../../components/status/DeviceActivity.tsx';
import { StatusIcons } from '../../../components/status/StatusIcons.tsx';
import { devicePagePath } from './device-path.ts';

export interface DeviceStatusListProps {
  entries: readonly DeviceStatusEntry[];
  selectedId: number | null;
  now: number;
  /** A device with a position was chosen: the map shows it. */
  onShow: (id: number) => void;
}

interface RowProps {
  entry: DeviceStatusEntry;
  selected: boolean;
  now: number;
  onShow: (id: number) => void;
}

function DeviceRow({ entry, selected, now, onShow }: RowProps) {
  const { t } = useTranslation();
  const row = useRef<HTMLLIElement>(null);
  const { id, name, deviceType } = entry.device;
  const located = entry.position !== null;
  // A marker clicked on the map selects its row: keep that row in sight in a long list.
  useEffect(() => {
    if (selected) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <Box
      component="li"
      ref={row}
      data-testid="location-row"
      data-device-id={id}
      aria-current={selected || undefined}
      // The whole row is a mouse target; keyboard and screen-reader users have the show-on-map button.
      onClick={located ? () => onShow(id) : undefined}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        cursor: located ? 'pointer' : 'default',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': located ? { bgcolor: selected ? 'action.selected' : 'action.hover' } : undefined,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <DeviceActivity active={entry.active} dotOnly />
          <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {deviceType.name}
          </Typography>
        </Box>
        {located ? null : (
          <Typography variant="caption" color="warning.dark" data-testid="location-no-position" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LocationOffOutlined fontSize="inherit" />
            {t('location.no-location-data')}
          </Typography>
        )}
        <StatusIcons entry={entry} dense now={now} />
      </Box>
      <Box sx={{ display: 'flex', flexShrink: 0 }} onClick={(event) => event.stopPropagation()}>
        {located ? (
          <Tooltip title={t('location.show-on-map')}>
            <IconButton size="small" onClick={() => onShow(id)}>
              <MyLocationOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title={t('location.open-device')}>
          <IconButton size="small" component={RouterLink} to={devicePagePath(id)}>
            <OpenInNewOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

/** The devices beside the map, each with its status icons; those without a position say so. */
export function DeviceStatusList({ entries, selectedId, now, onShow }: DeviceStatusListProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('location.devices')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {entries.map((entry) => (
        <DeviceRow key={entry.device.id} entry={entry} selected={entry.device.id === selectedId} now={now} onShow={onShow} />
      ))}
    </Box>
  );
}
