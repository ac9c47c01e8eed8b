import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCrumbs, useDocumentTitle } from './usePageTitle.ts';

/** The breadcrumb trail of the current page, its last crumb the page's heading. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  // The bar is on every page of the shell, so it also names the browser tab.
  useDocumentTitle(crumbs.at(-1)?.title);
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumbs')} sx={{ minWidth: 0 }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.path} color="text.primary" component="h1" variant="subtitle1" sx={{ fontWeight: 500 }} aria-current="page">
            {crumb.title}
          </Typography>
        ) : (
          <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {crumb.title}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
