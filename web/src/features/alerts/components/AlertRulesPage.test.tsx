import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { batteryRule, batteryRuleDetail, cardRule, draftRule, ruleForm } from '../test/fixtures.ts';
import { filterOf, listReply, renderAlerts } from '../test/render-alerts.tsx';

function rulesApi(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /api/alertrules': () => listReply([batteryRule, cardRule]),
    'PATCH /api/alertrules/6/enable': () => ({ body: { ...batteryRuleDetail, ...cardRule, enabled: true } }),
    'GET /api/alertrules/5/edit': () => ({ body: ruleForm('rule-edit', { name: 'Low battery', type: 'value', importance: 'error' }, true) }),
    'PUT /api/alertrules/5': () => ({ body: { id: 5 } }),
    ...overrides,
  };
}

function rows() {
  return [...document.querySelectorAll('[data-testid="entity-list-alertrules"] tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 5).map((cell) => cell.textContent),
  );
}

describe('AlertRulesPage', { timeout: 20_000 }, () => {
  it('marks a rule the wizard was left on as a draft (issue 32 item 6), and no other', async () => {
    await renderAlerts('/alerts/alert-rules', rulesApi({ 'GET /api/alertrules': () => listReply([batteryRule, draftRule]) }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row[0])).toEqual(['Low battery', 'Half-made ruleDraft']);
    expect(screen.getAllByTestId('rule-draft')).toHaveLength(1);
  });

  it('lists the rules with their type, importance, enabled toggle and device count', async () => {
    await renderAlerts('/alerts/alert-rules', rulesApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Low battery', 'Parameter value', 'Critical', '', '2'],
      ['Unknown cards', 'Unknown RFID card', 'Info', '', '1'],
    ]);
    const toggles = screen.getAllByRole('switch', { name: 'Enabled' }) as HTMLInputElement[];
    expect(toggles.map((toggle) => toggle.checked)).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'Low battery' }).getAttribute('href')).toBe('/alerts/alert-rule/5');
  });

  it('enables a rule with PATCH enable', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/alert-rules', rulesApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('switch', { name: 'Enabled' })[1] as HTMLElement);
    await waitFor(() => expect(callsTo('PATCH', '/api/alertrules/6/enable')).toHaveLength(1));
  });

  it('filters by type, importance and enabled', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/alert-rules', rulesApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    const pick = async (field: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Type', 'Parameter value');
    await pick('Importance', 'Critical');
    await pick('Enabled', 'Disabled');
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/alertrules').at(-1))).toEqual({ type: 'value', importance: 'error', enabled: false }));
  });

  it('edits a rule in the server’s form', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/alert-rules', rulesApi());
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert rule' });
    await user.clear(await within(dialog).findByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Battery');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/api/alertrules/5')).toHaveLength(1));
    expect(callsTo('PUT', '/api/alertrules/5')[0]?.form?.get('name')).toBe('Battery');
  });

  it('deletes a rule after its dependents are unassigned', async () => {
    let linked = true;
    const { user, calls } = await renderAlerts(
      '/alerts/alert-rules',
      rulesApi({
        'DELETE /api/alertrules/5': () =>
          linked
            ? problem(409, { dependents: { devices: [{ id: 1, name: 'Forklift A' }], conditions: [{ id: 50, name: 'Battery voltage < 11.5' }] } })
            : { body: {} },
        'DELETE /api/alertrules/5/devices': () => {
          linked = false;
          return { body: {} };
        },
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const devices = await within(dialog).findByTestId('dependents-devices');
    expect(within(dialog).getByTestId('dependents-conditions').textContent).toContain('Remove all');
    await user.click(within(devices).getByRole('button', { name: 'Unassign all' }));
    expect(await screen.findByText('Low battery has been deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/alertrules/5',
      '/api/alertrules/5/devices',
      '/api/alertrules/5',
    ]);
  });

  it('opens the wizard from Add', async () => {
    const { user } = await renderAlerts('/alerts/alert-rules', rulesApi({ 'GET /api/alertrules/new': () => ({ body: ruleForm() }) }));
    await user.click(within(screen.getByTestId('page-actions')).getByRole('button', { name: 'Add alert rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['1Name and type', '2Devices', '3Condition', '4Users']);
  });
});
