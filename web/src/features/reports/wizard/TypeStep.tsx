import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES } from '@gearwatch/contracts';
import type { ReportType } from '@gearwatch/contracts';
import { reportTypeKey } from '../api/configurations.ts';
import type { ReportWizardState } from './useReportWizard.ts';

/** Step 1: the report's type, one of the ten; choosing another clears the parameters (spec 01 §4). */
export function TypeStep({ wizard }: { wizard: ReportWizardState }) {
  const { t } = useTranslation();
  const errors = wizard.errors['reportType'] ?? [];
  return (
    <FormControl error={errors.length > 0} disabled={wizard.busy} fullWidth>
      <FormLabel id="report-wizard-type">{t('report.wizard.field.type')}</FormLabel>
      <RadioGroup
        aria-labelledby="report-wizard-type"
        value={wizard.values.type ?? ''}
        onChange={(event) => wizard.setType(event.target.value as ReportType)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        {REPORT_TYPES.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio size="small" />} label={t(reportTypeKey(type))} />
        ))}
      </RadioGroup>
      {errors.length > 0 ? <FormHelperText>{errors.map((key) => t(key)).join(' ')}</FormHelperText> : null}
    </FormControl>
  );
}
