import type { CurrentUser, FormDefinition, UserListEntry } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { PageActionsProvider, PageActionsSlot } from '../../../components/PageActions.tsx';
import { createFakeApi } from '../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { createTestQueryClient, renderWithApp } from '../../../components/forms/test/render.tsx';
import { UsersPage } from '../components/UsersPage.tsx';

/** Jan, a plain user of Demo Factory, is signed in. */
export const me: CurrentUser = {
  id: 3,
  firstname: 'Jan',
  lastname: 'Nowak',
  email: 'jan@example.com',
  avatar: null,
  name: 'Jan Nowak',
  username: 'jan',
  language: 'pl',
  owner: { id: 10, name: 'Demo Factory', timezone: 'Europe/Warsaw' },
  extras: { isSuperAdmin: false, impersonate: false },
};

const company = { id: 10, name: 'Demo Factory' };

export const companyUsers: UserListEntry[] = [
  {
    id: 3,
    name: 'Jan Nowak',
    firstname: 'Jan',
    lastname: 'Nowak',
    username: 'jan',
    email: 'jan@example.com',
    language: 'pl',
    active: true,
    lastLogin: '2026-03-02T09:00:00.000Z',
    company,
  },
  {
    id: 4,
    name: 'Olga Kowalska',
    firstname: 'Olga',
    lastname: 'Kowalska',
    username: 'olga',
    email: 'olga@example.com',
    language: 'ru',
    active: false,
    lastLogin: null,
    company,
  },
];

/** The form a company user gets: no company, no rights (server/src/users/admin-service.ts). */
export const userForm: FormDefinition = {
  data: { username: null, email: null, firstname: null, lastname: null, language: 'pl', phone: null, rfid: null, note: null, active: true },
  schema: {
    username: field('text', 'user.field.username', { required: true, icon: 'person' }),
    email: field('email', 'user.field.email', { required: true, icon: 'email' }),
    firstname: field('text', 'user.field.firstname', { required: true }),
    lastname: field('text', 'user.field.lastname', { required: true }),
    language: field('choice', 'user.field.language', { required: true }),
    phone: field('text', 'user.field.phone'),
    rfid: field('text', 'user.field.rfid'),
    note: field('textarea', 'user.field.note'),
    active: field('switch', 'user.field.active'),
  },
  choices: { language: [{ value: 'pl', label: 'Polski' }] },
  token: 'token',
};

export { listReply } from '../../../components/forms/test/replies.ts';

/** /users with the app's providers and the page-actions slot over a fake API, Jan signed in. */
export async function renderUsersPage(routes: Record<string, FakeHandler>) {
  const fake = createFakeApi(routes);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, me);
  const view = await renderWithApp(
    <PageActionsProvider>
      <PageActionsSlot />
      <UsersPage />
    </PageActionsProvider>,
    { api: fake.api, queryClient },
  );
  const rowTexts = () =>
    [...view.container.querySelectorAll('[data-testid="entity-list-users"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    );
  return { ...view, ...fake, rowTexts };
}
