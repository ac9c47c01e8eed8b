import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { activeAlert, batteryRuleDetail, valueConditionForm } from '../test/fixtures.ts';
import { filterOf, listReply, renderAlerts } from '../test/render-alerts.tsx';

function ruleApi(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /api/alertrules/5': () => ({ body: batteryRuleDetail }),
    'GET /api/alertrules/5/conditions/new': () => ({ body: valueConditionForm() }),
    'GET /api/alerts': () => listReply([activeAlert]),
    'PATCH /api/alertrules/5/disable': () => ({ body: { ...batteryRuleDetail, enabled: false } }),
    'PATCH /api/alertrules/5/devices/2/assign': () => ({
      body: { ...batteryRuleDetail, devices: [...batteryRuleDetail.devices, { id: 2, name: 'Forklift B' }] },
    }),
    'PATCH /api/alertrules/5/users/7/unassign': () => ({ status: 400, body: { errors: {}, rootErrors: ['alert-rule.unassign-not-allowed'] } }),
    ...overrides,
  };
}

describe('AlertRulePage', { timeout: 20_000 }, () => {
  it('shows the rule: name, type, importance, enabled, stats, description and its conditions in words', async () => {
    await renderAlerts('/alerts/alert-rule/5', ruleApi());
    const header = await screen.findByTestId('rule-header');
    expect(within(header).getByRole('heading', { name: 'Low battery' })).toBeTruthy();
    expect(header.textContent).toContain('Parameter value');
    expect(header.textContent).toContain('Critical');
    expect(within(header).getByTestId('alarm-stats').textContent).toBe('Critical: 2');
    // The generated description, written now from the rule's condition, and under it the one its author wrote.
    expect(within(header).getByTestId('rule-summary').textContent).toBe('Value of Battery voltage < 11.5 V (repeated at most every 10 min)');
    expect(within(header).getByTestId('rule-description').textContent).toBe('Send the truck to the charger');
    await waitFor(() =>
      expect(screen.getByTestId('rule-condition').textContent).toContain('Value of Battery voltage < 11.5 V (repeated at most every 10 min)'),
    );
  });

  it('shows its devices, groups and users, and its recent alerts', async () => {
    const { callsTo } = await renderAlerts('/alerts/alert-rule/5', ruleApi());
    const devices = await screen.findByTestId('rule-devices');
    expect(within(devices).getByText('Forklift A')).toBeTruthy();
    expect(within(screen.getByTestId('rule-devicegroups')).getByText('Hall 1')).toBeTruthy();
    expect(within(screen.getByTestId('rule-users')).getByText('Anna Kowalska')).toBeTruthy();
    await waitFor(() => expect(callsTo('GET', '/api/alerts')).toHaveLength(1));
    expect(filterOf(callsTo('GET', '/api/alerts')[0])).toEqual({ rule: 5 });
    expect(await within(screen.getByTestId('rule-alerts')).findByText('Forklift A')).toBeTruthy();
  });

  it('says a new rule has no alerts yet, not that nothing matches a search', async () => {
    await renderAlerts('/alerts/alert-rule/5', ruleApi({ 'GET /api/alerts': () => ({ status: 204 }) }));
    const recent = await screen.findByTestId('rule-alerts');
    expect(await within(recent).findByText('No alerts from this rule yet')).toBeTruthy();
    expect(within(recent).queryByText('Nothing matches your search')).toBeNull();
  });

  it('assigns a device and disables the rule', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/alert-rule/5', ruleApi());
    const devices = await screen.findByTestId('rule-devices');
    await user.click(within(within(devices).getByTestId('add-devices')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Forklift B' }));
    await user.click(within(devices).getByRole('button', { name: 'Add' }));
    expect(await within(devices).findByText('Forklift B', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(callsTo('PATCH', '/api/alertrules/5/devices/2/assign')).toHaveLength(1);
    await user.click(within(screen.getByTestId('rule-header')).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/alertrules/5/disable')).toHaveLength(1));
  });

  it('edits a condition in the server’s form, the value labelled with its parameter’s unit', async () => {
    const { user, callsTo } = await renderAlerts(
      '/alerts/alert-rule/5',
      ruleApi({
        'GET /api/alertrules/5/conditions/50/edit': () => ({
          body: { ...valueConditionForm('condition-edit'), data: { variable: 3, operator: 'lt', argument: 11.5, date_interval: '10m' } },
        }),
        'PUT /api/alertrules/5/conditions/50': () => ({ body: { id: 50 } }),
      }),
    );
    const conditions = await screen.findByTestId('rule-conditions');
    await user.click(within(conditions).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit condition' });
    const argument = await within(dialog).findByRole('spinbutton', { name: 'Value (V)' });
    await user.clear(argument);
    await user.type(argument, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/api/alertrules/5/conditions/50')).toHaveLength(1));
    expect(callsTo('PUT', '/api/alertrules/5/conditions/50')[0]?.form?.get('argument')).toBe('11');
  });

  it('shows the refusal to unassign the last user of an enabled rule', async () => {
    const { user } = await renderAlerts('/alerts/alert-rule/5', ruleApi());
    const users = await screen.findByTestId('rule-users');
    const chip = within(users).getByText('Anna Kowalska').closest('.MuiChip-root') as HTMLElement;
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(await screen.findByText('Not allowed to unassign')).toBeTruthy();
    expect(within(users).getByText('Anna Kowalska')).toBeTruthy();
  });

  it('shows an archived rule read-only with a notice', async () => {
    await renderAlerts('/alerts/alert-rule/5', ruleApi({ 'GET /api/alertrules/5': () => ({ body: { ...batteryRuleDetail, archived: true } }) }));
    expect((await screen.findByTestId('rule-archived')).textContent).toBe('This rule has been deleted; it is kept read-only for its alerts');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add condition' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('says so when the rule does not exist', async () => {
    await renderAlerts('/alerts/alert-rule/9', {});
    expect(await screen.findByText('This alert rule does not exist or you may not see it')).toBeTruthy();
  });
});
