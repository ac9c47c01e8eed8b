import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SimpleColumn<T> {
  key: string;
  /** A translation key. */
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keep the cell on one line (dates and times, which read badly when broken). */
  nowrap?: boolean;
}

export interface SimpleTableProps<T> {
  columns: readonly SimpleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** Shown instead of the table when there are no rows; already translated. */
  empty: string;
  testId?: string;
}

/** A small read-only table of a detail page (the whole answer at once: no paging or sorting of its own). */
export function SimpleTable<T>({ columns, rows, rowKey, empty, testId }: SimpleTableProps<T>) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }} data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(column.header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
