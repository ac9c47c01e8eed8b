import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@gearwatch/contracts';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { cycles, devices, forkliftA, forkliftAForm, forkliftAStatus, readings, sessions } from '../test/fixtures.ts';
import { listReply, pagedReply, renderManage } from '../test/render-manage.tsx';

/** Every call of Forklift A's page, and the devices of the redirect selector. */
function deviceApi(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /api/devices': () => listReply(devices),
    'GET /api/devices/1': () => ({ body: forkliftA }),
    'GET /api/devices/1/status': () => ({ body: forkliftAStatus }),
    'GET /api/devices/1/readings/current': () => ({ body: { entries: readings } }),
    'GET /api/devices/1/battery-cycles': () => ({ body: { cycles } }),
    'GET /api/devices/1/operator-sessions': (call) => pagedReply(sessions, call),
    'GET /api/devices/1/edit': () => ({ body: forkliftAForm }),
    ...overrides,
  };
}

/** The cells of a table as text, row by row. */
function cells(testId: string) {
  return [...screen.getByTestId(testId).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
}

describe('DevicePage', { timeout: 20_000 }, () => {
  it('shows the device’s name, type, company, groups and state', async () => {
    await renderManage('/manage/device/1', deviceApi());
    const header = await screen.findByTestId('detail-header');
    expect(within(header).getByRole('heading', { name: 'Forklift A' })).toBeTruthy();
    expect(header.textContent).toContain('Type:Forklift');
    expect(header.textContent).toContain('Company:Demo Factory');
    expect(header.textContent).toContain('Groups:Hall 1');
    expect(within(header).getByText('Operational')).toBeTruthy();
    expect(within(header).getByText('On')).toBeTruthy();
    expect(within(header).getByText('Electric, 2.5 t')).toBeTruthy();
  });

  it('shows the status icons, the modules with their online state and the operators assigned', async () => {
    await renderManage('/manage/device/1', deviceApi());
    const status = await screen.findByTestId('device-status');
    await waitFor(() => expect(within(status).getByTestId('status-battery-voltage').textContent).toBe('48.2 V'));
    expect(within(status).getByTestId('status-operator').textContent).toBe('Jan Nowak');
    expect(within(status).getByTestId('device-activity').textContent).toBe('Active');
    expect(cells('modules-table')).toEqual([['GW-100', 'SN-0009', 'Online', '02/03/2026, 11:55']]);
    const operators = within(await screen.findByTestId('assigned-operators'));
    expect(operators.getByRole('link', { name: 'Jan Nowak' }).getAttribute('href')).toBe('/manage/device-operator/3');
    expect(operators.getByRole('link', { name: 'Ola Kos' })).toBeTruthy();
    // Only the chosen of the form's choices.
    expect(operators.queryByText('Piotr Zaręba')).toBeNull();
    expect(screen.getByTestId('device-operators').textContent).toContain('2 of 16');
  });

  it('shows the current readings with their units and times', async () => {
    await renderManage('/manage/device/1', deviceApi());
    await waitFor(() => expect(cells('readings-table')).toHaveLength(2));
    expect(cells('readings-table')).toEqual([
      ['Work', '300 s', '02/03/2026, 11:55'],
      ['Battery', '48.23 V', '02/03/2026, 11:55'],
    ]);
  });

  it('asks for the battery cycles of the last 30 days and shows them; another range asks again', async () => {
    const { user, callsTo } = await renderManage('/manage/device/1', deviceApi());
    await waitFor(() => expect(cells('cycles-table')).toHaveLength(2));
    const today = todayIn('Europe/Warsaw');
    expect(Object.fromEntries(callsTo('GET', '/api/devices/1/battery-cycles')[0]?.query ?? [])).toEqual({ from: addDays(today, -29), to: today });
    expect(cells('cycles-table')).toEqual([
      ['01/03/2026, 06:00', '01/03/2026, 14:00', '01/03/2026, 16:30', '2:30', '10:30', '52.1 V', '44.35 V', 'Done'],
      ['01/03/2026, 16:30', '—', '—', '—', '—', '52 V', '—', 'Discharging'],
    ]);
    // Each state with its own icon beside the text.
    const states = [...screen.getByTestId('cycles-table').querySelectorAll('[data-testid="cycle-state"]')];
    expect(states.map((node) => [node.getAttribute('data-state'), node.querySelectorAll('svg').length])).toEqual([
      ['done', 1],
      ['discharging', 1],
    ]);
    await user.click(within(screen.getByTestId('battery-cycles')).getByTestId('date-range-input'));
    await user.click(await screen.findByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(callsTo('GET', '/api/devices/1/battery-cycles')).toHaveLength(2));
    const last = Object.fromEntries(callsTo('GET', '/api/devices/1/battery-cycles')[1]?.query ?? []);
    expect(last.to).not.toBe(today);
  });

  it('says when there were no battery cycles', async () => {
    await renderManage('/manage/device/1', deviceApi({ 'GET /api/devices/1/battery-cycles': () => ({ body: { cycles: [] } }) }));
    expect(await screen.findByText('No battery cycles in this period')).toBeTruthy();
  });

  it('shows the operator history newest first, an unknown card by its number, with a paginator', async () => {
    const { callsTo } = await renderManage('/manage/device/1', deviceApi());
    await waitFor(() => expect(screen.getByTestId('operator-sessions').querySelectorAll('tbody tr')).toHaveLength(2));
    const history = within(screen.getByTestId('operator-sessions'));
    const rows = [...screen.getByTestId('operator-sessions').querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Jan Nowak', '02/03/2026, 06:00', 'In progress', '1:30', '1:00'],
      ['Unknown card FFEE01', '01/03/2026, 22:00', '01/03/2026, 23:30', '0:10', '—'],
    ]);
    expect(history.getByRole('link', { name: 'Jan Nowak' }).getAttribute('href')).toBe('/manage/device-operator/3');
    expect(Object.fromEntries(callsTo('GET', '/api/devices/1/operator-sessions')[0]?.query ?? [])).toEqual({ page: '1', page_size: '10', sort: '-start' });
    expect(history.getByTestId('list-paginator')).toBeTruthy();
  });

  it('switches to another device with the redirect selector', async () => {
    const { user, router, callsTo } = await renderManage(
      '/manage/device/1',
      deviceApi({ 'GET /api/devices/2': () => ({ body: devices[1] }), 'GET /api/devices/2/status': () => problem(404) }),
    );
    await screen.findByTestId('detail-header');
    await user.click(screen.getByRole('combobox', { name: 'Go to device' }));
    await user.click(await screen.findByRole('option', { name: 'Forklift B' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device/2'));
    expect(await screen.findByRole('heading', { name: 'Forklift B' })).toBeTruthy();
    expect(callsTo('GET', '/api/devices/2')).toHaveLength(1);
  });

  it('deletes the device after unassigning its modules and goes back to the list', async () => {
    let fitted = true;
    const { user, router } = await renderManage(
      '/manage/device/1',
      deviceApi({
        'DELETE /api/devices/1': () => (fitted ? problem(409, { dependents: { sensors: [{ id: 9, name: 'GW-100' }] } }) : { body: {} }),
        'DELETE /api/devices/1/sensors': () => {
          fitted = false;
          return { body: {} };
        },
      }),
    );
    const header = await screen.findByTestId('detail-header');
    await user.click(within(header).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Unassign all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/devices'));
  });

  it('deletes a device with unconfirmed alerts after confirming them', async () => {
    let open = true;
    const { user, router, calls } = await renderManage(
      '/manage/device/1',
      deviceApi({
        'DELETE /api/devices/1': () => (open ? problem(409, { dependents: { alerts: [{ id: 100, name: 'Low battery' }] } }) : { body: {} }),
        'DELETE /api/devices/1/alerts': () => {
          open = false;
          return { body: {} };
        },
      }),
    );
    const header = await screen.findByTestId('detail-header');
    await user.click(within(header).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alerts = await within(dialog).findByTestId('dependents-alerts');
    expect(within(alerts).getByText('Unconfirmed alerts')).toBeTruthy();
    expect(within(alerts).getByText('Low battery')).toBeTruthy();
    await user.click(within(alerts).getByRole('button', { name: 'Confirm all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/devices'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/devices/1', '/api/devices/1/alerts', '/api/devices/1']);
  });

  it('shows what the app composes in as the device’s alerts', async () => {
    await renderManage('/manage/device/1', deviceApi(), { alerts: (deviceId) => <p data-testid="alerts-slot">{`alerts of ${deviceId}`}</p> });
    expect((await screen.findByTestId('alerts-slot')).textContent).toBe('alerts of 1');
  });

  it('opens the edit form from the header', async () => {
    const { user, callsTo } = await renderManage('/manage/device/1', deviceApi());
    const header = await screen.findByTestId('detail-header');
    await user.click(within(header).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit device' })).toBeTruthy();
    // Once for the operators section, once for the dialog: each opening gets a fresh token.
    await waitFor(() => expect(callsTo('GET', '/api/devices/1/edit')).toHaveLength(2));
  });

  it('says so for a device that does not exist, with the way back to the list', async () => {
    await renderManage('/manage/device/99', deviceApi());
    expect(await screen.findByText('This item does not exist or has been deleted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/manage/devices');
  });

  it('a section that fails to load offers a retry; the rest of the page stays', async () => {
    let fail = true;
    const { user } = await renderManage(
      '/manage/device/1',
      deviceApi({ 'GET /api/devices/1/readings/current': () => (fail ? problem(500) : { body: { entries: readings } }) }),
    );
    const section = await screen.findByTestId('device-readings');
    expect(await within(section).findByText('This part could not be loaded')).toBeTruthy();
    expect(screen.getByTestId('device-status')).toBeTruthy();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cells('readings-table')).toHaveLength(2));
  });
});
