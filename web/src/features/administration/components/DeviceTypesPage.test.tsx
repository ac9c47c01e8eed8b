import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceTypeAdminEntry } from '@gearwatch/contracts';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { deviceTypeForm, deviceTypes, forkliftParameters, parameterForm } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { DeviceTypesPage } from './DeviceTypesPage.tsx';

const detail = (type: DeviceTypeAdminEntry, parameters: unknown[] = []) => ({ body: { ...type, parameters } });

/** The catalogue: the two fixtures, plus whatever a test adds (a copy). */
function catalogue(extra: DeviceTypeAdminEntry[] = []) {
  const all = () => [...deviceTypes, ...extra];
  return {
    'GET /api/devicetypes': () => listReply(all()),
    'GET /api/devicetypes/new': () => ({ body: deviceTypeForm }),
    'GET /api/devicetypes/40': () => detail(deviceTypes[0] as DeviceTypeAdminEntry, forkliftParameters),
    'GET /api/devicetypes/41': () => detail(deviceTypes[1] as DeviceTypeAdminEntry),
    'GET /api/parameters': (call: FakeCall) => listReply(call.query.get('filter') === '{"deviceType":40}' ? forkliftParameters : []),
    'GET /api/parameters/new': () => ({ body: parameterForm }),
  };
}

const PAGE = { path: '/administration/devices-types' };

describe('DeviceTypesPage', { timeout: 20_000 }, () => {
  it('lists the types of the admin context with description and counts, and asks to choose one', async () => {
    const { rowTexts, callsTo } = await renderAdminPage(<DeviceTypesPage />, catalogue(), PAGE);
    await waitFor(() => expect(rowTexts('entity-list-devicetypes')).toHaveLength(2));
    expect(rowTexts('entity-list-devicetypes').map((row) => row.slice(0, 4))).toEqual([
      ['Forklift', 'Electric forklifts', '12', '2'],
      ['Truck', '—', '1', '0'],
    ]);
    expect(callsTo('GET', '/api/devicetypes')[0]?.query.get('context')).toBe('admin');
    expect(screen.getByTestId('parameters-hint').textContent).toBe('Choose a device type to see its parameters.');
    expect(callsTo('GET', '/api/parameters')).toEqual([]);
  });

  it('opens the add dialog with the device type form', async () => {
    const { user } = await renderAdminPage(<DeviceTypesPage />, catalogue(), PAGE);
    await user.click(screen.getByRole('button', { name: 'Add device type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add device type' });
    expect(await within(dialog).findByRole('textbox', { name: /^Name/ })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeTruthy();
  });

  it('shows the parameters of the chosen type with number, name, unit, aggregation, tags, Teltonika IO and public', async () => {
    const { user, rowTexts, callsTo, router } = await renderAdminPage(<DeviceTypesPage />, catalogue(), PAGE);
    await waitFor(() => expect(rowTexts('entity-list-devicetypes')).toHaveLength(2));
    await user.click(screen.getByText('Forklift'));
    const panel = await screen.findByTestId('device-type-parameters');
    expect(await within(panel).findByRole('heading', { name: 'Parameters of Forklift' })).toBeTruthy();
    await waitFor(() => expect(rowTexts('entity-list-parameters')).toHaveLength(2));
    expect(rowTexts('entity-list-parameters').map((row) => row.slice(0, 7))).toEqual([
      ['1', 'Work', 's', 'Sum', 'effective work time', '—', 'Yes'],
      ['12', 'Battery voltage', 'V', 'Average', '', 'IO 67 × 0.001', 'No'],
    ]);
    expect(Object.fromEntries(callsTo('GET', '/api/parameters')[0]?.query ?? [])).toMatchObject({ filter: '{"deviceType":40}', sort: 'number' });
    // The choice is in the address, so a reload or a link shows the same type.
    expect(router.state.location.search).toBe('?type=40');

    await user.click(within(panel).getByRole('button', { name: 'Add parameter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add parameter' });
    expect(await within(dialog).findByRole('spinbutton', { name: /^Number/ })).toBeTruthy();
  });

  it('opens with the type of the address and shows its empty parameter list', async () => {
    const { rowTexts } = await renderAdminPage(<DeviceTypesPage />, catalogue(), { ...PAGE, url: '/administration/devices-types?type=41' });
    expect(await screen.findByRole('heading', { name: 'Parameters of Truck' })).toBeTruthy();
    expect(await screen.findByText('This device type has no parameters yet')).toBeTruthy();
    expect(rowTexts('entity-list-parameters')).toEqual([]);
  });

  it('duplicates a type under a new name and shows the copy’s parameters', async () => {
    const copy: DeviceTypeAdminEntry = { id: 42, name: 'Forklift XL', description: 'Electric forklifts', deviceCount: 0, parameterCount: 2 };
    const added: DeviceTypeAdminEntry[] = [];
    const { user, rowTexts, callsTo, router } = await renderAdminPage(
      <DeviceTypesPage />,
      {
        ...catalogue(added),
        'POST /api/devicetypes/40/duplicate': () => {
          added.push(copy);
          return { status: 201, body: { id: 42 } };
        },
        'GET /api/devicetypes/42': () => detail(copy, forkliftParameters),
      },
      PAGE,
    );
    await waitFor(() => expect(rowTexts('entity-list-devicetypes')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Duplicate' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate' });
    expect(within(dialog).getByText('A copy of Forklift will be created.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'New name' }), 'Forklift XL');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByText('The copy has been created')).toBeTruthy();
    expect(callsTo('POST', '/api/devicetypes/40/duplicate')[0]?.json).toEqual({ name: 'Forklift XL' });
    await waitFor(() => expect(rowTexts('entity-list-devicetypes')).toHaveLength(3));
    expect(router.state.location.search).toBe('?type=42');
    expect(await screen.findByRole('heading', { name: 'Parameters of Forklift XL' })).toBeTruthy();
    await waitFor(() => expect(callsTo('GET', '/api/parameters').at(-1)?.query.get('filter')).toBe('{"deviceType":42}'));
  });

  it('a type that devices have: names them without an action', async () => {
    const { user, rowTexts } = await renderAdminPage(
      <DeviceTypesPage />,
      { ...catalogue(), 'DELETE /api/devicetypes/40': () => problem(409, { dependents: { devices: [{ id: 31, name: 'Forklift A' }] } }) },
      PAGE,
    );
    await waitFor(() => expect(rowTexts('entity-list-devicetypes')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const devices = await within(dialog).findByTestId('dependents-devices');
    expect(devices.textContent).toContain('Forklift A');
    expect(within(devices).queryByRole('button')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
  });
});
