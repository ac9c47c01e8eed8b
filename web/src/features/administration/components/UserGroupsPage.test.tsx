import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { companies, companyForm } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { UserGroupsPage } from './UserGroupsPage.tsx';

const routes = {
  'GET /api/companies': () => listReply(companies),
  'GET /api/companies/new': () => ({ body: companyForm }),
};

describe('UserGroupsPage', { timeout: 20_000 }, () => {
  it('lists the companies with their subscriber, timezone, subscription, registration and counts', async () => {
    const { rowTexts, callsTo } = await renderAdminPage(<UserGroupsPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-companies')).toHaveLength(2));
    expect(rowTexts('entity-list-companies')[0]).toEqual(['Demo Factory', 'Demo Holding', 'Europe/Warsaw', 'Premium', 'Yes', '2', '24', '']);
    expect(rowTexts('entity-list-companies')[1]?.slice(0, 7)).toEqual(['Northwind Logistics', '—', 'Europe/Riga', 'Basic', 'No', '1', '0']);
    expect(Object.fromEntries(callsTo('GET', '/api/companies')[0]?.query ?? [])).toMatchObject({ sort: 'name' });
  });

  it('opens the add dialog with the server’s form, its labels and choices translated', async () => {
    const { user } = await renderAdminPage(<UserGroupsPage />, routes);
    await user.click(screen.getByRole('button', { name: 'Add user group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user group' });
    expect(await within(dialog).findByRole('textbox', { name: /^Name/ })).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'Automatic operator registration' })).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Subscription type/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(expect.arrayContaining(['Basic', 'Standard', 'Premium']));
  });

  it('a company with users, devices and modules: lists them without an action', async () => {
    const { user, rowTexts, calls } = await renderAdminPage(<UserGroupsPage />, {
      ...routes,
      'DELETE /api/companies/10': () =>
        problem(409, {
          dependents: { users: [{ id: 1, name: 'Ada Admin' }], devices: [{ id: 31, name: 'Forklift A' }], sensors: [{ id: 21, name: 'GW-100' }] },
        }),
    });
    await waitFor(() => expect(rowTexts('entity-list-companies')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const dependents = await within(dialog).findByTestId('delete-dependents');
    expect(within(dependents).getByTestId('dependents-users').textContent).toContain('Ada Admin');
    expect(within(dependents).getByTestId('dependents-devices').textContent).toContain('Forklift A');
    expect(within(dependents).getByTestId('dependents-sensors').textContent).toContain('GW-100');
    // The server has no call to move them: nothing to press but Cancel.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/companies/10']);
  });
});
