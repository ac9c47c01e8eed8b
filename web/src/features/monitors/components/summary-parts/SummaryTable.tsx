import { alpha, lighten, styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkSummaryRange } from '@gearwatch/contracts';
import { formatShortDate } from '../../../../components/dates/format.ts';
import { TrendPercentage } from '../../../../components/status/TrendPercentage.tsx';

/** A figure with its trend under it. */
export function Figure({ text, trend }: { text: string; trend: number | null }) {
  return (
    <span className="summary-figure">
      <span>{text}</span>
      <TrendPercentage value={trend} />
    </span>
  );
}

/**
 * The table and its cells drawn as MUI's small table draws them, by one style for the whole table: a board draws
 * several of these tables with up to 50 rows, and a styled component per cell made them a large part of the board's
 * start (docs/performance.md, page load). The first column names the row (a device, a group, a shift): it stays in
 * view while a wide table (devices with alerts with many options, in a half-width widget) scrolls sideways.
 */
const Table = styled('table')(({ theme }) => {
  const line = `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`;
  return {
    display: 'table',
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: 0,
    '& th, & td': {
      ...theme.typography.body2,
      padding: '6px 16px',
      borderBottom: line,
      color: theme.palette.text.primary,
      textAlign: 'right',
      verticalAlign: 'inherit',
    },
    '& th': { lineHeight: '1.5rem', fontWeight: theme.typography.fontWeightMedium },
    '& .align-left': { textAlign: 'left' },
    '& tr > :first-of-type': { position: 'sticky', left: 0, zIndex: 1, backgroundColor: theme.palette.background.paper },
    '& thead tr > :first-of-type': { zIndex: 3 },
    '&.sticky-header thead th': { position: 'sticky', top: 0, zIndex: 2, backgroundColor: theme.palette.background.paper },
    '&.sticky-header thead tr > :first-of-type': { zIndex: 3 },
    // The total is as large as the rows it adds up.
    '& tfoot td': { fontWeight: 600 },
    '& .summary-figure': { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  };
});

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
export function SummaryTable<R>({
  columns,
  rows,
  rowKey,
  footer = [],
  period,
  previous,
  previousUntil,
  maxHeight,
  testId = 'summary-table',
}: SummaryTableProps<R>) {
  const { t, i18n } = useTranslation();
  // Dates as the date fields and report lists write them in the interface language, not as ISO strings.
  const date = (day: string) => formatShortDate(day, i18n.language);
  const range = (r: WorkSummaryRange) => (r.from === r.to ? date(r.from) : `${date(r.from)} – ${date(r.to)}`);
  const align = (c: SummaryColumn<R>) => ((c.align ?? 'right') === 'left' ? 'align-left' : undefined);
  return (
    <div style={{ overflow: 'auto', maxHeight }}>
      {period && previous ? (
        <Typography variant="caption" color="text.secondary" data-testid="summary-period">
          {previousUntil
            ? t('work-summaries.period-caption-until', { period: range(period), previous: range(previous), until: previousUntil })
            : t('work-summaries.period-caption', { period: range(period), previous: range(previous) })}
        </Typography>
      ) : null}
      <Table className={maxHeight !== undefined ? 'sticky-header' : undefined} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={align(c)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid="summary-row">
              {columns.map((c) => (
                <td key={c.key} className={align(c)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer.length > 0 ? (
          <tfoot>
            {footer.map((f) => (
              <tr key={f.key} data-testid={`summary-${f.key}`}>
                {columns.map((c, i) => (
                  <td key={c.key} className={align(c)}>
                    {i === 0 ? f.label : c.cell(f.row)}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </Table>
    </div>
  );
}
