import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field } from '../../../components/forms/test/fields.ts';
import { deviceGroups, hall1Detail } from '../test/fixtures.ts';
import { blockedDelete, expectUnassignThenDelete, listRows, openAddDialog } from '../test/list-flows.ts';
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

const rows = () => listRows('devicegroups', 5);

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
    const dialog = await openAddDialog(user, 'Add device group');
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Devices' })).toBeTruthy();
  });

  it('a group with devices is refused with them listed and offers to unassign them', async () => {
    const { user, calls } = await renderManage('/manage/device-groups', { ...api, ...blockedDelete('/api/devicegroups/10', 'devices', hall1Detail.devices) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await expectUnassignThenDelete(user, calls, { path: '/api/devicegroups/10', kind: 'devices', listed: 'Forklift A, Forklift B', name: 'Hall 1' });
  });

  it('copies a group from its row menu under the server’s copy name and lists it again', async () => {
    let copied = false;
    const { user, calls } = await renderManage('/manage/device-groups', {
      ...api,
      'GET /api/devicegroups': (call: Parameters<typeof pagedReply>[1]) =>
        pagedReply(copied ? [...deviceGroups, { ...deviceGroups[0]!, id: 12, name: 'Hall 1 (copy)' }] : deviceGroups, call),
      'POST /api/devicegroups/10/duplicate': () => {
        copied = true;
        return { status: 201, body: { id: 12 } };
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Duplicate' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate' });
    expect(within(dialog).getByText('A copy of Hall 1 will be created.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('The copy has been created')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.json])).toEqual([['/api/devicegroups/10/duplicate', {}]]);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]?.[0]).toBe('Hall 1 (copy)');
  });
});
