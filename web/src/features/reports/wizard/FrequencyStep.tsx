import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { REPORT_FREQUENCIES, REPORT_LIMITS, REPORT_TYPE_FORMATS, todayIn } from '@gearwatch/contracts';
import type { ReportFormat, ReportFrequency } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { DateRangeField } from '../../../components/dates/DateRangeField.tsx';
import type { ReportWizardState } from './useReportWizard.ts';

/**
 * Step 4: once now (over a date range, last month to begin with) or cyclic over the last complete day / week / month,
 * and the file's format among those of the type (spec 01 §2, issue 18).
 */
export function FrequencyStep({ wizard }: { wizard: ReportWizardState }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { values, errors, busy, set } = wizard;
  const formats = values.type ? REPORT_TYPE_FORMATS[values.type] : [];
  const frequencyErrors = errors['frequency'] ?? [];
  const rangeErrors = [...(errors['from'] ?? []), ...(errors['to'] ?? [])];
  const formatErrors = errors['format'] ?? [];
  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      <FormControl error={frequencyErrors.length > 0} disabled={busy}>
        <FormLabel id="report-wizard-frequency">{t('report.wizard.field.frequency')}</FormLabel>
        <RadioGroup
          aria-labelledby="report-wizard-frequency"
          value={values.frequency}
          onChange={(event) => set('frequency', event.target.value as ReportFrequency)}
        >
          {REPORT_FREQUENCIES.map((frequency) => (
            <FormControlLabel key={frequency} value={frequency} control={<Radio size="small" />} label={t(`report.wizard.frequency.${frequency}`)} />
          ))}
        </RadioGroup>
        {frequencyErrors.length > 0 ? <FormHelperText>{frequencyErrors.map((key) => t(key)).join(' ')}</FormHelperText> : null}
      </FormControl>
      {values.frequency === 'once' ? (
        <FormControl error={rangeErrors.length > 0} disabled={busy}>
          <DateRangeField
            value={values.range}
            onChange={(range) => set('range', range)}
            label={t('report.wizard.field.period')}
            today={todayIn(me.owner.timezone)}
            maxDays={REPORT_LIMITS.maxRangeDays}
            presets
            disabled={busy}
            fullWidth
          />
          {rangeErrors.length > 0 ? <FormHelperText>{rangeErrors.map((key) => t(key)).join(' ')}</FormHelperText> : null}
        </FormControl>
      ) : (
        <FormHelperText sx={{ mt: -2 }}>{t('report.wizard.cyclic-info')}</FormHelperText>
      )}
      <FormControl error={formatErrors.length > 0} disabled={busy}>
        <FormLabel id="report-wizard-format">{t('report.wizard.field.format')}</FormLabel>
        <RadioGroup row aria-labelledby="report-wizard-format" value={values.format} onChange={(event) => set('format', event.target.value as ReportFormat)}>
          {formats.map((format) => (
            <FormControlLabel key={format} value={format} control={<Radio size="small" />} label={t(`report.wizard.format.${format}`)} />
          ))}
        </RadioGroup>
        {formatErrors.length > 0 ? <FormHelperText>{formatErrors.map((key) => t(key)).join(' ')}</FormHelperText> : null}
      </FormControl>
    </Stack>
  );
}
