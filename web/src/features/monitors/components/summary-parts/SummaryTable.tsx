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

/** The table of a summary widget, with the period it shows and the one its trends compare with when given. */
export function SummaryTable<R>({ columns, rows, rowKey, footer = [], period, previous, previousUntil, maxHeight, testId = 'summary-table' }: SummaryTableProps<R>) {
  const { t } = useTranslation();
  const range = (r: WorkSummaryRange) => (r.from === r.to ? r.from : `${r.from} – ${r.to}`);
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
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align ?? 'right'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid="summary-row">
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align ?? 'right'}>
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
                  <TableCell key={c.key} align={c.align ?? 'right'} sx={{ fontWeight: 600, color: 'text.primary' }}>
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
