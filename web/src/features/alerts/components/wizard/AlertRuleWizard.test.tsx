import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../../components/forms/test/fake-api.ts';
import type { FakeCall, FakeHandler } from '../../../../components/forms/test/fake-api.ts';
import { batteryRule, batteryRuleDetail, preview, ruleForm, valueConditionForm } from '../../test/fixtures.ts';
import { listReply, renderAlerts } from '../../test/render-alerts.tsx';

/** The server side of a new rule (id 5): its forms, the links, the condition, the preview, the rule page after. */
function wizardApi(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /api/alertrules': () => listReply([batteryRule]),
    'GET /api/alertrules/new': () => ({ body: ruleForm() }),
    'POST /api/alertrules': () => ({ status: 201, body: { id: 5 } }),
    'GET /api/alertrules/5/edit': () => ({ body: ruleForm('rule-edit', { name: 'Low battery', type: 'value' }, true) }),
    'PUT /api/alertrules/5': () => ({ body: { id: 5 } }),
    'PATCH /api/alertrules/5/devices/1/assign': () => ({ body: batteryRuleDetail }),
    'PATCH /api/alertrules/5/devices/1,2/assign': () => ({ body: batteryRuleDetail }),
    'PATCH /api/alertrules/5/devices/2/assign': () => ({ body: batteryRuleDetail }),
    'PATCH /api/alertrules/5/devicegroups/10/assign': () => ({ body: batteryRuleDetail }),
    'GET /api/alertrules/5/conditions/new': () => ({ body: valueConditionForm() }),
    'POST /api/alertrules/5/conditions': () => ({ status: 201, body: { id: 50 } }),
    'POST /api/alertrules/5/preview': () => ({ body: preview }),
    'PATCH /api/alertrules/5/users/7/assign': () => ({ body: batteryRuleDetail }),
    'PATCH /api/alertrules/5/enable': () => ({ body: batteryRuleDetail }),
    'GET /api/alertrules/5': () => ({ body: batteryRuleDetail }),
    'GET /api/alertrules/5/conditions/50/edit': () => ({ body: valueConditionForm('condition-edit') }),
    'GET /api/alerts': () => listReply([]),
    ...overrides,
  };
}

const writes = (calls: readonly FakeCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);

async function openWizard(user: UserEvent) {
  await user.click(await within(screen.getByTestId('page-actions')).findByRole('button', { name: 'Add alert rule' }));
  return screen.findByRole('dialog', { name: 'Add alert rule' });
}

async function choose(user: UserEvent, scope: HTMLElement, field: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Step 1 filled in: a name and the type, then Continue. */
async function fillRule(user: UserEvent, dialog: HTMLElement, type = 'Parameter value') {
  await user.type(await within(dialog).findByRole('textbox', { name: 'Name' }), 'Low battery');
  await choose(user, dialog, 'Type', type);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(dialog.querySelector('form')?.getAttribute('data-step')).toBe('devices'));
}

async function pickDevice(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(within(dialog).getByTestId('pick-devices')).getByRole('combobox'));
  await user.click(await screen.findByRole('option', { name }));
}

const step = (dialog: HTMLElement) => dialog.querySelector('form')?.getAttribute('data-step');

