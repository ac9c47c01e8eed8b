// <StatusIcons entry={deviceStatusEntry} dense />: the status icons of one device (spec 01 §2) in a row that wraps:
// battery and supply voltage, enabled and work time today, last sync, last location, each sensor and the operator,
// each with a short value beside it and the full sentence in its tooltip (also its accessible name).
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BatteryStdOutlined from '@mui/icons-material/BatteryStdOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PowerOutlined from '@mui/icons-material/PowerOutlined';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import { useDateFormat } from '../dates/useDateFormat.ts';
import { statusItems } from './status-items.ts';
import type { IndicatorState, StatusKind } from './status-items.ts';
import { useNow } from './useNow.ts';

export interface StatusIconsProps {
  entry: DeviceStatusEntry;
  /** Smaller icons and text, for list rows. */
  dense?: boolean;
  /** Epoch ms relative times count from; left out, the component keeps its own clock. */
  now?: number;
}

const ICONS: Record<StatusKind, SvgIconComponent> = {
  'battery-voltage': BatteryStdOutlined,
  'supply-voltage': PowerOutlined,
  'enabled-time': PowerSettingsNewOutlined,
  'work-time': TimerOutlined,
  'last-sync': SyncOutlined,
  'last-location': PlaceOutlined,
  sensor: SensorsOutlined,
  operator: BadgeOutlined,
};

/** The indicator colours of spec 01 §3 as theme palette paths. */
export const INDICATOR_COLOURS: Record<IndicatorState, string> = {
  ok: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  none: 'grey.600',
};

/** Names and card numbers can be long; beyond this the value is cut with an ellipsis (the tooltip has it whole). */
const VALUE_MAX_WIDTH_PX = { dense: 112, normal: 180 };

export function StatusIcons({ entry, dense = false, now }: StatusIconsProps) {
  const { t } = useTranslation();
  // A parent that passes the time keeps one clock for many rows instead of one timer each.
  const ownNow = useNow(undefined, now === undefined);
  const at = now ?? ownNow;
  const { language, timeZone } = useDateFormat();
  const items = useMemo(() => statusItems(entry, { t, language, timeZone, now: at }), [at, entry, language, timeZone, t]);
  return (
    <Box
      component="ul"
      aria-label={t('status.icons')}
      data-testid="status-icons"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: dense ? 1.25 : 2, rowGap: dense ? 0.25 : 0.75, m: 0, p: 0, listStyle: 'none' }}
    >
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <Tooltip key={item.key} title={item.tooltip}>
            <Box
              component="li"
              data-testid={`status-${item.kind}`}
              data-state={item.state}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
            >
              <Icon fontSize={dense ? 'small' : 'medium'} sx={{ color: INDICATOR_COLOURS[item.state], ...(dense ? { fontSize: 18 } : null) }} />
              <Typography
                variant={dense ? 'caption' : 'body2'}
                color={item.state === 'none' ? 'text.secondary' : 'text.primary'}
                noWrap
                sx={{ maxWidth: dense ? VALUE_MAX_WIDTH_PX.dense : VALUE_MAX_WIDTH_PX.normal }}
              >
                {item.value}
              </Typography>
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
