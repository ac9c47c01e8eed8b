import type { RouteObject } from 'react-router';
import type { FakeCall, FakeHandler } from '../../../../components/forms/test/fake-api.ts';
import { renderPages } from '../../../../components/forms/test/render.tsx';
import { listReply } from '../../../../components/forms/test/replies.ts';
import { ReportsListPage } from '../ReportsListPage.tsx';
import { configurations, deviceGroups, files, operatorGroups, users } from './fixtures.ts';

export { listReply };

/** The filter a list call asked for, decoded. */
export function filterOf(call: FakeCall | undefined): Record<string, unknown> {
  const text = call?.query.get('filter');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const routes: RouteObject[] = [{ path: '/reports-list', element: <ReportsListPage /> }];

/** The lists /reports-list and its wizard read. */
export const reportsApi: Record<string, FakeHandler> = {
  'GET /api/reports/files': () => listReply(files),
  'GET /api/reportsconfigurations': () => listReply(configurations),
  'GET /api/devicegroups': () => listReply(deviceGroups),
  'GET /api/deviceoperatorgroups': () => listReply(operatorGroups),
  'GET /api/users': () => listReply(users),
};

/** Opens `path` (/reports-list…) with the app's providers over a fake API (`api` overrides the default replies). */
export function renderReports(path: string, api: Record<string, FakeHandler> = {}) {
  return renderPages(routes, path, { ...reportsApi, ...api });
}
