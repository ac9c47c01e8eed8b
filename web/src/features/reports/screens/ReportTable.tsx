import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportCell, ReportColumn, ReportSection } from '@gearwatch/contracts';
import { formatDuration } from '../../../components/dates/format.ts';
import { columnTitle, formatCell, isNumericKind } from './report-format.ts';
import type { ReportTranslate } from './report-format.ts';

/** Rows shown at first and added by each "show more": a month of 5-minute rows would otherwise stall the page. */
export const ROWS_PER_STEP = 100;
const TABLE_MAX_HEIGHT_PX = 560;
const TOTALS_ROW = { key: 'totals', testId: 'report-totals' } as const;

interface CellProps {
  cell: ReportCell;
  column: ReportColumn;
  first: boolean;
  bold: boolean;
  language: string;
  translate: ReportTranslate;
}

function ReportTableCell({ cell, column, first, bold, language, translate }: CellProps) {
  const numeric = isNumericKind(column.kind);
  const exact = column.kind === 'duration' && typeof cell === 'number' ? formatDuration(cell, { seconds: true }) : undefined;
  return (
    <TableCell
      align={numeric ? 'right' : 'left'}
      title={exact}
      sx={{
        // Names and words wrap, so a wide table (the alerts report's ten columns) fits the screen and keeps its last
        // columns in view; numbers, dates and times never break.
        ...(column.kind === 'text' ? { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 96 } : { whiteSpace: 'nowrap' }),
        fontVariantNumeric: 'tabular-nums',
        fontWeight: bold ? 700 : undefined,
        // The first column names the row: it stays in view while a wide table scrolls sideways (phones, the matrix).
        ...(first ? { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } : {}),
      }}
    >
      {formatCell(cell, column.kind, language, translate)}
    </TableCell>
  );
}

export interface ReportTableProps {
  section: ReportSection;
  /** Names the table for screen readers and tests. */
  label: string;
}

/**
 * One section of a report as a table: translated headings, cells formatted by their column's kind, the totals row
 * (the section's last, when it has one) in bold and always shown, long sections shown a hundred rows at a time.
 */
export function ReportTable({ section, label }: ReportTableProps) {
  const { t, i18n } = useTranslation();
  const translate: ReportTranslate = { t, exists: (key) => i18n.exists(key) };
  const [limit, setLimit] = useState(ROWS_PER_STEP);
  const body = section.totals ? section.rows.slice(0, -1) : section.rows;
  const totals = section.totals ? section.rows.at(-1) : undefined;
  const shown = body.slice(0, limit);
  const hidden = body.length - shown.length;
  // A totals row without a label of its own is labelled as one.
  const labelled = (cells: readonly ReportCell[]) => (cells[0] === null || cells[0] === '' ? [t('reports.screen.total'), ...cells.slice(1)] : cells);
  const row = (cells: readonly ReportCell[], key: string, bold: boolean, testId?: string) => (
    <TableRow key={key} hover data-testid={testId}>
      {section.columns.map((column, index) => (
        <ReportTableCell
          key={column.key}
          cell={cells[index] ?? null}
          column={column}
          first={index === 0}
          bold={bold}
          language={i18n.language}
          translate={translate}
        />
      ))}
    </TableRow>
  );
  return (
    <>
      <TableContainer sx={{ maxHeight: TABLE_MAX_HEIGHT_PX }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              {section.columns.map((column, index) => (
                <TableCell
                  key={column.key}
                  align={isNumericKind(column.kind) ? 'right' : 'left'}
                  sx={{ fontWeight: 600, verticalAlign: 'bottom', minWidth: 72, ...(index === 0 ? { left: 0, zIndex: 3 } : {}) }}
                >
                  {columnTitle(column, translate)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {section.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={section.columns.length} sx={{ color: 'text.secondary' }}>
                  {t('reports.screen.no-rows')}
                </TableCell>
              </TableRow>
            ) : null}
            {shown.map((cells, index) => row(cells, String(index), false))}
            {totals ? row(labelled(totals), TOTALS_ROW.key, true, TOTALS_ROW.testId) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {hidden > 0 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1, borderTop: 1, borderColor: 'divider' }}>
          <Button size="small" onClick={() => setLimit((current) => current + ROWS_PER_STEP)}>
            {t('reports.screen.more-rows', { hidden })}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
