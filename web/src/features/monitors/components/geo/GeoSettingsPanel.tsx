import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { DateRange, GeoSettings } from '@gearwatch/contracts';
import { DatesField } from '../fields/DatesField.tsx';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';

export interface GeoSettingsPanelProps {
  settings: GeoSettings;
  range: DateRange;
  today: string;
  onSelectionChange: (patch: Partial<DeviceSelection>) => void;
  onRangeChange: (range: DateRange) => void;
  onAccuracyChange: (agps: boolean) => void;
}

/** Spec 02 §2 item 6, §3: devices or groups, dates, and the accuracy circle (agps). */
export function GeoSettingsPanel({ settings, range, today, onSelectionChange, onRangeChange, onAccuracyChange }: GeoSettingsPanelProps) {
  const { t } = useTranslation();
  return (
    <>
      <DeviceSelectionField value={settings} onChange={onSelectionChange} />
      <DatesField value={range} onChange={onRangeChange} today={today} />
      <FormControlLabel
        control={<Switch checked={settings.agps} onChange={(event) => onAccuracyChange(event.target.checked)} data-testid="geo-agps-switch" />}
        label={t('geo-monitor.field.agps')}
      />
    </>
  );
}
