import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** A detail page whose row does not exist (deleted meanwhile, another company's, or a mistyped address). */
export function NotFound({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchOffOutlined />}
      title={t('manage.detail.not-found')}
      actions={
        <Button component={RouterLink} to={listPath} variant="outlined">
          {t('manage.detail.back')}
        </Button>
      }
    />
  );
}
