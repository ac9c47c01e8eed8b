import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityColumn } from './entity-column.ts';

/** No sort chosen: the server's own order. */
const SERVER_ORDER = '';

interface EntityCardsProps<T extends { id: number }> {
  testId: string;
  entries: readonly T[];
  columns: readonly EntityColumn<T>[];
  actions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
}

/**
 * A list on a phone: one card per row, the first column as its title, the others as label and value lines, and the
 * row's actions beside the title, so nothing is pushed past the right edge of a narrow screen.
 */
export function EntityCards<T extends { id: number }>({ testId, entries, columns, actions, onRowClick }: EntityCardsProps<T>) {
  const { t } = useTranslation();
  const [first, ...rest] = columns;
  return (
    <Box component="ul" data-testid={testId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((row) => (
        <Box
          component="li"
          key={row.id}
          data-testid="entity-card"
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            px: 2,
            py: 1.25,
            borderTop: 1,
            borderColor: 'divider',
            cursor: onRowClick ? 'pointer' : undefined,
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {first ? (
              <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {first.cell(row)}
              </Typography>
            ) : null}
            {rest.length > 0 ? (
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(80px, auto) 1fr', columnGap: 1.5, rowGap: 0.5, m: 0, mt: 0.5 }}>
                {rest.map((column) => (
                  <Fragment key={column.key}>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                      {t(column.header)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {column.cell(row)}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            ) : null}
          </Box>
          {actions ? (
            // A card click opens the row; a click on its buttons must not do that as well.
            <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'flex', flexShrink: 0, whiteSpace: 'nowrap' }}>
              {actions(row)}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

interface SortSelectProps<T> {
  columns: readonly EntityColumn<T>[];
  sort: string | null;
  onSort: (sort: string | null) => void;
}

/** The sort of a card list, which has no column headers to click: each sortable column, ascending or descending. */
export function SortSelect<T>({ columns, sort, onSort }: SortSelectProps<T>) {
  const { t } = useTranslation();
  const sortable = columns.filter((column): column is EntityColumn<T> & { sortField: string } => column.sortField !== undefined);
  if (sortable.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('list.sort')}
      value={sort ?? SERVER_ORDER}
      onChange={(event) => onSort(event.target.value === SERVER_ORDER ? null : event.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={SERVER_ORDER}>{t('list.sort-default')}</MenuItem>
      {sortable.flatMap((column) => [
        <MenuItem key={column.sortField} value={column.sortField}>
          {t('list.sort-ascending', { column: t(column.header) })}
        </MenuItem>,
        <MenuItem key={`-${column.sortField}`} value={`-${column.sortField}`}>
          {t('list.sort-descending', { column: t(column.header) })}
        </MenuItem>,
      ])}
    </TextField>
  );
}
