import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkSummaryRange } from '@gearwatch/contracts';
import { formatShortDate } from '../../../../components/dates/format.ts';
import { TrendPercentage } from '../../../../components/status/TrendPercentage.tsx';

/** A figure with its trend under it. */
export function Figure({ text, trend }: { text: string; trend: number | null }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <span>{text}</span>
      <TrendPercentage value={trend} />
    </Box>
  );
}

export interface SummaryColumn<R> {
  key: string;
  /** The translated header. */
  label: string;
  cell: (row: R) => ReactNode;
  align?: 'left' | 'right';
}

export interface SummaryTableProps<R> {
  columns: readonly SummaryColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** Rows under the body: the total or the average, each named in the first column. */
  footer?: readonly { key: string; label: string; row: R }[];
  /** The dates shown and those the trends compare with, named above the table when given. */
  period?: WorkSummaryRange;
  previous?: WorkSummaryRange;
  /** While the period runs, the wall-clock time (HH:mm) the previous one is cut at on its last date. */
  previousUntil?: string | null;
  /** A height over which the body scrolls under a fixed header. */
  maxHeight?: number;
  testId?: string;
}

/**
 * The first column names the row (a device, a group, a shift): it stays in view while a wide table (devices with
 * alerts with many options, in a half-width widget) scrolls sideways.
 */
const PINNED_FIRST = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
const PINNED_FIRST_HEADER = { ...PINNED_FIRST, zIndex: 3 } as const;

/** The table of a summary widget, with the period it shows and the one its trends compare with when given. */
export function SummaryTable<R>({ columns, rows, rowKey, footer = [], period, previous, previousUntil, maxHeight, testId = 'summary-table' }: SummaryTableProps<R>) {
  const { t, i18n } = useTranslation();
  // Dates as the date fields and report lists write them in the interface language, not as ISO strings.
  const date = (day: string) => formatShortDate(day, i18n.language);
  const range = (r: WorkSummaryRange) => (r.from === r.to ? date(r.from) : `${date(r.from)} – ${date(r.to)}`);
  return (
    <Box sx={{ overflow: 'auto', maxHeight }}>
      {period && previous ? (
        <Typography variant="caption" color="text.secondary" data-testid="summary-period">
          {previousUntil
            ? t('work-summaries.period-caption-until', { period: range(period), previous: range(previous), until: previousUntil })
            : t('work-summaries.period-caption', { period: range(period), previous: range(previous) })}
        </Typography>
      ) : null}
      <Table size="small" stickyHeader={maxHeight !== undefined} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c.key} align={c.align ?? 'right'} sx={i === 0 ? PINNED_FIRST_HEADER : undefined}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid="summary-row">
              {columns.map((c, i) => (
                <TableCell key={c.key} align={c.align ?? 'right'} sx={i === 0 ? PINNED_FIRST : undefined}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {footer.length > 0 ? (
          <TableFooter>
            {footer.map((f) => (
              <TableRow key={f.key} data-testid={`summary-${f.key}`}>
                {columns.map((c, i) => (
                  // A footer cell is smaller by default; the total is as large as the rows it adds up.
                  <TableCell key={c.key} align={c.align ?? 'right'} sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary', ...(i === 0 ? PINNED_FIRST : {}) }}>
                    {i === 0 ? f.label : c.cell(f.row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableFooter>
        ) : null}
      </Table>
    </Box>
  );
}
