import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser } from '@gearwatch/contracts';
import { ApiClient } from '../api/client.ts';
import { ApiProvider } from '../api/ApiProvider.tsx';
import { createTokenStore } from '../api/tokens.ts';
import { createAppRoutes } from '../app/routes.tsx';
import { theme } from '../components/theme.ts';
import { initI18n } from '../i18n/i18n.ts';
import { testManager } from '../components/forms/test/render.tsx';

export const demoUser: CurrentUser = { ...testManager, username: 'demo' };

export interface RenderAppOptions {
  signedIn?: boolean;
  user?: CurrentUser;
  /**
   * More JSON answers of the fake API, by path (a page's own rows); a function answers with what it resolves to, so a
   * test can hold an answer back or tell the methods apart (and read a JSON body, its second argument).
   */
  answers?: Record<string, unknown>;
  /** The user's settings; by default the guided tour has been shown, so it does not cover the page under test. */
  settings?: Record<string, unknown>;
}

/** Renders the real route table in memory against a fake API that answers the start-up calls. */
export async function renderApp(path: string, { signedIn = false, user = demoUser, answers = {}, settings = { guide: 'showed' } }: RenderAppOptions = {}) {
  const requests: string[] = [];
  /** Every request as 'METHOD /path', for tests of writes. */
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url.pathname);
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    const answer = answers[url.pathname];
    if (typeof answer === 'function') {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      return json(await (answer as (method: string, body: unknown) => unknown)(init?.method ?? 'GET', body));
    }
    if (url.pathname in answers) return json(answer);
    switch (url.pathname) {
      case '/api/users/current':
        return json(user);
      case '/api/users/current/settings':
        return json({ entries: Object.entries(settings).map(([key, value]) => ({ key, value })) });
      case '/api/devices':
        return new Response(null, { status: 204 });
      case '/api/config':
        return json({
          version: '2025-05-27',
          brand: 'default',
          languages: ['pl', 'en', 'lv', 'ru'],
          defaultLanguage: 'pl',
          webClientId: 'gearwatch-web',
          webClientSecret: 'gearwatch-web',
          mapTileUrl: '',
        });
      default:
        return json({ statusCode: 404, error: 'Not Found', message: 'error.not-found' }, 404);
    }
  };
  const tokens = createTokenStore(window.localStorage);
  if (signedIn) tokens.set({ accessToken: 'access', refreshToken: 'refresh' });
  const api = new ApiClient({
    tokens,
    fetch: fetch as typeof window.fetch,
    credentials: () => ({ clientId: 'gearwatch-web', clientSecret: 'gearwatch-web' }),
    onSessionExpired: () => undefined,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['config'], await (await fetch('/api/config')).json());
  const i18n = await initI18n('en');
  const router = createMemoryRouter(createAppRoutes({ api, queryClient }), { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider>
          <QueryClientProvider client={queryClient}>
            <ApiProvider client={api}>
              <RouterProvider router={router} />
            </ApiProvider>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { ...view, router, tokens, requests, calls, i18n };
}
