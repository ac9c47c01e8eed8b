import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { DEVICES_WITH_ALERTS_OPTIONS } from '@gearwatch/contracts';
import type { DevicesWithAlertsOption, DevicesWithAlertsSettings } from '@gearwatch/contracts';
import { PeriodField, SortField } from '../summary-parts/SummaryFields.tsx';

export interface DevicesWithAlertsSettingsPanelProps {
  settings: DevicesWithAlertsSettings;
  onChange: (patch: Partial<DevicesWithAlertsSettings>) => void;
}

/** The period, the order (work or active time, either way) and one checkbox per column of the table. */
export function DevicesWithAlertsSettingsPanel({ settings, onChange }: DevicesWithAlertsSettingsPanelProps) {
  const { t } = useTranslation();
  const toggle = (option: DevicesWithAlertsOption, on: boolean) => {
    // Kept in the table's order, whatever order they were ticked in.
    const chosen = new Set(settings.options);
    if (on) chosen.add(option);
    else chosen.delete(option);
    onChange({ options: DEVICES_WITH_ALERTS_OPTIONS.filter((o) => chosen.has(o)) });
  };
  return (
    <>
      <PeriodField value={settings.period} onChange={(period) => onChange({ period })} />
      <SortField value={settings.sort} onChange={(sort) => onChange({ sort })} />
      <FormControl component="fieldset" sx={{ flexBasis: '100% !important' }}>
        <FormLabel component="legend">{t('summary.field.columns')}</FormLabel>
        <FormGroup row>
          {DEVICES_WITH_ALERTS_OPTIONS.map((option) => (
            <FormControlLabel
              key={option}
              label={t(`summary.option.${option}`)}
              control={<Checkbox size="small" checked={settings.options.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />}
            />
          ))}
        </FormGroup>
      </FormControl>
    </>
  );
}
