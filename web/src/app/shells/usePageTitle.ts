import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@gearwatch/contracts';
import type { RouteHandle } from '../route-handle.ts';

export interface Crumb {
  title: string;
  path: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The breadcrumb trail of the current route: every matched route that names a title. */
export function useCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!hasTitle(match.handle)) continue;
    const title = t(match.handle.title, { id: match.params['id'] });
    if (crumbs.at(-1)?.title === title) continue;
    crumbs.push({ title, path: match.pathname });
  }
  return crumbs;
}

/** The current page's title, also written to the browser tab. */
export function usePageTitle(): string | undefined {
  const title = useCrumbs().at(-1)?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return title;
}
