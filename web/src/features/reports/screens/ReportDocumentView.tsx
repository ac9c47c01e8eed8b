import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportUsesInterval } from '@gearwatch/contracts';
import type { ReportDocument, ReportType } from '@gearwatch/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatShortDate } from '../../../components/dates/format.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportPager } from './ReportPager.tsx';
import { ReportTable } from './ReportTable.tsx';
import { sectionTitle } from './report-format.ts';
import { reportTitleKey } from './report-types.ts';
import { intervalLabelKey } from './ReportFilters.tsx';

/** Sections shown at first and added by each "show more" (a month of details is a section per device and day). */
export const SECTIONS_PER_STEP = 20;

export interface ReportDocumentViewProps {
  type: ReportType;
  document: ReportDocument;
  /** Asks for another page of a paged document (`document.paging`, PAGED_REPORT_TYPES). */
  onPage?: (page: number) => void;
}

/**
 * A report as the server made it (contracts ReportDocument): the period, the zone and the interval it is in, the
 * chart where the type has one, then each section as a table under its title. A period without any data says so.
 * A paged document (PAGED_REPORT_TYPES) shows its page between pagers; a section begun on an earlier page says so.
 */
export function ReportDocumentView({ type, document, onPage }: ReportDocumentViewProps) {
  const { t, i18n } = useTranslation();
  const [limit, setLimit] = useState(SECTIONS_PER_STEP);
  const period = { from: formatShortDate(document.from, i18n.language), to: formatShortDate(document.to, i18n.language) };
  const withRows = document.sections.filter((section) => section.rows.length > 0);
  const paging = document.paging && document.paging.pageCount > 1 && onPage ? document.paging : null;
  if (document.empty || (withRows.length === 0 && !paging)) {
    return <EmptyState icon={<EventBusyOutlined />} title={t('reports.screen.empty.title')} message={t('reports.screen.empty.message', period)} />;
  }
  const shown = document.sections.slice(0, limit);
  const hidden = document.sections.length - shown.length;
  const translate = { t, exists: (key: string) => i18n.exists(key) };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }} data-testid="report-document">
      <Typography variant="body2" color="text.secondary" data-testid="report-period">
        {reportUsesInterval(type)
          ? t('reports.screen.period', { ...period, timezone: document.timezone, interval: t(intervalLabelKey(document.interval)) })
          : t('reports.screen.period-without-interval', { ...period, timezone: document.timezone })}
      </Typography>
      <ReportChart type={type} document={document} />
      {paging ? <ReportPager paging={paging} onPage={onPage!} testId="report-pager-top" /> : null}
      {paging && withRows.length === 0 ? <Alert severity="info">{t('reports.screen.paging.past-end')}</Alert> : null}
      {shown.map((section, index) => {
        const named = section.title === null ? null : sectionTitle(section.title, i18n.language, translate);
        const title = named !== null && section.continued ? t('reports.screen.continued', { title: named }) : named;
        const table = <ReportTable section={section} label={title ?? t(reportTitleKey(type))} />;
        return title === null ? (
          <Paper key={index} variant="outlined" sx={{ overflow: 'hidden' }} data-testid="report-section">
            {table}
          </Paper>
        ) : (
          <Section key={index} title={title} testId="report-section">
            {table}
          </Section>
        );
      })}
      {hidden > 0 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" size="small" onClick={() => setLimit((current) => current + SECTIONS_PER_STEP)}>
            {t('reports.screen.more-sections', { hidden })}
          </Button>
        </Box>
      ) : null}
      {paging && withRows.length > 0 ? <ReportPager paging={paging} onPage={onPage!} testId="report-pager-bottom" /> : null}
    </Box>
  );
}
