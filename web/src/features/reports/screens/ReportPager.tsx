import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportDocument } from '@gearwatch/contracts';
import { formattingLocale } from '../../../i18n/locale.ts';

type Paging = NonNullable<ReportDocument['paging']>;

export interface ReportPagerProps {
  paging: Paging;
  onPage: (page: number) => void;
  testId: string;
}

/** The rows a page holds, 1-based and inclusive, e.g. 1001–2000 (none past the last page). */
export function pageRowRange(paging: Paging): { first: number; last: number } {
  const first = (paging.page - 1) * paging.pageRows + 1;
  return { first: Math.min(first, paging.totalRows), last: Math.min(paging.page * paging.pageRows, paging.totalRows) };
}

/** Pages of a report the server answers a page at a time (PAGED_REPORT_TYPES): which rows of how many, and the pages. */
export function ReportPager({ paging, onPage, testId }: ReportPagerProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formattingLocale(i18n.language));
  const number = (value: number) => numbers.format(value);
  const rows = pageRowRange(paging);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" data-testid="report-pager-rows">
        {t('reports.screen.paging.rows', { first: number(rows.first), last: number(rows.last), total: number(paging.totalRows) })}
      </Typography>
      <Pagination
        aria-label={t('reports.screen.paging.label')}
        count={paging.pageCount}
        page={Math.min(paging.page, paging.pageCount)}
        onChange={(_event, page) => onPage(page)}
        size="small"
        showFirstButton
        showLastButton
        getItemAriaLabel={(kind, page) => {
          if (kind === 'page') return t('reports.screen.paging.page', { page });
          return t(`reports.screen.paging.${kind}`);
        }}
      />
    </Box>
  );
}
