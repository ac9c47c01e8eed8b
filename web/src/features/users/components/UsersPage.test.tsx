import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { companyUsers, listReply, renderUsersPage, userForm } from '../test/render-users.tsx';

const routes = {
  'GET /api/users': () => listReply(companyUsers),
  'GET /api/users/new': () => ({ body: userForm }),
};

describe('UsersPage', { timeout: 20_000 }, () => {
  it('lists the company’s users with user name, e-mail, language, activity and last login, oneself marked', async () => {
    const { rowTexts, callsTo } = await renderUsersPage(routes);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(rowTexts().map((row) => row.slice(0, 5))).toEqual([
      ['Jan NowakYou', 'jan', 'jan@example.com', 'Polski', 'Active'],
      ['Olga Kowalska', 'olga', 'olga@example.com', 'Русский', 'Inactive'],
    ]);
    expect(rowTexts()[1]?.[5]).toBe('Never signed in');
    expect(Object.fromEntries(callsTo('GET', '/api/users')[0]?.query ?? [])).toMatchObject({ filter: '{"company":10}', sort: 'name' });
  });

  it('searches and sorts through the list protocol', async () => {
    const { user, rowTexts, callsTo } = await renderUsersPage(routes);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Last login' }));
    await waitFor(() => expect(callsTo('GET', '/api/users').at(-1)?.query.get('sort')).toBe('lastLogin'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'olga');
    await waitFor(() => expect(callsTo('GET', '/api/users').at(-1)?.query.get('search')).toBe('olga'));
  });

  it('adds a user with the users form and says they get a link to set a password', async () => {
    const { user, callsTo } = await renderUsersPage({ ...routes, 'POST /api/users': () => ({ status: 201, body: { id: 12 } }) });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^User name/ }), 'piotr');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'piotr@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('If the new user is active, they get an e-mail with a link to set their password.')).toBeTruthy();
    const form = callsTo('POST', '/api/users')[0]?.form;
    expect(form?.get('username')).toBe('piotr');
    expect(form?.get('token')).toBe('token');
  });

  it('shows a refused edit’s field errors in the form', async () => {
    const { user, rowTexts } = await renderUsersPage({
      ...routes,
      'GET /api/users/4/edit': () => ({ body: { ...userForm, data: { ...userForm.data, username: 'olga', email: 'olga@example.com' } } }),
      'PUT /api/users/4': () => ({ status: 400, body: { errors: { email: ['form.field.error.email-in-use'] }, rootErrors: [] } }),
    });
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await within(dialog).findByDisplayValue('olga');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A user with this e-mail already exists.')).toBeTruthy();
  });

  it('refuses deleting oneself with the server’s message and deletes another user', async () => {
    const { user, rowTexts, calls } = await renderUsersPage({ ...routes, 'DELETE /api/users/4': () => ({ body: {} }) });
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    expect(await screen.findByText('You cannot delete your own user')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Olga Kowalska has been deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/users/4']);
  });

  it('a super-admin’s user cannot be deleted by a company user: says so', async () => {
    const { user, rowTexts } = await renderUsersPage({ ...routes, 'DELETE /api/users/4': () => problem(403) });
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You are not allowed to do this')).toBeTruthy();
  });
});
