import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_NO_LIMIT, PAGE_SIZE_OPTIONS } from '@gearwatch/contracts';

/** MUI's rows-per-page value of "all"; the API's is PAGE_SIZE_NO_LIMIT. */
const MUI_ALL_ROWS = -1;

export interface ListPaginatorProps {
  /** 1-based, as the API counts. */
  page: number;
  /** Rows per page, PAGE_SIZE_NO_LIMIT for all. */
  pageSize: number;
  totalEntries: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The paginator of spec 02 §9: rows per page from PAGE_SIZE_OPTIONS or no limit, first/previous/next/last. */
export function ListPaginator({ page, pageSize, totalEntries, onPageChange, onPageSizeChange }: ListPaginatorProps) {
  const { t } = useTranslation();
  const all = pageSize === PAGE_SIZE_NO_LIMIT;
  const lastPage = all ? 0 : Math.max(0, Math.ceil(totalEntries / pageSize) - 1);
  const labels = {
    first: t('paginator.first-page'),
    last: t('paginator.last-page'),
    next: t('paginator.next-page'),
    previous: t('paginator.previous-page'),
  };
  return (
    <TablePagination
      component="div"
      data-testid="list-paginator"
      count={totalEntries}
      // Clamped: a delete may have emptied the last page while the previous answer is still shown.
      page={Math.min(Math.max(0, page - 1), lastPage)}
      rowsPerPage={all ? MUI_ALL_ROWS : pageSize}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS, { value: MUI_ALL_ROWS, label: t('paginator.all') }]}
      onPageChange={(_, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => {
        const size = Number(event.target.value);
        onPageSizeChange(size === MUI_ALL_ROWS ? PAGE_SIZE_NO_LIMIT : size);
      }}
      labelRowsPerPage={t('paginator.rows-per-page')}
      labelDisplayedRows={({ from, to, count }) => t('paginator.displayed-rows', { from, to, total: count })}
      getItemAriaLabel={(type) => labels[type]}
      showFirstButton
      showLastButton
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 },
        '& .MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
}
