import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companies, deviceForm, devices, deviceTypes } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { AdminDevicesPage } from './AdminDevicesPage.tsx';

const routes = {
  'GET /api/devices': () => listReply(devices),
  'GET /api/devicetypes': () => listReply(deviceTypes),
  'GET /api/companies': () => listReply(companies),
  'GET /api/devices/new': () => ({ body: deviceForm }),
};

describe('AdminDevicesPage', { timeout: 20_000 }, () => {
  it('lists the devices of every company with their company, type, status and modules', async () => {
    const { rowTexts } = await renderAdminPage(<AdminDevicesPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-devices')).toHaveLength(2));
    expect(rowTexts('entity-list-devices').map((row) => row.slice(0, 5))).toEqual([
      ['Forklift A', 'Demo Factory', 'Forklift', 'Operational', 'SN-0021'],
      ['Truck 7', 'Northwind Logistics', 'Truck', 'Damaged', '—'],
    ]);
  });

  it('narrows the list to a device type', async () => {
    const { user, callsTo, rowTexts } = await renderAdminPage(<AdminDevicesPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-devices')).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Device type' }));
    await user.click(await screen.findByRole('option', { name: 'Truck' }));
    await waitFor(() => expect(callsTo('GET', '/api/devices').at(-1)?.query.get('filter')).toBe('{"deviceType":41}'));
  });

  it('narrows the list to a company', async () => {
    const { user, callsTo, rowTexts } = await renderAdminPage(<AdminDevicesPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-devices')).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: companies[1]!.name }));
    await waitFor(() => expect(callsTo('GET', '/api/devices').at(-1)?.query.get('filter')).toBe(`{"company":${companies[1]!.id}}`));
  });

  it('opens the add dialog with the devices form', async () => {
    const { user, callsTo } = await renderAdminPage(<AdminDevicesPage />, routes);
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add device' });
    await waitFor(() => expect(within(dialog).getAllByRole('textbox').length).toBeGreaterThan(0));
    expect(callsTo('GET', '/api/devices/new')).toHaveLength(1);
  });
});
