import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';

describe('the /manage routes', () => {
  it('opens the devices list from /manage under its title, the add action in the breadcrumb bar', async () => {
    // The app's test API has no devices (204): the list shows its empty state.
    const { router } = await renderApp('/manage', { signedIn: true });
    expect(await screen.findByText('No devices yet', undefined, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/devices'));
    const breadcrumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(breadcrumbs.getByText('Manage')).toBeTruthy();
    expect(breadcrumbs.getByText('Devices')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add device' }).length).toBeGreaterThan(0);
  }, 30_000);

  it('opens a device page that the API does not know as not found', async () => {
    await renderApp('/manage/device/5', { signedIn: true });
    expect(await screen.findByText('This item does not exist or has been deleted', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByText('Device 5')).toBeTruthy();
  }, 30_000);

  it('names a detail page’s breadcrumb and browser tab after its row', async () => {
    const group = {
      id: 3,
      name: 'Night shift',
      operatorCount: 1,
      operators: [{ id: 8, name: 'Jan Nowak' }],
      workAverage: null,
      activityAverage: null,
      productivity: null,
    };
    await renderApp('/manage/device-operator-groups/3', { signedIn: true, answers: { '/api/deviceoperatorgroups/3': group } });
    const breadcrumbs = within(await screen.findByRole('navigation', { name: 'Breadcrumbs' }, { timeout: 20_000 }));
    expect(await breadcrumbs.findByText('Night shift', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(breadcrumbs.queryByText('Operator group 3')).toBeNull();
    // The page's list comes between the area and the row, a link back to it.
    expect(breadcrumbs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Manage', '/manage'],
      ['Operator groups', '/manage/device-operator-groups'],
    ]);
    expect(document.title).toBe('Night shift · Gearwatch');
  }, 30_000);
});
