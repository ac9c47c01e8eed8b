import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Suspense } from 'react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AppConfig } from '@gearwatch/contracts';
import { ApiProvider } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { theme } from '../../theme.ts';
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
