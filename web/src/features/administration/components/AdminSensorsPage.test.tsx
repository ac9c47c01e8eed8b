import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { companies, devices, sensorForm, sensors } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { AdminSensorsPage } from './AdminSensorsPage.tsx';

const routes = {
  'GET /api/sensors': () => listReply(sensors),
  'GET /api/companies': () => listReply(companies),
  'GET /api/devices': () => listReply(devices),
  'GET /api/sensors/new': () => ({ body: sensorForm }),
  'GET /api/unknown-modules': () => ({ body: { entries: [] } }),
  'GET /api/opcua-certificates': () => ({ body: { entries: [] } }),
};

const filterOf = (call: { query: URLSearchParams } | undefined) => JSON.parse(call?.query.get('filter') ?? '{}') as Record<string, unknown>;

describe('AdminSensorsPage', { timeout: 20_000 }, () => {
  it('lists the modules with protocol, company, device, activity, state, last location and work, and warranty', async () => {
    const { rowTexts, container } = await renderAdminPage(<AdminSensorsPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-sensors')).toHaveLength(2));
    const [online, offline] = rowTexts('entity-list-sensors');
    expect(online?.slice(0, 5)).toEqual(['GW-100', 'SN-0021', 'Gearwatch (HTTP/MQTT)', 'Demo FactoryForklift A', 'Yes']);
    expect(online?.[5]).toMatch(/^Online/);
    expect(online?.[6]).toBe('52.2297, 21.0122');
    expect(offline?.slice(0, 9)).toEqual([
      'GW-200',
      'SN-0022',
      'Teltonika (TCP)',
      'Northwind LogisticsNo device',
      'No',
      'Offlinenever connected',
      'None',
      'None',
      'None',
    ]);
    const states = [...container.querySelectorAll('[data-testid="sensor-state"]')].map((element) => element.getAttribute('data-state'));
    expect(states).toEqual(['online', 'offline']);
    // The 2020 warranty has run out.
    expect(container.querySelector('[data-expired="true"]')).toBeTruthy();
  });

  it('filters by company, a device of that company, activity and protocol; choosing a company clears the device', async () => {
    const { user, callsTo, rowTexts } = await renderAdminPage(<AdminSensorsPage />, routes);
    await waitFor(() => expect(rowTexts('entity-list-sensors')).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Device' }));
    // Without a company every device is offered, named with its company.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Demo Factory · Forklift A', 'Northwind Logistics · Truck 7']);
    await user.click(screen.getByRole('option', { name: 'Demo Factory · Forklift A' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/sensors').at(-1))).toEqual({ device: 31 }));

    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Logistics' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/sensors').at(-1))).toEqual({ company: 11 }));
    await user.click(screen.getByRole('combobox', { name: 'Device' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Truck 7']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Active' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/sensors').at(-1))).toEqual({ company: 11, active: false }));

    await user.click(screen.getByRole('combobox', { name: 'Protocol' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Gearwatch (HTTP/MQTT)',
      'Teltonika (TCP)',
      'OPC UA (machine server)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Teltonika (TCP)' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/sensors').at(-1))).toEqual({ company: 11, active: false, protocol: 'teltonika' }));
  });

  it('opens the add dialog with the module form', async () => {
    const { user } = await renderAdminPage(<AdminSensorsPage />, routes);
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add module' });
    expect(await within(dialog).findByRole('textbox', { name: /^Serial number/ })).toBeTruthy();
    expect(
      within(dialog).getByText('Printed on the GSM module; the module signs in with it. Gearwatch modules only: a Teltonika tracker has none.'),
    ).toBeTruthy();
  });

  it('the module form shows the send period with what it is for, filled in and sent back', async () => {
    const { user, callsTo, rowTexts } = await renderAdminPage(<AdminSensorsPage />, {
      ...routes,
      'GET /api/sensors/22/edit': () => ({
        body: { ...sensorForm, data: { ...sensorForm.data, company: 10, name: 'GW-200', serialNumber: '356307042441013', sendPeriodSeconds: 30 } },
      }),
      'PUT /api/sensors/22': () => ({ body: { id: 22 } }),
    });
    await waitFor(() => expect(rowTexts('entity-list-sensors')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit module' });
    const period = await within(dialog).findByRole('spinbutton', { name: 'Send period (s)' });
    expect((period as HTMLInputElement).value).toBe('30');
    expect(within(dialog).getByText(/the data acquisition period while the machine works.*A gap between records over twice it counts as no data/)).toBeTruthy();
    await user.clear(period);
    await user.type(period, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/api/sensors/22')).toHaveLength(1));
    expect(callsTo('PUT', '/api/sensors/22')[0]!.form!.get('sendPeriodSeconds')).toBe('45');
  });

  it('a module fitted to a device: unassigns it, then deletes', async () => {
    let fitted = true;
    const { user, rowTexts, calls } = await renderAdminPage(<AdminSensorsPage />, {
      ...routes,
      'DELETE /api/sensors/21': () => (fitted ? problem(409, { dependents: { devices: [{ id: 31, name: 'Forklift A' }] } }) : { body: {} }),
      'DELETE /api/sensors/21/devices': () => {
        fitted = false;
        return { body: {} };
      },
    });
    await waitFor(() => expect(rowTexts('entity-list-sensors')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Unassign all' }));
    expect(await screen.findByText('GW-100 has been deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/sensors/21',
      '/api/sensors/21/devices',
      '/api/sensors/21',
    ]);
  });

  it('shows the devices that tried to connect unregistered: Register opens the add form with the IMEI, Dismiss forgets one', async () => {
    let unknown = [
      {
        protocol: 'teltonika',
        serialNumber: '356307042441013',
        firstSeen: '2026-03-02T09:00:00.000Z',
        lastSeen: '2026-03-02T10:58:00.000Z',
        address: '192.0.2.10',
        attempts: 12,
      },
      {
        protocol: 'teltonika',
        serialNumber: '352093081452251',
        firstSeen: '2026-03-02T08:00:00.000Z',
        lastSeen: '2026-03-02T08:00:00.000Z',
        address: null,
        attempts: 1,
      },
    ];
    const { user, calls } = await renderAdminPage(<AdminSensorsPage />, {
      ...routes,
      'GET /api/unknown-modules': () => ({ body: { entries: unknown } }),
      'GET /api/sensors/new': () => ({ body: sensorForm }),
      'DELETE /api/unknown-modules/teltonika/352093081452251': () => {
        unknown = unknown.slice(0, 1);
        return { body: {} };
      },
    });
    const panel = await screen.findByTestId('unknown-modules');
    expect(within(panel).getByText('Unknown devices tried to connect: 2')).toBeTruthy();
    const rows = within(panel).getAllByTestId('unknown-module');
    expect(rows[0]?.textContent).toMatch(/^356307042441013Teltonika \(TCP\) · from 192\.0\.2\.10 · tries: 12 · last /);
    expect(rows[1]?.textContent).toContain('from an unknown address · tries: 1');

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(screen.getByTestId('unknown-modules')).getAllByTestId('unknown-module')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/unknown-modules/teltonika/352093081452251']);

    await user.click(within(screen.getByTestId('unknown-module')).getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add module' });
    expect(await within(dialog).findByRole('textbox', { name: /^Serial number/ })).toHaveProperty('value', '356307042441013');
  });
});
