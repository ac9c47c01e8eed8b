import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface QueryBodyProps<T> {
  query: { data: T | undefined; isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/**
 * The body of one section of a detail page from its own call: a thin loader, a failed load with a retry, or the
 * data. Each section loads on its own, so a slow or failing call leaves the rest of the page usable.
 */
export function QueryBody<T>({ query, children }: QueryBodyProps<T>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative' }}>
      {query.isFetching ? <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      {query.error && query.data === undefined ? (
        <Alert
          severity="error"
          square
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('manage.section.load-failed')}
        </Alert>
      ) : null}
      {query.data !== undefined ? children(query.data) : query.isPending ? <Box sx={{ height: 48 }} /> : null}
    </Box>
  );
}
