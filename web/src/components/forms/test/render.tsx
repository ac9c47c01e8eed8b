import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Suspense } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { AppConfig, CurrentUser } from '@gearwatch/contracts';
import { ApiProvider } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { theme } from '../../theme.ts';
import { PageActionsProvider, PageActionsSlot } from '../../PageActions.tsx';
import { initI18n } from '../../../i18n/i18n.ts';
import { createFakeApi } from './fake-api.ts';
import type { FakeHandler } from './fake-api.ts';

/** The start-up configuration of the tests: no tile service, so no test ever reaches for a remote server. */
export const testConfig: AppConfig = {
  version: 'test',
  brand: 'default',
  languages: ['pl', 'en', 'lv', 'ru'],
  defaultLanguage: 'pl',
  webClientId: 'gearwatch-web',
  webClientSecret: 'gearwatch-web',
  mapTileUrl: '',
};

export function createTestQueryClient(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.config, testConfig);
  return queryClient;
}

/** The app's providers (English, theme, notifications, react-query, API) around `ui`. */
export async function renderWithApp(ui: ReactElement, { api, queryClient = createTestQueryClient() }: { api?: ApiClient; queryClient?: QueryClient } = {}) {
  const client = api ?? createFakeApi({}).api;
  const i18n = await initI18n('en');
  // Checking pointer-events walks every ancestor's computed style on each event, which is slow in happy-dom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const wrap = (element: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider>
          <QueryClientProvider client={queryClient}>
            <ApiProvider client={client}>
              <Suspense>{element}</Suspense>
            </ApiProvider>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  const view = render(wrap(ui));
  return { ...view, user, queryClient, i18n, rerender: (element: ReactElement) => view.rerender(wrap(element)) };
}

/** A fake API and the app's providers around `ui` in one call. */
export async function renderWithFakeApi(ui: ReactElement, routes: Record<string, FakeHandler>) {
  const fake = createFakeApi(routes);
  const view = await renderWithApp(ui, { api: fake.api });
  return { ...view, ...fake };
}

/** The signed-in user of the page tests: a company user of a Warsaw company. */
export const testManager: CurrentUser = {
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

export interface RenderPagesOptions {
  /** Signed in, in the cache as the shell's start-up leaves it; `testManager` by default. */
  user?: CurrentUser;
  /** Rendered beside the pages, as the shell would (the menu's badge). */
  beside?: ReactNode;
}

/**
 * Opens `path` among a feature's `routes` with the app's providers (English, the page-actions slot in
 * `data-testid="page-actions"`, notifications) over a fake API: `api` maps "METHOD /path" to a handler, anything
 * else is a 404.
 */
export async function renderPages(
  routes: RouteObject[],
  path: string,
  api: Record<string, FakeHandler>,
  { user = testManager, beside }: RenderPagesOptions = {},
) {
  const fake = createFakeApi(api);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, user);
  const i18n = await initI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Checking pointer-events walks every ancestor's computed style on each event, which is slow in happy-dom.
  const userEvents = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
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
                {beside}
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
  return { ...view, ...fake, user: userEvents, router, queryClient };
}
