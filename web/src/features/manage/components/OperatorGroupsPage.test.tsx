import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { morningDetail, operatorGroups } from '../test/fixtures.ts';
import { blockedDelete, expectUnassignThenDelete, listRows, openAddDialog } from '../test/list-flows.ts';
import { pagedReply, renderManage } from '../test/render-manage.tsx';

const api = {
  'GET /api/deviceoperatorgroups': (call: FakeCall) => pagedReply(operatorGroups, call),
  'GET /api/deviceoperatorgroups/new': () => ({
    body: {
      data: {},
      schema: { name: field('text', 'form.name', { required: true }), operators: field('entity', 'form.operators', { multiple: true }) },
      choices: { operators: [] },
      token: 't',
    },
  }),
};

const rows = () => listRows('deviceoperatorgroups', 5);

describe('OperatorGroupsPage', { timeout: 20_000 }, () => {
  it('lists the operator groups with their number of operators and todays productivity and averages per operator', async () => {
    const { calls } = await renderManage('/manage/device-operator-groups', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Morning shift', '2', '75%', '3:00', '2:15'],
      ['Night shift', '0', '—', '—', '—'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Productivity today' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Average activity today' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Average work today' })).toBeTruthy();
    // One call answers the figures of the whole page.
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/deviceoperatorgroups'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Morning shift' }).getAttribute('href')).toBe('/manage/device-operator-groups/20');
  });

  it('opens the add form', async () => {
    const { user } = await renderManage('/manage/device-operator-groups', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const dialog = await openAddDialog(user, 'Add operator group');
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Operators' })).toBeTruthy();
  });

  it('a group with operators is refused with them listed; unassigning them lets the delete through', async () => {
    const { user, calls } = await renderManage('/manage/device-operator-groups', {
      ...api,
      ...blockedDelete('/api/deviceoperatorgroups/20', 'operators', morningDetail.operators),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await expectUnassignThenDelete(user, calls, {
      path: '/api/deviceoperatorgroups/20',
      kind: 'operators',
      listed: 'Jan Nowak, Ola Kos',
      name: 'Morning shift',
    });
  });
});
