import type { RouteObject } from 'react-router';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { renderPages } from '../../../components/forms/test/render.tsx';
import { listReply } from '../../../components/forms/test/replies.ts';
import { ProductionViewsPage } from '../components/ProductionViewsPage.tsx';
import { devices, pressParameters, view } from './fixtures.ts';

const routes: RouteObject[] = [
  { path: '/production', element: <ProductionViewsPage /> },
  { path: '/production/:id/live', element: <div data-testid="live-route" /> },
];

/** What /production and its dialogs read: the views, the devices and each device's parameters. */
export const productionApi: Record<string, FakeHandler> = {
  'GET /api/productionviews': () => listReply([view()]),
  'GET /api/devices': () => listReply(devices),
  'GET /api/productionviews/parameters': () => ({ body: { entries: pressParameters } }),
  'GET /api/productionviews/5': () => ({ body: view() }),
  'GET /api/productionviews/5/displaylinks': () => ({ body: { entries: [] } }),
};

/** Opens `path` (/production…) with the app's providers over a fake API (`api` overrides the default replies). */
export function renderProduction(path: string, api: Record<string, FakeHandler> = {}) {
  return renderPages(routes, path, { ...productionApi, ...api });
}
