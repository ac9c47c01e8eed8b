import { useTranslation } from 'react-i18next';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { EmptyState } from '../../components/EmptyState.tsx';
import { usePageTitle } from '../shells/usePageTitle.ts';

/** A screen that later work delivers: the shared empty state under the route's own title. */
export function UpcomingScreen() {
  const { t } = useTranslation();
  const title = usePageTitle();
  return <EmptyState icon={<ConstructionOutlined />} title={title ?? t('nav.dashboard')} message={t('upcoming.message')} />;
}
