import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { DeviceGroupListEntry } from '@gearwatch/contracts';

export interface LocationFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  deviceGroup: number | null;
  onDeviceGroupChange: (group: number | null) => void;
  /** Undefined while loading (or when they failed): only "all groups" is offered then. */
  groups: readonly DeviceGroupListEntry[] | undefined;
}

/** The list's search on the device name and its device-group filter. */
export function LocationFilters({ search, onSearchChange, deviceGroup, onDeviceGroupChange, groups }: LocationFiltersProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        size="small"
        type="search"
        label={t('location.search')}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('location.group')}
        value={deviceGroup === null ? '' : String(deviceGroup)}
        onChange={(event) => onDeviceGroupChange(event.target.value === '' ? null : Number(event.target.value))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('location.group.all')}</MenuItem>
        {(groups ?? []).map((group) => (
          <MenuItem key={group.id} value={String(group.id)}>
            {group.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
