import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { Splash } from '../../../components/Splash.tsx';
import { NotFound } from './NotFound.tsx';

export interface DetailStateProps {
  /** The query of the page's row. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  /** The list to go back to from a row that does not exist. */
  listPath: string;
}

/**
 * What a detail page shows before its row is there: a loader, a "not found" with the way back to the list (a 404:
 * deleted meanwhile, or another company's), or a failed load with a retry. Null once the row is loaded.
 */
export function DetailState({ query, listPath }: DetailStateProps) {
  const { t } = useTranslation();
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <NotFound listPath={listPath} />;
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('manage.detail.load-failed')}
      </Alert>
    );
  }
  if (query.isPending) return <Splash fullScreen={false} />;
  return null;
}
