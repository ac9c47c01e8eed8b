import type { RouteObject } from 'react-router';
import type { CurrentUser } from '@gearwatch/contracts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { renderPages, testManager } from '../../../components/forms/test/render.tsx';
import { DeviceGroupPage } from '../components/DeviceGroupPage.tsx';
import { DeviceGroupsPage } from '../components/DeviceGroupsPage.tsx';
import { DeviceOperatorPage } from '../components/DeviceOperatorPage.tsx';
import { DeviceOperatorsPage } from '../components/DeviceOperatorsPage.tsx';
import { DevicePage } from '../components/DevicePage.tsx';
import type { DevicePageProps } from '../components/DevicePage.tsx';
import { DevicesPage } from '../components/DevicesPage.tsx';
import { OperatorGroupPage } from '../components/OperatorGroupPage.tsx';
import { OperatorGroupsPage } from '../components/OperatorGroupsPage.tsx';

export { listReply, pagedReply } from '../../../components/forms/test/replies.ts';

/** The signed-in user of the tests: a company user of a Warsaw company. */
export const manager: CurrentUser = testManager;

/** The /manage routes as routes.tsx names them, without the shell; the device page with what the app passes it. */
const manageRoutes = (device: DevicePageProps): RouteObject[] => [
  {
    path: '/manage',
    children: [
      { path: 'devices', element: <DevicesPage /> },
      { path: 'device/:id', element: <DevicePage {...device} /> },
      { path: 'device-groups', element: <DeviceGroupsPage /> },
      { path: 'device-group/:id', element: <DeviceGroupPage /> },
      { path: 'device-operators', element: <DeviceOperatorsPage /> },
      { path: 'device-operator/:id', element: <DeviceOperatorPage /> },
      { path: 'device-operator-groups', element: <OperatorGroupsPage /> },
      { path: 'device-operator-groups/:id', element: <OperatorGroupPage /> },
    ],
  },
];

/**
 * Opens `path` among the /manage pages with the app's providers (English, the page-actions slot, notifications)
 * over a fake API: `api` maps "METHOD /path" to a handler, anything else is a 404. The signed-in user is in the
 * cache, as the shell's start-up leaves it.
 */
export function renderManage(path: string, api: Record<string, FakeHandler>, device: DevicePageProps = {}) {
  return renderPages(manageRoutes(device), path, api, { user: manager });
}
