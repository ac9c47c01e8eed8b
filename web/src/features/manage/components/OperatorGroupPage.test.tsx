import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { morningDetail, nightShift, operatorGroups } from '../test/fixtures.ts';
import { listReply, renderManage } from '../test/render-manage.tsx';

const api = {
  'GET /api/deviceoperatorgroups': () => listReply(operatorGroups),
  'GET /api/deviceoperatorgroups/20': () => ({ body: morningDetail }),
  'GET /api/deviceoperatorgroups/21': () => ({ body: { ...nightShift, operators: [] } }),
};

describe('OperatorGroupPage', { timeout: 20_000 }, () => {
  it('shows the group’s operators linking to their pages', async () => {
    await renderManage('/manage/device-operator-groups/20', api);
    expect(await screen.findByRole('heading', { name: 'Morning shift' })).toBeTruthy();
    expect(screen.getByTestId('figure-operators').textContent).toBe('Operators2');
    expect(screen.getByTestId('figure-productivity').textContent).toBe('Productivity today75%');
    expect(screen.getByTestId('figure-activity').textContent).toBe('Average activity today3:00');
    expect(screen.getByTestId('figure-work').textContent).toBe('Average work today2:15');
    const links = within(screen.getByTestId('group-operator-links'));
    expect(links.getByRole('link', { name: 'Jan Nowak' }).getAttribute('href')).toBe('/manage/device-operator/3');
    expect(links.getByRole('link', { name: 'Ola Kos' }).getAttribute('href')).toBe('/manage/device-operator/4');
  });

  it('switches to another group with the redirect selector', async () => {
    const { user, router } = await renderManage('/manage/device-operator-groups/20', api);
    await screen.findByRole('heading', { name: 'Morning shift' });
    await user.click(screen.getByRole('combobox', { name: 'Go to group' }));
    await user.click(await screen.findByRole('option', { name: 'Night shift' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device-operator-groups/21'));
    expect(await screen.findByText('This group has no operators')).toBeTruthy();
  });

  it('deletes the group from its page and goes back to the list', async () => {
    const { user, router } = await renderManage('/manage/device-operator-groups/21', { ...api, 'DELETE /api/deviceoperatorgroups/21': () => ({ body: {} }) });
    await screen.findByRole('heading', { name: 'Night shift' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Do you really want to delete Night shift?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device-operator-groups'));
  });
});
