import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageActions } from '../../../components/PageActions.tsx';
import { Splash } from '../../../components/Splash.tsx';
import { useNow } from '../../../components/status/useNow.ts';
import { useDeviceGroupOptions, useDeviceStatuses } from '../api/device-status.ts';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue.ts';
import { useMapFocus } from '../hooks/useMapFocus.ts';
import { DeviceStatusList } from './DeviceStatusList.tsx';
import { LocationFilters } from './LocationFilters.tsx';
import { LocationMap } from './LocationMap.tsx';
import { isPositioned } from './location-markers.ts';

/** A search asks the server once the user pauses typing for this long. */
export const SEARCH_DEBOUNCE_MS = 300;
/**
 * The page fills the window below the shell (MainShell): the app bar (64), the breadcrumb bar (56 and its border)
 * and the content padding (2 × 24) on a wide screen.
 */
const SHELL_CHROME_PX = 64 + 57 + 48;
const MIN_PAGE_HEIGHT_PX = 480;
/** On a phone the map sits above the list and takes most of the first screen. */
const MOBILE_MAP_HEIGHT = '60vh';
const SIDE_PANEL_WIDTH_PX = 400;

const NO_ENTRIES: readonly DeviceStatusEntry[] = [];

/**
 * Devices localization (spec 01 §2, /location): every device with a position on a map, green when active and grey
 * when not, beside a searchable list of all devices with their status icons. It refreshes itself every minute.
 */
export function LocationPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [deviceGroup, setDeviceGroup] = useState<number | null>(null);
  const filters = useMemo(() => ({ search, deviceGroup }), [search, deviceGroup]);
  const statuses = useDeviceStatuses(filters);
  const groups = useDeviceGroupOptions();
  // One clock for every relative time on the page, rather than a timer per row and popup.
  const now = useNow();
  const { mapRef, register, focus } = useMapFocus();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const entries = statuses.data ?? NO_ENTRIES;
  const positioned = useMemo(() => entries.filter(isPositioned), [entries]);
  const show = useCallback(
    (id: number) => {
      setSelectedId(id);
      focus(id);
    },
    [focus],
  );

  const refresh = (
    <PageActions>
      {/* The span lets the tooltip show on the button while it is disabled during a load. */}
      <Tooltip title={t('location.refresh')} describeChild>
        <span>
          <IconButton aria-label={t('location.refresh')} onClick={() => void statuses.refetch()} disabled={statuses.isFetching}>
            <RefreshOutlined />
          </IconButton>
        </span>
      </Tooltip>
    </PageActions>
  );

  if (statuses.isPending) return <Splash fullScreen={false} />;

  const unfiltered = filters.search === '' && filters.deviceGroup === null;
  // Nothing at all without a search or a group: the company has no devices (a 204 of the list protocol).
  if (statuses.data?.length === 0 && unfiltered && !statuses.isPlaceholderData) {
    return (
      <>
        {refresh}
        <EmptyState icon={<PlaceOutlined />} title={t('location.empty.title')} message={t('location.empty.message')} />
      </>
    );
  }

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 2,
        height: { md: `max(${MIN_PAGE_HEIGHT_PX}px, calc(100dvh - ${SHELL_CHROME_PX}px))` },
      }}
    >
      {refresh}
      {/* Its own stacking context keeps Leaflet's panes under the app bar and menus. */}
      <Paper
        variant="outlined"
        sx={{ flex: { xs: 'none', md: 1 }, minWidth: 0, height: { xs: MOBILE_MAP_HEIGHT, md: 'auto' }, overflow: 'hidden', isolation: 'isolate' }}
      >
        <LocationMap entries={positioned} now={now} onSelect={setSelectedId} register={register} mapRef={mapRef} />
      </Paper>
      <Paper variant="outlined" sx={{ width: { md: SIDE_PANEL_WIDTH_PX }, flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Box sx={{ p: 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <LocationFilters
            search={searchText}
            onSearchChange={setSearchText}
            deviceGroup={deviceGroup}
            onDeviceGroupChange={setDeviceGroup}
            groups={groups.data}
          />
          <Typography variant="caption" color="text.secondary" data-testid="location-count">
            {t('location.count', { count: entries.length, located: positioned.length })}
          </Typography>
        </Box>
        {/* Reserves its height so the list does not jump when a refresh starts and ends. */}
        <LinearProgress sx={{ visibility: statuses.isFetching ? 'visible' : 'hidden' }} />
        {statuses.error ? (
          <Alert
            severity="error"
            square
            action={
              <Button color="inherit" size="small" onClick={() => void statuses.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('location.load-failed')}
          </Alert>
        ) : null}
        <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          {entries.length === 0 && !statuses.error ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="location-no-results">
              {t('location.no-results')}
            </Typography>
          ) : (
            <DeviceStatusList entries={entries} selectedId={selectedId} now={now} onShow={show} />
          )}
        </Box>
      </Paper>
    </Box>
  );
}
