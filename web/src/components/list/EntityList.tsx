import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@gearwatch/contracts';
import { useScreenSize } from '../../hooks/useScreenSize.ts';
import { EmptyState } from '../EmptyState.tsx';
import type { FaqEntry } from '../FaqAccordion.tsx';
import { EntityCards, SortSelect } from './EntityCards.tsx';
import type { EntityColumn } from './entity-column.ts';
import { ListPaginator } from './ListPaginator.tsx';
import { nextSort, sortDirection } from './list-query.ts';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { useEntityList } from './useEntityList.ts';

/** A search asks the server once the user pauses typing for this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The actions column stays at the right edge while a wide table scrolls sideways (tablets, narrow windows). */
const STICKY_ACTIONS = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

export interface EntityListProps<T extends { id: number }> {
  /** The plural path segment: `devices`, `deviceoperators`, … */
  plural: string;
  columns: readonly EntityColumn<T>[];
  /** Resource-specific filter keys (sent JSON-encoded); a change goes back to the first page. */
  filter?: Record<string, unknown>;
  /**
   * Filter keys that define what the list is (a rule's own alerts), not what the user narrowed it to: sent with the
   * filter, but an empty answer shows the list's empty state, not "nothing matches your search".
   */
  scope?: Record<string, unknown>;
  context?: string;
  /** `field` or `-field`; the server's order when left out. */
  defaultSort?: string;
  defaultPageSize?: number;
  /** Show the search box (default true). */
  searchable?: boolean;
  /** The row actions slot, e.g. <RowActions onEdit… onDelete…/>. */
  actions?: (row: T) => ReactNode;
  /** Checks and shapes each entry (a contracts schema's parse). */
  parse?: (entry: unknown) => T;
  onRowClick?: (row: T) => void;
  /** The empty state's title, message, actions and questions, already translated; a generic one otherwise. */
  empty?: { title?: string; message?: string; actions?: ReactNode; faq?: readonly FaqEntry[] };
  /** Next to the search box (filters, page-specific buttons). */
  toolbar?: ReactNode;
}

/**
 * A management list (spec 01 §2, §7 list protocol): search (debounced), sortable headers, a paginator reading the
 * paging headers, an empty state on 204 and a slot for each row's actions.
 */
export function EntityList<T extends { id: number }>(props: EntityListProps<T>) {
  const {
    plural,
    columns,
    filter,
    scope,
    context,
    defaultSort,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    searchable = true,
    actions,
    parse,
    onRowClick,
    empty,
    toolbar,
  } = props;
  const { t } = useTranslation();
  // A phone gets cards instead of a table wider than the screen (the actions stay reachable).
  const { size } = useScreenSize();
  const phone = size === 'xxsmall' || size === 'xsmall';
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<string | null>(defaultSort ?? null);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  // Any change of what is asked for goes back to the first page: page 4 of another search means nothing.
  const asked = scope || filter ? { ...scope, ...filter } : undefined;
  const signature = JSON.stringify([search, asked ?? null, sort, pageSize, context ?? null]);
  const [paging, setPaging] = useState({ signature, page: 1 });
  const page = paging.signature === signature ? paging.page : 1;
  const query = useEntityList<T>(plural, { search, filter: asked, page, pageSize, sort, context }, parse);
  const data = query.data;
  const narrowed = search !== '' || (filter !== undefined && Object.values(filter).some((value) => value !== undefined));

  let body: ReactNode;
  if (query.isError && !data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('list.load-failed')}
      </Alert>
    );
  } else if (data && data.entries.length === 0) {
    body = (
      <EmptyState
        // A search or filter that finds nothing is not an empty resource: the page's own empty state would mislead.
        title={narrowed ? t('list.empty.no-results') : (empty?.title ?? t('list.empty.title'))}
        message={narrowed ? undefined : empty?.message}
        actions={narrowed ? undefined : empty?.actions}
        faq={narrowed ? undefined : empty?.faq}
      />
    );
  } else if (data) {
    body = (
      <>
        {phone ? (
          <EntityCards testId={`entity-list-${plural}`} entries={data.entries} columns={columns} actions={actions} onRowClick={onRowClick} />
        ) : (
          <TableContainer>
            <Table size="small" data-testid={`entity-list-${plural}`}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => {
                    const direction = column.sortField ? sortDirection(sort, column.sortField) : false;
                    return (
                      <TableCell key={column.key} align={column.align} sx={{ width: column.width, fontWeight: 600 }} sortDirection={direction}>
                        {column.sortField ? (
                          <TableSortLabel
                            active={direction !== false}
                            direction={direction || 'asc'}
                            onClick={() => setSort(nextSort(sort, column.sortField ?? ''))}
                          >
                            {t(column.header)}
                          </TableSortLabel>
                        ) : (
                          t(column.header)
                        )}
                      </TableCell>
                    );
                  })}
                  {actions ? (
                    <TableCell align="right" sx={{ fontWeight: 600, ...STICKY_ACTIONS }}>
                      {t('list.actions')}
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.entries.map((row) => (
                  <TableRow key={row.id} hover onClick={onRowClick ? () => onRowClick(row) : undefined} sx={{ cursor: onRowClick ? 'pointer' : undefined }}>
                    {columns.map((column) => (
                      <TableCell key={column.key} align={column.align}>
                        {column.cell(row)}
                      </TableCell>
                    ))}
                    {actions ? (
                      // A row click opens the row; a click on its buttons must not do that as well.
                      <TableCell align="right" onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap', ...STICKY_ACTIONS }}>
                        {actions(row)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPaginator
          page={data.page}
          pageSize={pageSize}
          totalEntries={data.totalEntries}
          onPageChange={(next) => setPaging({ signature, page: next })}
          onPageSizeChange={setPageSize}
        />
      </>
    );
  }

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {query.isFetching ? <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      {searchable || toolbar ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ p: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {searchable ? (
            <TextField
              size="small"
              type="search"
              placeholder={t('list.search')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('list.search') },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ minWidth: 240, flex: phone ? '1 1 100%' : undefined }}
            />
          ) : null}
          {/* On a phone the filters follow the search from the left; wider, they sit at the right. */}
          {phone ? null : <Box sx={{ flex: 1 }} />}
          {toolbar}
          {phone ? <SortSelect columns={columns} sort={sort} onSort={setSort} /> : null}
        </Stack>
      ) : null}
      {body}
    </Paper>
  );
}
