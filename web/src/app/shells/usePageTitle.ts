import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brandProfile } from '@gearwatch/contracts';
import { useAppConfig } from '../../api/data-areas.ts';
import { usePageName } from '../../components/PageName.tsx';
import type { RouteHandle } from '../route-handle.ts';

export interface Crumb {
  title: string;
  path: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/**
 * The breadcrumb trail of the current route: every matched route that names a title; the last one says the name of
 * the row its page shows, once the page has named it.
 */
export function useCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const matches = useMatches();
  const pageName = usePageName();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!hasTitle(match.handle)) continue;
    const { parent } = match.handle;
    if (parent && crumbs.at(-1)?.path !== parent.path) crumbs.push({ title: t(parent.title), path: parent.path });
    const title = t(match.handle.title, { id: match.params['id'] });
    if (crumbs.at(-1)?.title === title) continue;
    crumbs.push({ title, path: match.pathname });
  }
  const last = crumbs.at(-1);
  if (last && pageName) crumbs[crumbs.length - 1] = { ...last, title: pageName };
  return crumbs;
}

/** The current page's title: its last breadcrumb. */
export function usePageTitle(): string | undefined {
  return useCrumbs().at(-1)?.title;
}

/** Writes a page's title to the browser tab (and its history entry), after the brand's product name. */
export function useDocumentTitle(title: string | undefined): void {
  const product = brandProfile(useAppConfig().brand).productName;
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
