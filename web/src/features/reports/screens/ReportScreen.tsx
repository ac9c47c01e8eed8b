import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isOperatorReport, REPORT_DATE_PRESETS, todayIn } from '@gearwatch/contracts';
import type { DateRange, ReportType } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { ApiError } from '../../../api/errors.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { presetRange } from '../../../components/dates/calendar.ts';
import { PageActions } from '../../../components/PageActions.tsx';
import { errorMessageKey } from '../../../components/dialogs/error-message.ts';
import { pageRequest, reportRequest, useReportData } from '../api/report-data.ts';
import { settingsRange, useReportSettings } from '../hooks/useReportSettings.ts';
import type { ReportScreenSettings } from '../hooks/useReportSettings.ts';
import { ReportDocumentView } from './ReportDocumentView.tsx';
import { ReportFilters } from './ReportFilters.tsx';
import { newReportPath, reportDescriptionKey } from './report-types.ts';

const LOAD_FAILED_KEY = 'reports.screen.load-failed';

/** Dates picked: a preset when they are one (so it keeps moving with the days), else the dates themselves. */
export function rangeSettings(range: DateRange, today: string): Pick<ReportScreenSettings, 'preset' | 'range'> {
  const preset = REPORT_DATE_PRESETS.find((candidate) => {
    const dates = presetRange(candidate, today);
    return dates.from === range.from && dates.to === range.to;
  });
  return preset ? { preset, range: null } : { preset: null, range };
}

/** The message of a refused report: the first field error the client can word, else the problem's or the status's. */
export function reportErrorKey(error: unknown, known: (key: string) => boolean): string {
  if (error instanceof ApiError && error.validation) {
    const fieldKey = Object.values(error.validation.errors)
      .flat()
      .find((key) => typeof key === 'string' && known(key));
    if (fieldKey) return fieldKey;
  }
  return errorMessageKey(error, LOAD_FAILED_KEY, known);
}

/**
 * `/reports/{type}` (spec 01 §2): one report on screen. The user chooses the subject, the period and the interval
 * (remembered per screen); the report of `GET /api/reports/{type}/data` shows as its tables, with a chart where the
 * type has one. "Generate file" opens the report wizard with this type, to make a file or a cyclic report of it.
 */
export function ReportScreen({ type }: { type: ReportType }) {
  const { t, i18n } = useTranslation();
  const today = todayIn(useCurrentUser().owner.timezone);
  const { settings, update } = useReportSettings(type);
  const range = settingsRange(settings, today);
  const whole = useMemo(
    () => reportRequest(type, settings.selection, range, settings.interval),
    // The range is a new object each render; its dates are what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type, settings.selection, range.from, range.to, settings.interval],
  );
  // The page belongs to the selection it was chosen in: another selection, period or interval starts at page 1.
  const wholeKey = JSON.stringify(whole);
  const [chosenPage, setChosenPage] = useState({ of: wholeKey, page: 1 });
  const page = chosenPage.of === wholeKey ? chosenPage.page : 1;
  const request = useMemo(() => pageRequest(type, whole, page), [type, whole, page]);
  const report = useReportData(type, request);
  const known = (key: string) => i18n.exists(key);

  let content;
  if (request === null) {
    const subject = isOperatorReport(type) ? 'reports.screen.choose.operators' : 'reports.screen.choose.devices';
    content = <EmptyState icon={<TouchAppOutlined />} title={t('reports.screen.choose.title')} message={t(subject)} />;
  } else if (report.isPending) {
    content = <LinearProgress aria-label={t('common.loading')} />;
  } else if (report.isError) {
    content = (
      <Alert severity="error" data-testid="report-error">
        {t(reportErrorKey(report.error, known))}
      </Alert>
    );
  } else {
    content = (
      <>
        {report.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
        <Box sx={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <ReportDocumentView key={page} type={type} document={report.data} onPage={(next) => setChosenPage({ of: wholeKey, page: next })} />
        </Box>
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }} data-testid={`report-screen-${type}`}>
      <PageActions>
        <Button component={RouterLink} to={newReportPath(type)} variant="contained" size="small" startIcon={<NoteAddOutlined />}>
          {t('reports.screen.generate-file')}
        </Button>
      </PageActions>
      <Typography variant="body2" color="text.secondary">
        {t(reportDescriptionKey(type))}
      </Typography>
      <ReportFilters
        type={type}
        selection={settings.selection}
        onSelectionChange={(patch) => update((current) => ({ selection: { ...current.selection, ...patch } }))}
        range={range}
        preset={settings.preset}
        onRangeChange={(next) => update(rangeSettings(next, today))}
        onPresetChange={(preset) => update({ preset, range: null })}
        interval={settings.interval}
        onIntervalChange={(interval) => update({ interval })}
        today={today}
      />
      {content}
    </Box>
  );
}
