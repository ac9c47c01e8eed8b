import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { MonitorPage } from '@gearwatch/contracts';
import { ApiProvider } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { theme } from '../../../components/theme.ts';
import { PageActionsProvider, PageActionsSlot } from '../../../components/PageActions.tsx';
import { initI18n } from '../../../i18n/i18n.ts';
import { ChartEnvironmentContext } from '../components/chart-environment.ts';
import { MonitorBoard } from '../components/MonitorBoard.tsx';
import { preloadMonitors } from '../components/registry.ts';
import { createFakeApi, listReply } from './fake-api.ts';
import type { FakeHandler } from './fake-api.ts';
import { deviceGroups, devices, deviceTypes, shifts, testUser } from './fixtures.ts';

/**
 * Loads the monitors' code before a test file's first test (`beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS)`):
 * compiling the chart library on first use takes seconds on a busy machine, which belongs to no single test.
 */
export async function prepareBoardTests(): Promise<void> {
  await Promise.all([initI18n('en'), preloadMonitors()]);
}
export const BOARD_PREPARE_TIMEOUT_MS = 60_000;

export interface RenderBoardOptions {
  /** The saved value of the page's board setting. */
  board?: unknown;
  /** Extra or replaced routes of the fake API ("METHOD /path"). */
  routes?: Record<string, FakeHandler>;
  /** The company's devices, if not the fixtures' (an empty list: a company with none yet). */
  companyDevices?: typeof devices;
}

/** The model lists every monitor reads, answered from the fixtures. */
export const modelRoutes: Record<string, FakeHandler> = {
  'GET /api/devicegroups': () => listReply(deviceGroups),
  'GET /api/devicetypes': () => listReply(deviceTypes),
  'GET /api/deviceoperators': () => listReply([]),
  'GET /api/deviceoperatorgroups': () => listReply([]),
  'GET /api/user/production_shifts': () => listReply(shifts),
};

/**
 * Renders a page's board with the providers of the app, the session data areas already loaded (user, settings,
 * devices) and a fake API; charts draw as SVG at a fixed width.
 */
export async function renderBoard(page: MonitorPage, { board, routes = {}, companyDevices = devices }: RenderBoardOptions = {}) {
  const fake = createFakeApi({ ...modelRoutes, ...routes });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.currentUser, testUser);
  queryClient.setQueryData(queryKeys.settings, board === undefined ? {} : { [page]: board });
  queryClient.setQueryData(queryKeys.devices, companyDevices);
  const [i18n] = await Promise.all([initI18n('en'), preloadMonitors()]);
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider>
          <QueryClientProvider client={queryClient}>
            <ApiProvider client={fake.api}>
              <ChartEnvironmentContext.Provider value={{ renderer: 'svg', width: 800 }}>
                {/* In the app every board is inside the router (a widget may link to another screen). */}
                <MemoryRouter>
                  <PageActionsProvider>
                    <PageActionsSlot />
                    <MonitorBoard page={page} />
                  </PageActionsProvider>
                </MemoryRouter>
              </ChartEnvironmentContext.Provider>
            </ApiProvider>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  /** The values the page's board setting was saved with, in order. */
  const savedBoards = () => fake.callsTo('PUT', `/api/users/current/settings/${page}`).map((call) => (call.body as { value: unknown }).value);
  return { ...view, ...fake, queryClient, user, savedBoards };
}
