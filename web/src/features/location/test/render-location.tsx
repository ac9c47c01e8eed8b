import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import type { AppConfig } from '@gearwatch/contracts';
import { ApiClient } from '../../../api/client.ts';
import { ApiProvider } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { theme } from '../../../components/theme.ts';
import { PageActionsProvider, PageActionsSlot } from '../../../components/PageActions.tsx';
import { createTokenStore } from '../../../api/tokens.ts';
import { testManager } from '../../../components/forms/test/render.tsx';
import { initI18n } from '../../../i18n/i18n.ts';
import { LocationPage } from '../components/LocationPage.tsx';

/** One request the fake API received. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
}

/** An answer: a status (200 by default) and a JSON body; 204 sends none. */
export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

export { listReply } from '../../../components/forms/test/replies.ts';

const config: AppConfig = {
  version: 'test',
  brand: 'default',
  languages: ['pl', 'en', 'lv', 'ru'],
  defaultLanguage: 'pl',
  webClientId: 'web',
  webClientSecret: 'web',
  // No tiles: the tests have no network.
  mapTileUrl: '',
};

/** Stands in for the device page the list and the popups link to. */
function DevicePageStub() {
  return <div data-testid="device-page">{useParams()['id']}</div>;
}

/**
 * Renders /location in a memory router with the app's providers over a fake API: `routes` maps "METHOD /path"
 * to a handler, anything else is a 404. Every request is recorded in `calls`.
 */
export async function renderLocation(
  routes: Record<string, FakeHandler>,
): Promise<{ calls: FakeCall[]; callsTo: (path: string) => FakeCall[]; user: UserEvent; router: ReturnType<typeof createMemoryRouter> }> {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams };
    calls.push(call);
    const handler =
      routes[`${call.method} ${call.path}`] ?? (() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } }));
    const reply = await handler(call);
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(reply.body ?? null), { status, headers: { 'content-type': 'application/json' } });
  };
  const api = new ApiClient({
    tokens: createTokenStore(window.localStorage),
    fetch: fetch as typeof window.fetch,
    credentials: () => ({ clientId: 'web', clientSecret: 'web' }),
    onSessionExpired: () => undefined,
  });
  api.tokens.set({ accessToken: 'access', refreshToken: 'refresh' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.config, config);
  // The status icons show times on the signed-in user's company clock.
  queryClient.setQueryData(queryKeys.currentUser, testManager);
  const i18n = await initI18n('en');
  const router = createMemoryRouter(
    [
      { path: '/location', element: <LocationPage /> },
      { path: '/manage/device/:id', element: <DevicePageStub /> },
    ],
    { initialEntries: ['/location'] },
  );
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider client={api}>
            <PageActionsProvider>
              <PageActionsSlot />
              <Suspense>
                <RouterProvider router={router} />
              </Suspense>
            </PageActionsProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { calls, callsTo: (path) => calls.filter((call) => call.path === path), user, router };
}
