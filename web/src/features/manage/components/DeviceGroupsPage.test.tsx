import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { deviceGroups, hall1Detail } from '../test/fixtures.ts';
import { pagedReply, renderManage } from '../test/render-manage.tsx';

const groupForm = {
  data: { name: null, description: null, devices: [] },
  schema: {
    name: field('text', 'form.name', { required: true }),
    description: field('textarea', 'form.description'),
    devices: field('entity', 'form.devices', { multiple: true }),
  },
  choices: { devices: [{ value: 1, label: 'Forklift A' }] },
  token: 't',
};

const api = {
  'GET /api/devicegroups': (call: Parameters<typeof pagedReply>[1]) => pagedReply(deviceGroups, call),
  'GET /api/devicegroups/new': () => ({ body: groupForm }),
};

function rows() {
  return [...document.querySelectorAll('[data-testid="entity-list-devicegroups"] tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(0, 5).map((cell) => cell.textContent));
}

describe('DeviceGroupsPage', { timeout: 20_000 }, () => {
  it('lists the groups with their device count and today’s productivity, activity and work averages', async () => {
    await renderManage('/manage/device-groups', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Hall 1', '2', '73%', '3:05', '2:15'],
      ['Hall 2', '0', '—', '—', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Hall 1' }).getAttribute('href')).toBe('/manage/device-group/10');
    expect(screen.getByRole('columnheader', { name: 'Productivity today' })).toBeTruthy();
  });

  it('opens the add form with the group fields translated', async () => {
    const { user } = await renderManage('/manage/device-groups', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(screen.getByTestId('page-actions')).getByRole('button', { name: 'Add device group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add device group' });
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Devices' })).toBeTruthy();
  });

  it('a group with devices is refused with them listed and offers to unassign them', async () => {
    let members = true;
    const { user, calls } = await renderManage('/manage/device-groups', {
      ...api,
      'DELETE /api/devicegroups/10': () => (members ? problem(409, { dependents: { devices: hall1Detail.devices } }) : { body: {} }),
      'DELETE /api/devicegroups/10/devices': () => {
        members = false;
        return { body: {} };
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const dependents = await within(dialog).findByTestId('dependents-devices');
    expect(within(dependents).getByText('Forklift A, Forklift B')).toBeTruthy();
    await user.click(within(dependents).getByRole('button', { name: 'Unassign all' }));
    expect(await screen.findByText('Hall 1 has been deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/devicegroups/10', '/api/devicegroups/10/devices', '/api/devicegroups/10']);
  });
});
