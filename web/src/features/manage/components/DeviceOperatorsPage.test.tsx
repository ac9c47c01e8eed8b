import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { operatorGroups, operators } from '../test/fixtures.ts';
import { listRows, openAddDialog } from '../test/list-flows.ts';
import { listReply, pagedReply, renderManage } from '../test/render-manage.tsx';

const operatorForm = {
  data: {},
  schema: {
    firstname: field('text', 'form.firstname', { required: true }),
    lastname: field('text', 'form.lastname', { required: true }),
    email: field('email', 'form.email'),
    group: field('entity', 'form.group'),
    position: field('text', 'form.position'),
    rfid: field('text', 'form.rfid', { changeToUpperCase: true }),
    phone: field('text', 'form.phone'),
    supervisor: field('text', 'form.supervisor'),
    companyName: field('text', 'form.company-name'),
    devices: field('entity', 'form.devices', { multiple: true }),
  },
  choices: { group: [], devices: [] },
  token: 't',
};

const api = {
  'GET /api/deviceoperators': (call: FakeCall) => {
    const group = (JSON.parse(call.query.get('filter') ?? '{}') as { group?: number }).group;
    return pagedReply(
      operators.filter((operator) => group === undefined || operator.group?.id === group),
      call,
    );
  },
  'GET /api/deviceoperatorgroups': () => listReply(operatorGroups),
  'GET /api/deviceoperators/new': () => ({ body: operatorForm }),
};

const rows = () => listRows('deviceoperators', 7);

describe('DeviceOperatorsPage', { timeout: 20_000 }, () => {
  it('lists the operators with RFID, group, position, phone, e-mail and device count', async () => {
    await renderManage('/manage/device-operators', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Jan Nowak', 'A1B2C3', 'Morning shift', 'Driver', '+48 600 100 200', 'jan@example.com', '1'],
      ['Ola Kos', '—', 'Morning shift', '—', '—', '—', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Jan Nowak' }).getAttribute('href')).toBe('/manage/device-operator/3');
  });

  it('filters by operator group', async () => {
    const { user, callsTo } = await renderManage('/manage/device-operators', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Operator group' }));
    await user.click(await screen.findByRole('option', { name: 'Night shift' }));
    await waitFor(() => expect(screen.getByText('Nothing matches your search')).toBeTruthy());
    expect(callsTo('GET', '/api/deviceoperators').at(-1)?.query.get('filter')).toBe('{"group":21}');
  });

  it('opens the add form with every operator field translated', async () => {
    const { user } = await renderManage('/manage/device-operators', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const dialog = await openAddDialog(user, 'Add operator');
    for (const label of ['First name', 'Last name', 'E-mail', 'Position', 'RFID card number', 'Phone', 'Supervisor', 'Company name']) {
      expect(await within(dialog).findByRole('textbox', { name: label })).toBeTruthy();
    }
    expect(within(dialog).getByRole('combobox', { name: 'Group' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Devices' })).toBeTruthy();
  });

  it('an operator assigned to devices is refused with them listed and offers to unassign them', async () => {
    const { user, callsTo } = await renderManage('/manage/device-operators', {
      ...api,
      'DELETE /api/deviceoperators/3': () => problem(409, { dependents: { devices: [{ id: 1, name: 'Forklift A' }] } }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const dependents = await within(dialog).findByTestId('dependents-devices');
    expect(within(dependents).getByText('Forklift A')).toBeTruthy();
    expect(within(dependents).getByRole('button', { name: 'Unassign all' })).toBeTruthy();
    expect(callsTo('DELETE', '/api/deviceoperators/3')).toHaveLength(1);
  });
});
