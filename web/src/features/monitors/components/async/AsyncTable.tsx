import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@gearwatch/contracts';
import type { AsyncRow } from './async-rows.ts';
import { formatAsyncValue } from './async-rows.ts';

/** MUI's value for the paginator's no-limit choice. */
export const ALL_ROWS = -1;

export interface AsyncTableProps {
  rows: readonly AsyncRow[];
  /** A page size of PAGE_SIZE_OPTIONS, or ALL_ROWS. */
  rowsPerPage: number;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/**
 * The readings, newest first, a page at a time (spec 02 §2 item 7, §9 paginator: rows per page with a no-limit
 * choice). Mount it again (a new `key`) for another request to start on the first page.
 */
export function AsyncTable({ rows, rowsPerPage, onRowsPerPageChange }: AsyncTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const all = rowsPerPage === ALL_ROWS;
  // A refresh may bring fewer rows: stay on the last page there is.
  const lastPage = all ? 0 : Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = all ? rows : rows.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);
  const pageLabels = {
    first: t('paginator.first-page'),
    last: t('paginator.last-page'),
    next: t('paginator.next-page'),
    previous: t('paginator.previous-page'),
  };

  return (
    <>
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader data-testid="async-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('monitor.async.column.date')}</TableCell>
              <TableCell>{t('monitor.async.column.parameter')}</TableCell>
              <TableCell align="right">{t('monitor.async.column.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.key}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.time}</TableCell>
                <TableCell>{row.parameter.name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAsyncValue(row.value, row.parameter.unit)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        data-testid="async-table-pagination"
        count={rows.length}
        page={shownPage}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS, { value: ALL_ROWS, label: t('paginator.all') }]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          onRowsPerPageChange(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('paginator.rows-per-page')}
        labelDisplayedRows={({ from, to, count }) => t('paginator.displayed-rows', { from, to, total: count })}
        getItemAriaLabel={(type) => pageLabels[type]}
        showFirstButton
        showLastButton
        // On a phone the paginator's parts wrap onto two rows instead of running past the card's edge.
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 },
          '& .MuiTablePagination-spacer': { display: 'none' },
        }}
      />
    </>
  );
}
