import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '@gearwatch/contracts';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { deviceGroups, devices, deviceTypes, forkliftA } from '../test/fixtures.ts';
import { blockedDelete, listRows, openAddDialog } from '../test/list-flows.ts';
import { listReply, pagedReply, renderManage } from '../test/render-manage.tsx';

const newDeviceForm: FormDefinition = {
  data: { name: null, deviceType: null, status: 'operational' },
  schema: {
    name: field('text', 'device.field.name', { required: true }),
    deviceType: field('entity', 'device.field.device-type', { required: true }),
    status: field('choice', 'device.field.status', { required: true }),
    requiredWork_mon: field('number', 'device.field.required-work.mon'),
  },
  choices: {
    deviceType: [{ value: 100, label: 'Forklift' }],
    status: [
      { value: 'operational', label: 'device.status.operational', translate: true },
      { value: 'damaged', label: 'device.status.damaged', translate: true },
    ],
  },
  token: 'new-token',
};

/** The list protocol over the fixtures: the group and type filters, paging in the headers. */
function devicesRoute(call: FakeCall) {
  const filter = JSON.parse(call.query.get('filter') ?? '{}') as { deviceGroup?: number; deviceType?: number };
  const found = devices.filter(
    (device) =>
      (filter.deviceGroup === undefined || device.groups.some((group) => group.id === filter.deviceGroup)) &&
      (filter.deviceType === undefined || device.deviceType.id === filter.deviceType),
  );
  return pagedReply(found, call);
}

const api = {
  'GET /api/devices': devicesRoute,
  'GET /api/devicegroups': () => listReply(deviceGroups),
  'GET /api/devicetypes': () => listReply(deviceTypes),
  'GET /api/devices/new': () => ({ body: newDeviceForm }),
};

/** The rows' cells as text, read straight from the DOM (role queries over a table are slow in happy-dom). */
const rows = () => listRows('devices', 6);

describe('DevicesPage', { timeout: 20_000 }, () => {
  it('lists the devices with type, groups, translated status and power state, and modules; names link to the device page', async () => {
    const { callsTo } = await renderManage('/manage/devices', api);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()).toEqual([
      ['Forklift A', 'Forklift', 'Hall 1', 'Operational', 'On', 'GW-100'],
      ['Forklift B', 'Forklift', 'Hall 1', 'Operational', 'Off', '—'],
      ['Press 1', 'Press', '—', 'Damaged', 'Pending', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Press 1' }).getAttribute('href')).toBe('/manage/device/3');
    expect(Object.fromEntries(callsTo('GET', '/api/devices')[0]?.query ?? [])).toEqual({ page: '1', page_size: '25' });
    expect(screen.getByText('1–3 of 3')).toBeTruthy();
  });

  it('filters by device group and by device type', async () => {
    const { user, callsTo } = await renderManage('/manage/devices', api);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'Device group' }));
    await user.click(await screen.findByRole('option', { name: 'Hall 1' }));
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Forklift A', 'Forklift B']));
    expect(callsTo('GET', '/api/devices').at(-1)?.query.get('filter')).toBe('{"deviceGroup":10}');

    await user.click(screen.getByRole('combobox', { name: 'Device type' }));
    await user.click(await screen.findByRole('option', { name: 'Press' }));
    await waitFor(() => expect(screen.getByText('Nothing matches your search')).toBeTruthy());
    expect(callsTo('GET', '/api/devices').at(-1)?.query.get('filter')).toBe('{"deviceGroup":10,"deviceType":200}');

    await user.click(screen.getByRole('combobox', { name: 'Device group' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Press 1']));
    expect(callsTo('GET', '/api/devices').at(-1)?.query.get('filter')).toBe('{"deviceType":200}');
  });

  it('sorts by type and searches by name', async () => {
    const { user, callsTo } = await renderManage('/manage/devices', api);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Type' }));
    await waitFor(() => expect(callsTo('GET', '/api/devices').at(-1)?.query.get('sort')).toBe('deviceType'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'press');
    await waitFor(() => expect(callsTo('GET', '/api/devices').at(-1)?.query.get('search')).toBe('press'));
  });

  it('opens the add form from the page actions, with the server’s labels translated', async () => {
    const { user, callsTo } = await renderManage('/manage/devices', api);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const dialog = await openAddDialog(user, 'Add device');
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Device type' })).toBeTruthy();
    expect(within(dialog).getByRole('spinbutton', { name: 'Required work on Monday (minutes)' })).toBeTruthy();
    expect(within(dialog).getByText('Operational')).toBeTruthy();
    expect(callsTo('GET', '/api/devices/new')).toHaveLength(1);
  });

  it('opens the edit form of a row', async () => {
    const { user, callsTo } = await renderManage('/manage/devices', {
      ...api,
      'GET /api/devices/1/edit': () => ({ body: { ...newDeviceForm, data: { name: 'Forklift A', deviceType: 100, status: 'operational' } } }),
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Forklift A'));
    expect(callsTo('GET', '/api/devices/1/edit')).toHaveLength(1);
  });

  it('a device with fitted modules is refused with them listed; unassigning them lets the delete through', async () => {
    const fitted = forkliftA.sensors.map(({ id, name }) => ({ id, name }));
    const { user, calls } = await renderManage('/manage/devices', { ...api, ...blockedDelete('/api/devices/1', 'sensors', fitted) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Do you really want to delete Forklift A?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const sensors = await within(dialog).findByTestId('dependents-sensors');
    expect(within(sensors).getByText('Assigned sensors')).toBeTruthy();
    expect(within(sensors).getByText('GW-100')).toBeTruthy();
    await user.click(within(sensors).getByRole('button', { name: 'Unassign all' }));
    expect(await screen.findByText('Forklift A has been deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/devices/1', '/api/devices/1/sensors', '/api/devices/1']);
  });

  it('shows the empty state with the add action when the company has no devices', async () => {
    await renderManage('/manage/devices', { ...api, 'GET /api/devices': () => ({ status: 204 }) });
    expect(await screen.findByText('No devices yet')).toBeTruthy();
    expect(screen.getByText('Add the first device of your company.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add device' })).toHaveLength(2);
  });
});
