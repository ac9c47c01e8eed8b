import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { EFFICIENCY_SUMMARY_OPTIONS } from '@gearwatch/contracts';
import type { EfficiencySummaryOption, EfficiencySummarySettings } from '@gearwatch/contracts';

/** The efficiency summary's options (spec 02): each a checkbox showing a column, or for averages the average row. */
export function EfficiencySummaryOptions({
  settings,
  onChange,
}: {
  settings: EfficiencySummarySettings;
  onChange: (patch: Partial<Record<EfficiencySummaryOption, boolean>>) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset" data-testid="monitor-field-options">
      <FormLabel component="legend">{t('work-summaries.field.options')}</FormLabel>
      <FormGroup row>
        {EFFICIENCY_SUMMARY_OPTIONS.map((option) => (
          <FormControlLabel
            key={option}
            label={t(`work-summaries.option.${option}`)}
            control={<Checkbox size="small" checked={settings[option]} onChange={(event) => onChange({ [option]: event.target.checked })} />}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
