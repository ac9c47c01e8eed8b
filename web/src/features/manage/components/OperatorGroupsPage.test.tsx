import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { morningDetail, operatorGroups } from '../test/fixtures.ts';
import { pagedReply, renderManage } from '../test/render-manage.tsx';

const api = {
  'GET /api/deviceoperatorgroups': (call: FakeCall) => pagedReply(operatorGroups, call),
  'GET /api/deviceoperatorgroups/new': () => ({
    body: { data: {}, schema: { name: field('text', 'form.name', { required: true }), operators: field('entity', 'form.operators', { multiple: true }) }, choices: { operators: [] }, token: 't' },
  }),
};

function rows() {
  return [...document.querySelectorAll('[data-testid="entity-list-deviceoperatorgroups"] tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent));
}

describe('OperatorGroupsPage', { timeout: 20_000 }, () => {
  it('lists the operator groups with their number of operators', async () => {
    await renderManage('/manage/device-operator-groups', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Morning shift', '2'],
      ['Night shift', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Morning shift' }).getAttribute('href')).toBe('/manage/device-operator-groups/20');
  });

  it('opens the add form', async () => {
    const { user } = await renderManage('/manage/device-operator-groups', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(screen.getByTestId('page-actions')).getByRole('button', { name: 'Add operator group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add operator group' });
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Operators' })).toBeTruthy();
  });

  it('a group with operators is refused with them listed; unassigning them lets the delete through', async () => {
    let members = true;
    const { user, calls } = await renderManage('/manage/device-operator-groups', {
      ...api,
      'DELETE /api/deviceoperatorgroups/20': () => (members ? problem(409, { dependents: { operators: morningDetail.operators } }) : { body: {} }),
      'DELETE /api/deviceoperatorgroups/20/operators': () => {
        members = false;
        return { body: {} };
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const dependents = await within(dialog).findByTestId('dependents-operators');
    expect(within(dependents).getByText('Jan Nowak, Ola Kos')).toBeTruthy();
    await user.click(within(dependents).getByRole('button', { name: 'Unassign all' }));
    expect(await screen.findByText('Morning shift has been deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/deviceoperatorgroups/20',
      '/api/deviceoperatorgroups/20/operators',
      '/api/deviceoperatorgroups/20',
    ]);
  });
});
