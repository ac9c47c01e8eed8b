import type { RouteObject } from 'react-router';
import type { FakeCall, FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { renderPages } from '../../../components/forms/test/render.tsx';
import { AlarmTotalBadge } from '../components/AlarmTotalBadge.tsx';
import { AlertRulePage } from '../components/AlertRulePage.tsx';
import { AlertRulesPage } from '../components/AlertRulesPage.tsx';
import { AlertsPage } from '../components/AlertsPage.tsx';
import { DeviceAlertsSection } from '../components/DeviceAlertsSection.tsx';
import { listReply } from '../../../components/forms/test/replies.ts';
import { devices, groups, manager, users } from './fixtures.ts';

export { listReply };

/** The filter a list call asked for, decoded. */
export function filterOf(call: FakeCall | undefined): Record<string, unknown> {
  const text = call?.query.get('filter');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The /alerts routes as routes.tsx names them, the device page's section, without the shell. */
const routes: RouteObject[] = [
  {
    path: '/alerts',
    children: [
      { path: 'list', element: <AlertsPage /> },
      { path: 'alert-rules', element: <AlertRulesPage /> },
      { path: 'alert-rule/:id', element: <AlertRulePage /> },
    ],
  },
  { path: '/manage/device/:id', element: <DeviceAlertsSection deviceId={1} /> },
];

/** The model lists every alert screen reads: devices, groups, users, the rules of the filter. */
export const modelApi: Record<string, FakeHandler> = {
  'GET /api/devices': () => listReply(devices),
  'GET /api/devicegroups': () => listReply(groups),
  'GET /api/users': () => listReply(users),
};

/**
 * Opens `path` among the alert pages with the app's providers (English, the page-actions slot, notifications, the
 * menu's alarm badge when the total is answered) over a fake API: `api` maps "METHOD /path" to a handler, anything
 * else is a 404.
 */
export function renderAlerts(path: string, api: Record<string, FakeHandler>) {
  const beside = api['GET /api/alarms/total'] ? (
    <div data-testid="menu">
      <AlarmTotalBadge />
    </div>
  ) : null;
  return renderPages(routes, path, { ...modelApi, ...api }, { user: manager, beside });
}
