import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceGroups, hall1Detail, hall2 } from '../test/fixtures.ts';
import { listReply, renderManage } from '../test/render-manage.tsx';

const api = {
  'GET /api/devicegroups': () => listReply(deviceGroups),
  'GET /api/devicegroups/10': () => ({ body: hall1Detail }),
  'GET /api/devicegroups/11': () => ({ body: { ...hall2, devices: [] } }),
  'GET /api/devicegroups/10/edit': () => ({ body: { data: {}, schema: {}, choices: {}, token: 't' } }),
};

describe('DeviceGroupPage', { timeout: 20_000 }, () => {
  it('shows the group, today’s figures and its devices linking to their pages', async () => {
    await renderManage('/manage/device-group/10', api);
    expect(await screen.findByRole('heading', { name: 'Hall 1' })).toBeTruthy();
    expect(screen.getByText('The north hall')).toBeTruthy();
    expect(screen.getByTestId('figure-devices').textContent).toBe('Devices2');
    expect(screen.getByTestId('figure-productivity').textContent).toBe('Productivity today73%');
    expect(screen.getByTestId('figure-activity').textContent).toBe('Average activity today3:05');
    expect(screen.getByTestId('figure-work').textContent).toBe('Average work today2:15');
    const links = within(screen.getByTestId('group-device-links'));
    expect(links.getByRole('link', { name: 'Forklift A' }).getAttribute('href')).toBe('/manage/device/1');
    expect(links.getByRole('link', { name: 'Forklift B' }).getAttribute('href')).toBe('/manage/device/2');
  });

  it('switches to another group with the redirect selector', async () => {
    const { user, router } = await renderManage('/manage/device-group/10', api);
    await screen.findByRole('heading', { name: 'Hall 1' });
    await user.click(screen.getByRole('combobox', { name: 'Go to group' }));
    await user.click(await screen.findByRole('option', { name: 'Hall 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device-group/11'));
    expect(await screen.findByRole('heading', { name: 'Hall 2' })).toBeTruthy();
    expect(screen.getByText('This group has no devices')).toBeTruthy();
    expect(screen.getByTestId('figure-productivity').textContent).toBe('Productivity today—');
  });

  it('opens the edit form of the group', async () => {
    const { user, callsTo } = await renderManage('/manage/device-group/10', api);
    await screen.findByRole('heading', { name: 'Hall 1' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit device group' })).toBeTruthy();
    await waitFor(() => expect(callsTo('GET', '/api/devicegroups/10/edit')).toHaveLength(1));
  });
});