describe('the alert-rule wizard', { timeout: 30_000 }, () => {
  it('walks the four steps: creates the draft, links the device, saves the condition (no description written), links the users, enables the rule and opens it', async () => {
    const { user, calls, router } = await renderAlerts('/alerts/alert-rules', wizardApi());
    const dialog = await openWizard(user);
    await fillRule(user, dialog);
    const created = calls.find((call) => call.method === 'POST' && call.path === '/api/alertrules');
    expect(Object.fromEntries(created?.form ?? [])).toEqual({ name: 'Low battery', type: 'value', importance: 'warning', description: '', token: 'rule-new' });

    await pickDevice(user, dialog, 'Forklift A');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('condition'));

    const condition = within(dialog).getByTestId('wizard-step-condition');
    // The argument's label follows the chosen parameter's unit.
    expect(await within(condition).findByRole('spinbutton', { name: 'Value' })).toBeTruthy();
    await choose(user, condition, 'Parameter', 'Battery voltage');
    await choose(user, condition, 'Comparison', 'less than (<)');
    await user.type(within(condition).getByRole('spinbutton', { name: 'Value (V)' }), '11.5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('users'));

    const conditionPost = calls.find((call) => call.method === 'POST' && call.path === '/api/alertrules/5/conditions');
    expect(Object.fromEntries(conditionPost?.form ?? [])).toMatchObject({
      variable: '3',
      operator: 'lt',
      argument: '11.5',
      date_interval: '10m',
      token: 'condition-new',
    });
    // The generated description is written whenever the rule is read, in the reader's language: never stored.
    expect(calls.find((call) => call.method === 'PUT' && call.path === '/api/alertrules/5')).toBeUndefined();

    // Step 4: the signed-in user is chosen, and told what it means.
    const users = within(dialog).getByTestId('wizard-step-users');
    expect(within(users).getByText('The chosen users receive the alerts of this rule.')).toBeTruthy();
    expect(within(users).getByText('Anna Kowalska')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts/alert-rule/5'));
    expect(await screen.findByText('The alert rule has been created')).toBeTruthy();
    expect(writes(calls).filter((entry) => !entry.includes('preview'))).toEqual([
      'POST /api/alertrules',
      'PATCH /api/alertrules/5/devices/1/assign',
      'POST /api/alertrules/5/conditions',
      'PATCH /api/alertrules/5/users/7/assign',
      // Finish ends the draft.
      'PATCH /api/alertrules/5/enable',
    ]);
  });

  it('asks for no preview until the required fields are filled, and refuses a threshold out of its unit range (issue 32 item 8)', async () => {
    const { user, calls, callsTo } = await renderAlerts('/alerts/alert-rules', wizardApi());
    const dialog = await openWizard(user);
    await fillRule(user, dialog);
    await pickDevice(user, dialog, 'Forklift A');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const condition = await within(dialog).findByTestId('wizard-step-condition');
    await choose(user, condition, 'Parameter', 'Battery voltage');
    // The argument is still empty: nothing to preview, so no call (which would answer 400).
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(callsTo('POST', '/api/alertrules/5/preview')).toEqual([]);
    expect(within(condition).getAllByText('Repeat at most every').length).toBeGreaterThan(0);
    // Pasted, not typed: typed key by key, "-9" and "-99" are in range and a slow machine's debounce could preview them.
    await user.click(within(condition).getByRole('spinbutton', { name: 'Value (V)' }));
    await user.paste('-99999999999');
    expect(await within(condition).findByText('This value is outside the allowed range')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(step(dialog)).toBe('condition');
    expect(writes(calls).filter((entry) => entry.includes('conditions') || entry.includes('preview'))).toEqual([]);
  });

  it('shows how often the condition would have fired on the chosen devices in the last 7 days', async () => {
    const { user, callsTo } = await renderAlerts('/alerts/alert-rules', wizardApi());
    const dialog = await openWizard(user);
    await fillRule(user, dialog);
    await pickDevice(user, dialog, 'Forklift A');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const condition = await within(dialog).findByTestId('wizard-step-condition');
    await choose(user, condition, 'Parameter', 'Battery voltage');
    await user.type(within(condition).getByRole('spinbutton', { name: 'Value (V)' }), '11.5');
    const summary = await within(condition).findByTestId('preview-summary', undefined, { timeout: 5000 });
    expect(summary.textContent).toContain('opened alerts: 3');
    expect(summary.textContent).toContain('Occurrences, repeats included: 17');
    expect(within(condition).getByTestId('preview-devices').textContent).toBe('Forklift A: alerts 3, occurrences 17');
    expect(within(condition).getByText('In the last 7 days this rule would have…')).toBeTruthy();
    // The condition being edited, as JSON (debounced: the last state, not every key). The summary above may come from
    // an earlier state's answer on a busy machine; the last state's call follows within the debounce.
    await waitFor(
      () => expect(callsTo('POST', '/api/alertrules/5/preview').at(-1)?.json).toEqual({ variable: 3, operator: 'gt', argument: 11.5, date_interval: '10m' }),
      {
        timeout: 5000,
      },
    );
  });

  it('refuses step 2 without a device or a group, with form.field.error.not-blank on the fields', async () => {
    const { user, calls } = await renderAlerts('/alerts/alert-rules', wizardApi());
    const dialog = await openWizard(user);
    await fillRule(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findAllByText('This value should not be blank')).toHaveLength(2);
    expect(step(dialog)).toBe('devices');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('skips the condition of a rule type that needs none, with alert-rule.no-conditions-needed', async () => {
    const { user, calls, callsTo } = await renderAlerts('/alerts/alert-rules', wizardApi());
    const dialog = await openWizard(user);
    await fillRule(user, dialog, 'Unknown RFID card');
    await pickDevice(user, dialog, 'Forklift A');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('condition'));
    expect(within(dialog).getByTestId('no-conditions-needed').textContent).toBe('This type of rule needs no condition');
    await waitFor(() => expect(callsTo('POST', '/api/alertrules/5/preview')[0]?.json).toEqual({}));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('users'));
    expect(calls.some((call) => call.path.startsWith('/api/alertrules/5/conditions'))).toBe(false);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('does not send a step again unless it was edited; an edited step is sent again (PUT, assign)', async () => {
    const { user, calls } = await renderAlerts('/alerts/alert-rules', wizardApi());
    const dialog = await openWizard(user);
    await fillRule(user, dialog);
    await pickDevice(user, dialog, 'Forklift A');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('condition'));

    // Back to step 1 and on again without a change: nothing is sent.
    await user.click(within(dialog).getByRole('tab', { name: 'Name and type' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('devices'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('condition'));
    expect(writes(calls).filter((entry) => !entry.includes('preview'))).toEqual(['POST /api/alertrules', 'PATCH /api/alertrules/5/devices/1/assign']);

    // Step 1 edited: the rule is updated (the type is fixed now), not created again.
    await user.click(within(dialog).getByRole('tab', { name: 'Name and type' }));
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).getAttribute('aria-disabled')).toBe('true');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('devices'));
    const put = calls.find((call) => call.method === 'PUT' && call.path === '/api/alertrules/5');
    expect(Object.fromEntries(put?.form ?? [])).toEqual({ name: 'Low battery 2', importance: 'warning', description: '', token: 'rule-edit' });

    // Step 2 edited: only the new device is assigned.
    await pickDevice(user, dialog, 'Forklift B');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step(dialog)).toBe('condition'));
    expect(writes(calls).filter((entry) => !entry.includes('preview'))).toEqual([
      'POST /api/alertrules',
      'PATCH /api/alertrules/5/devices/1/assign',
      'PUT /api/alertrules/5',
      'PATCH /api/alertrules/5/devices/2/assign',
    ]);
  });

  it('shows the server’s field errors of a step on its fields', async () => {
    const { user } = await renderAlerts(
      '/alerts/alert-rules',
      wizardApi({ 'POST /api/alertrules': () => ({ status: 400, body: { errors: { name: ['form.field.error.not-blank'] }, rootErrors: [] } }) }),
    );
    const dialog = await openWizard(user);
    await choose(user, dialog, 'Type', 'Parameter value');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('This value should not be blank')).toBeTruthy();
    expect(step(dialog)).toBe('rule');
  });

  it('notifies a refused link that is no field error', async () => {
    const { user } = await renderAlerts('/alerts/alert-rules', wizardApi({ 'PATCH /api/alertrules/5/devices/1/assign': () => problem(500) }));
    const dialog = await openWizard(user);
    await fillRule(user, dialog);
    await pickDevice(user, dialog, 'Forklift A');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Oops, something went wrong! Please contact with support.')).toBeTruthy();
    expect(step(dialog)).toBe('devices');
  });
});
