import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { subscriberForm, subscribers } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { SubscribersPage } from './SubscribersPage.tsx';

const routes = {
  'GET /api/subscribers': () => listReply(subscribers),
  'GET /api/subscribers/new': () => ({ body: subscriberForm }),
  'GET /api/subscribers/50/edit': () => ({ body: { ...subscriberForm, data: { ...subscriberForm.data, name: 'Demo Holding' } } }),
};

describe('SubscribersPage', { timeout: 20_000 }, () => {
  it('lists the subscribers with tax number, city, e-mail and company count', async () => {
    const { rowTexts } = await renderAdminPage(<SubscribersPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-subscribers')).toHaveLength(1));
    expect(rowTexts('entity-list-subscribers')[0]?.slice(0, 5)).toEqual(['Demo Holding', 'PL1234567890', 'Warszawa', 'billing@demo.example', '1']);
  });

  it('opens the add dialog with the subscriber form, and the edit dialog filled in', async () => {
    const { user } = await renderAdminPage(<SubscribersPage />, routes);
    await user.click(screen.getByRole('button', { name: 'Add subscriber' }));
    const add = await screen.findByRole('dialog', { name: 'Add subscriber' });
    expect(await within(add).findByRole('textbox', { name: 'Tax number' })).toBeTruthy();
    expect(within(add).getByRole('textbox', { name: 'City' })).toBeTruthy();
    await user.click(within(add).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit subscriber' });
    expect(await within(edit).findByDisplayValue('Demo Holding')).toBeTruthy();
  });

  it('a subscriber billed for companies: names them without an action', async () => {
    const { user, rowTexts } = await renderAdminPage(<SubscribersPage />, {
      ...routes,
      'DELETE /api/subscribers/50': () => problem(409, { dependents: { companies: [{ id: 10, name: 'Demo Factory' }] } }),
    });
    await waitFor(() => expect(rowTexts('entity-list-subscribers')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByTestId('dependents-companies')).textContent).toContain('Demo Factory');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
  });
});
