import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { PageActionsProvider, PageActionsSlot } from '../../../components/PageActions.tsx';
import { createFakeApi } from '../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { createTestQueryClient, renderWithApp } from '../../../components/forms/test/render.tsx';
import { superAdmin } from './fixtures.ts';

export { listReply } from '../../../components/forms/test/replies.ts';

export interface RenderAdminOptions {
  /** The page's route and the address it opens at (search parameters included). */
  path?: string;
  url?: string;
  me?: CurrentUser;
}

/**
 * An administration page in a memory router with the app's providers, the breadcrumb bar's page-actions slot (where
 * the Add button goes) and a signed-in super-admin, over a fake API (`routes`: "METHOD /path" → handler).
 */
export async function renderAdminPage(
  page: ReactElement,
  routes: Record<string, FakeHandler>,
  { path = '/page', url = path, me = superAdmin }: RenderAdminOptions = {},
) {
  const fake = createFakeApi(routes);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, me);
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [url] });
  const view = await renderWithApp(
    <PageActionsProvider>
      <PageActionsSlot />
      <RouterProvider router={router} />
    </PageActionsProvider>,
    { api: fake.api, queryClient },
  );
  // Read straight from the DOM: role queries over a whole table are slow in happy-dom.
  const rowTexts = (testId: string) =>
    [...view.container.querySelectorAll(`[data-testid="${testId}"] tbody tr`)].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    );
  return { ...view, ...fake, router, rowTexts };
}
