import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { CurrentUser } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ApiProvider } from '../../../api/ApiProvider.tsx';
import { theme } from '../../../components/theme.ts';
import { PageActionsProvider, PageActionsSlot } from '../../../components/PageActions.tsx';
import { createFakeApi } from '../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { createTestQueryClient } from '../../../components/forms/test/render.tsx';
import { initI18n } from '../../../i18n/i18n.ts';
import { DeviceGroupPage } from '../components/DeviceGroupPage.tsx';
import { DeviceGroupsPage } from '../components/DeviceGroupsPage.tsx';
import { DeviceOperatorPage } from '../components/DeviceOperatorPage.tsx';
import { DeviceOperatorsPage } from '../components/DeviceOperatorsPage.tsx';
import { DevicePage } from '../components/DevicePage.tsx';
import type { DevicePageProps } from '../components/DevicePage.tsx';
import { DevicesPage } from '../components/DevicesPage.tsx';
import { OperatorGroupPage } from '../components/OperatorGroupPage.tsx';
import { OperatorGroupsPage } from '../components/OperatorGroupsPage.tsx';

export { listReply, pagedReply } from './replies.ts';

/** The signed-in user of the tests: a company user of a Warsaw company. */
export const manager: CurrentUser = {
  id: 7,
  firstname: 'Anna',
  lastname: 'Kowalska',
  email: 'anna@example.com',
  avatar: null,
  name: 'Anna Kowalska',
  username: 'anna',
  language: 'en',
  owner: { id: 1, name: 'Demo Factory', timezone: 'Europe/Warsaw' },
  extras: { isSuperAdmin: false, impersonate: false },
};

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
export async function renderManage(path: string, api: Record<string, FakeHandler>, device: DevicePageProps = {}) {
  const fake = createFakeApi(api);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, manager);
  const i18n = await initI18n('en');
  const router = createMemoryRouter(manageRoutes(device), { initialEntries: [path] });
  // Checking pointer-events walks every ancestor's computed style on each event, which is slow in happy-dom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider>
          <QueryClientProvider client={queryClient}>
            <ApiProvider client={fake.api}>
              <PageActionsProvider>
                <div data-testid="page-actions">
                  <PageActionsSlot />
                </div>
                <Suspense>
                  <RouterProvider router={router} />
                </Suspense>
              </PageActionsProvider>
            </ApiProvider>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { ...view, ...fake, user, router, queryClient };
}
