import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companies, userForm, users } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { AdminUsersPage } from './AdminUsersPage.tsx';

const routes = {
  'GET /api/users': () => listReply(users),
  'GET /api/companies': () => listReply(companies),
  'GET /api/users/new': () => ({ body: userForm }),
};

describe('AdminUsersPage', { timeout: 20_000 }, () => {
  it('lists the users of every company with company, language, activity and the super-admin flag', async () => {
    const { rowTexts, callsTo } = await renderAdminPage(<AdminUsersPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-users')).toHaveLength(2));
    expect(rowTexts('entity-list-users').map((row) => row.slice(0, 7))).toEqual([
      ['Ada Admin', 'admin', 'admin@example.com', 'Demo Factory', 'English', 'Yes', 'Yes'],
      ['Nina North', 'north', 'north@example.com', 'Northwind Logistics', 'Latviešu', 'No', 'No'],
    ]);
    expect(rowTexts('entity-list-users')[1]?.[7]).toBe('Never');
    // No company filter until one is chosen: every company's users.
    expect(callsTo('GET', '/api/users')[0]?.query.get('filter')).toBeNull();
  });

  it('narrows the list to one company', async () => {
    const { user, callsTo, rowTexts } = await renderAdminPage(<AdminUsersPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-users')).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Logistics' }));
    await waitFor(() => expect(callsTo('GET', '/api/users').at(-1)?.query.get('filter')).toBe('{"company":11}'));
  });

  it('adds a user through the form and says a password link is mailed', async () => {
    const { user, callsTo } = await renderAdminPage(<AdminUsersPage />, { ...routes, 'POST /api/users': () => ({ status: 201, body: { id: 9 } }) });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(await within(dialog).findByRole('switch', { name: 'Super administrator' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('If the new user is active, they get an e-mail with a link to set their password.')).toBeTruthy();
    expect(callsTo('POST', '/api/users')).toHaveLength(1);
  });

  it('refuses deleting oneself with the server’s message, without asking the server', async () => {
    const { user, rowTexts, calls } = await renderAdminPage(<AdminUsersPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-users')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    expect(await screen.findByText('You cannot delete your own user')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });
});
