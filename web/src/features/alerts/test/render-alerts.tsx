import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { LIST_HEADERS } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ApiProvider } from '../../../api/ApiProvider.tsx';
import { theme } from '../../../components/theme.ts';
import { PageActionsProvider, PageActionsSlot } from '../../../components/PageActions.tsx';
import { createFakeApi } from '../../../components/forms/test/fake-api.ts';
import type { FakeCall, FakeHandler, FakeReply } from '../../../components/forms/test/fake-api.ts';
import { createTestQueryClient } from '../../../components/forms/test/render.tsx';
import { initI18n } from '../../../i18n/i18n.ts';
import { AlarmTotalBadge } from '../components/AlarmTotalBadge.tsx';
import { AlertRulePage } from '../components/AlertRulePage.tsx';
import { AlertRulesPage } from '../components/AlertRulesPage.tsx';
import { AlertsPage } from '../components/AlertsPage.tsx';
import { DeviceAlertsSection } from '../components/DeviceAlertsSection.tsx';
import { devices, groups, manager, users } from './fixtures.ts';

/** A whole list answer of the list protocol: 204 when empty. */
export function listReply(entries: readonly unknown[]): FakeReply {
  if (entries.length === 0) return { status: 204 };
  return { body: { entries }, headers: { [LIST_HEADERS.totalEntries]: String(entries.length), [LIST_HEADERS.pageNumber]: '1', [LIST_HEADERS.totalPages]: '1' } };
}

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
 * menu's alarm badge) over a fake API: `api` maps "METHOD /path" to a handler, anything else is a 404.
 */
export async function renderAlerts(path: string, api: Record<string, FakeHandler>) {
  const fake = createFakeApi({ ...modelApi, ...api });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, manager);
  const i18n = await initI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
                {api['GET /api/alarms/total'] ? (
                  <div data-testid="menu">
                    <AlarmTotalBadge />
                  </div>
                ) : null}
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
