import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { renderPages } from '../../../components/forms/test/render.tsx';
import { listReply } from '../../../components/forms/test/replies.ts';
import { REPORT_TYPES } from '@gearwatch/contracts';
import { ReportChartEnvironmentContext } from '../screens/chart-environment.ts';
import { ReportScreen } from '../screens/ReportScreen.tsx';
import { ReportsLandingPage } from '../screens/ReportsLandingPage.tsx';
import { COLUMN_TITLES, deviceGroups, devices, operatorGroups, operators } from './fixtures.ts';

/** The /reports routes as routes.tsx names them, without the shell; charts drawn as SVG at a fixed width. */
const routes: RouteObject[] = [
  {
    path: '/reports',
    children: [
      { index: true, element: <ReportsLandingPage /> },
      ...REPORT_TYPES.map((type) => ({
        path: type,
        element: (
          <ReportChartEnvironmentContext.Provider value={{ renderer: 'svg', width: 800 }}>
            <ReportScreen key={type} type={type} />
          </ReportChartEnvironmentContext.Provider>
        ),
      })),
    ],
  },
  { path: '/reports-list', element: <div data-testid="reports-list" /> },
];

/** The lists the selection reads and the user's settings (none stored, saves echoed). */
export const modelApi: Record<string, FakeHandler> = {
  'GET /api/devices': () => listReply(devices),
  'GET /api/devicegroups': () => listReply(deviceGroups),
  'GET /api/deviceoperators': () => listReply(operators),
  'GET /api/deviceoperatorgroups': () => listReply(operatorGroups),
  'GET /api/users/current/settings': () => ({ body: { entries: [] } }),
};

/** Gives the fixtures' column titles their words before any page renders (it renders before the pages). */
function ColumnTitles() {
  const { i18n } = useTranslation();
  if (Object.entries(COLUMN_TITLES).some(([key, text]) => i18n.t(key) !== text)) i18n.addResources('en', 'translation', COLUMN_TITLES);
  return null;
}

/**
 * Opens `path` among the report pages with the app's providers (English, the page-actions slot, notifications) over
 * a fake API: `api` maps "METHOD /path" to a handler, anything else is a 404; a setting save is answered as stored.
 */
export function renderReports(path: string, api: Record<string, FakeHandler>) {
  const saves: Record<string, FakeHandler> = {};
  for (const type of REPORT_TYPES) {
    saves[`PUT /api/users/current/settings/reports/${type}`] = (call) => ({ body: { key: `reports/${type}`, value: (call.json as { value: unknown }).value } });
  }
  return renderPages(routes, path, { ...modelApi, ...saves, ...api }, { beside: <ColumnTitles /> });
}
