import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { REPORT_DATE_PRESETS, REPORT_INTERVALS, REPORT_LIMITS, reportUsesInterval } from '@gearwatch/contracts';
import type { DateRange, ReportDatePreset, ReportInterval, ReportType } from '@gearwatch/contracts';
import { DateRangeField } from '../../../components/dates/DateRangeField.tsx';
import type { ReportSelection } from '../api/report-data.ts';
import { ReportSelectionField } from './ReportSelectionField.tsx';

export function intervalLabelKey(interval: ReportInterval): string {
  return `reports.screen.interval.${interval}`;
}

export function presetLabelKey(preset: ReportDatePreset): string {
  return `dates.preset.${preset}`;
}

export interface ReportFiltersProps {
  type: ReportType;
  selection: ReportSelection;
  onSelectionChange: (patch: Partial<ReportSelection>) => void;
  range: DateRange;
  /** The preset the range is, or null for dates picked. */
  preset: ReportDatePreset | null;
  onRangeChange: (range: DateRange) => void;
  onPresetChange: (preset: ReportDatePreset) => void;
  interval: ReportInterval;
  onIntervalChange: (interval: ReportInterval) => void;
  /** The company's day: presets and the calendar's today. */
  today: string;
}

/**
 * A report screen's choices: what it is about, the period (dates, or one of the presets this week / last week / this
 * month / last month, weeks from Monday) and the interval that divides it. On a phone they stack.
 */
export function ReportFilters(props: ReportFiltersProps) {
  const { type, selection, onSelectionChange, range, preset, onRangeChange, onPresetChange, interval, onIntervalChange, today } = props;
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }} data-testid="report-filters">
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <ReportSelectionField type={type} value={selection} onChange={onSelectionChange} />
      </Box>
      <Box sx={{ flex: '1 1 300px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset}
          onChange={(_, next: ReportDatePreset | null) => {
            if (next) onPresetChange(next);
          }}
          aria-label={t('reports.screen.field.preset')}
          sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { flex: '1 1 auto' } }}
        >
          {REPORT_DATE_PRESETS.map((option) => (
            <ToggleButton key={option} value={option} sx={{ textTransform: 'none', py: 0.25 }}>
              {t(presetLabelKey(option))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Box sx={{ flex: '1 1 220px', minWidth: 0, display: 'flex' }}>
            <DateRangeField
              label={t('reports.screen.field.dates')}
              value={range}
              onChange={onRangeChange}
              today={today}
              maxDays={REPORT_LIMITS.maxRangeDays}
              fullWidth
            />
          </Box>
          {reportUsesInterval(type) ? (
            <TextField
              select
              size="small"
              label={t('reports.screen.field.interval')}
              value={interval}
              onChange={(event) => onIntervalChange(event.target.value as ReportInterval)}
              sx={{ flex: '1 1 140px' }}
              data-testid="report-field-interval"
            >
              {REPORT_INTERVALS.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(intervalLabelKey(option))}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Box>
      </Box>
    </Paper>
  );
}
