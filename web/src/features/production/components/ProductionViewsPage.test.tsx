import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listReply } from '../../../components/forms/test/replies.ts';
import { view } from '../test/fixtures.ts';
import { renderProduction } from '../test/render-production.tsx';

describe('the production views list', { timeout: 30_000 }, () => {
  it('shows each view with its type, both lines, the reset hours and the logo', async () => {
    await renderProduction('/production', {
      'GET /api/productionviews': () => listReply([view(), view({ id: 6, name: 'Packing', view_type: 'rows', logo: null, reset_time: ['00:00'] })]),
    });
    const table = await screen.findByTestId('entity-list-productionviews');
    const row = within(table).getByText('Hall 1 presses').closest('tr') as HTMLElement;
    expect(within(row).getByText('Columns')).toBeTruthy();
    expect(within(row).getByText('Line A')).toBeTruthy();
    expect(within(row).getByText('Press A · Parts made · goal 800 pcs')).toBeTruthy();
    // The fixed parameters are named in the interface language, the goal in minutes.
    expect(within(row).getByText('Press B · Device work · goal 420 min')).toBeTruthy();
    expect(within(row).getByText('06:00, 14:00, 22:00')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Logo of Hall 1 presses' })).toBeTruthy();
    const packing = within(table).getByText('Packing').closest('tr') as HTMLElement;
    expect(within(packing).getByText('Rows')).toBeTruthy();
    expect(within(packing).queryByRole('img')).toBeNull();
  });

  it('opens the live screen of a view', async () => {
    const { user, router } = await renderProduction('/production');
    const table = await screen.findByTestId('entity-list-productionviews');
    await user.click(within(table).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/production/5/live'));
  });

  it('deletes a view after confirmation and reads the list again', async () => {
    let deleted = false;
    const { user, callsTo } = await renderProduction('/production', {
      'GET /api/productionviews': () => listReply(deleted ? [] : [view()]),
      'DELETE /api/productionviews/5': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const table = await screen.findByTestId('entity-list-productionviews');
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Do you really want to delete Hall 1 presses?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Hall 1 presses has been deleted')).toBeTruthy();
    expect(callsTo('DELETE', '/api/productionviews/5')).toHaveLength(1);
    expect(await screen.findByText('No production views yet')).toBeTruthy();
  });

  it('shows the empty state with the button that opens the wizard', async () => {
    const { user } = await renderProduction('/production', { 'GET /api/productionviews': () => listReply([]) });
    const empty = (await screen.findByText('No production views yet')).closest('[role="status"]') as HTMLElement;
    await user.click(within(empty).getByRole('button', { name: 'New production view' }));
    expect(await screen.findByRole('dialog', { name: 'New production view' })).toBeTruthy();
  });
});
