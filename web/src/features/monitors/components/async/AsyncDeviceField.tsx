import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../../../api/data-areas.ts';

export interface AsyncDeviceFieldProps {
  value: number | null;
  onChange: (device: number | null) => void;
}

/** The async monitor's one device (spec 02 §3), searchable. A device no longer listed shows as no choice. */
export function AsyncDeviceField({ value, onChange }: AsyncDeviceFieldProps) {
  const { t } = useTranslation();
  const devices = useDevices();
  const options = devices.data ?? [];
  return (
    <Autocomplete
      data-testid="monitor-field-device"
      options={options}
      value={options.find((device) => device.id === value) ?? null}
      onChange={(_, next) => onChange(next?.id ?? null)}
      getOptionLabel={(device) => device.name}
      isOptionEqualToValue={(device, other) => device.id === other.id}
      // Keyed by id: two devices may share a name.
      renderOption={({ key: _key, ...props }, device) => (
        <li key={device.id} {...props}>
          {device.name}
        </li>
      )}
      loading={devices.isPending}
      loadingText={t('common.loading')}
      noOptionsText={t('monitor.field.no-options')}
      renderInput={(params) => <TextField {...params} label={t('monitor.field.device')} size="small" />}
    />
  );
}
