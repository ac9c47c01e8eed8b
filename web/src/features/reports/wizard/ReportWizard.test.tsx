import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@gearwatch/contracts';
import { presetRange } from '../../../components/dates/calendar.ts';
import { problem } from '../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { configuration } from '../files/test/fixtures.ts';
import { renderReports } from '../files/test/render-reports.tsx';

const created: Record<string, FakeHandler> = { 'POST /api/reportsconfigurations': () => ({ status: 201, body: { id: 9 } }) };

async function openWizard(user: UserEvent) {
  await user.click(await within(screen.getByTestId('page-actions')).findByRole('button', { name: 'New report' }));
  return screen.findByRole('dialog', { name: 'New report' });
}

const step = (dialog: HTMLElement) => dialog.querySelector('form')?.getAttribute('data-step');
const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;
const visibleStep = (dialog: HTMLElement) => within(dialog).getByTestId(`wizard-step-${step(dialog) ?? ''}`);

async function choose(user: UserEvent, scope: HTMLElement, field: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function pick(user: UserEvent, dialog: HTMLElement, testId: string, option: string) {
  await user.click(within(within(dialog).getByTestId(testId)).getByRole('combobox'));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Steps 1 and 2: the type, then a name, an interval and a group. */
async function fillParameters(user: UserEvent, dialog: HTMLElement, { type = 'Efficiency report', group = 'Hall A' } = {}) {
  await user.click(within(dialog).getByRole('radio', { name: type }));
  await user.click(button(dialog, 'Continue'));
  await waitFor(() => expect(step(dialog)).toBe('parameters'));
  const parameters = visibleStep(dialog);
  await user.type(within(parameters).getByRole('textbox', { name: 'Report name' }), 'Hall efficiency');
  await choose(user, parameters, 'Interval', 'Week');
  await pick(user, dialog, 'pick-groups', group);
}

describe('the report wizard', { timeout: 30_000 }, () => {
  // The whole walk of four steps: over 30 s once on a loaded 2-core machine.
  it('walks type → parameters → recipients → frequency and format, and posts the configuration with its type as context', { timeout: 90_000 }, async () => {
    const { user, callsTo } = await renderReports('/reports-list', created);
    const dialog = await openWizard(user);
    expect(step(dialog)).toBe('type');
    expect(button(dialog, 'Continue').disabled).toBe(true);
    await fillParameters(user, dialog);
    await user.click(button(dialog, 'Continue'));
    await waitFor(() => expect(step(dialog)).toBe('recipients'));

    // The signed-in user is chosen to begin with; typed addresses are added by Enter.
    const recipients = visibleStep(dialog);
    expect(within(recipients).getByText('Anna Kowalska')).toBeTruthy();
    expect(within(recipients).getByText('Press Enter to add a new address')).toBeTruthy();
    const email = within(recipients).getByTestId('email-input');
    await user.type(email, 'not-an-address{Enter}');
    expect(within(recipients).getByText('This is not a valid e-mail address')).toBeTruthy();
    expect(within(recipients).queryByTestId('emails')).toBeNull();
    expect(step(dialog)).toBe('recipients');
    await user.clear(email);
    await user.type(email, 'boss@example.com{Enter}');
    expect(within(within(recipients).getByTestId('emails')).getByText('boss@example.com')).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('');
    expect(within(recipients).getByText('Press Enter to add a new address')).toBeTruthy();
    await user.click(button(dialog, 'Continue'));
    await waitFor(() => expect(step(dialog)).toBe('frequency'));

    const frequency = visibleStep(dialog);
    await user.click(within(frequency).getByRole('radio', { name: 'Every week: the last week' }));
    await user.click(within(frequency).getByRole('radio', { name: 'PDF' }));
    await user.click(button(dialog, 'Finish'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The report has been ordered')).toBeTruthy();
    const [post] = callsTo('POST', '/api/reportsconfigurations');
    expect(post?.query.get('context')).toBe('efficiency-report');
    expect(post?.json).toEqual({
      reportType: 'efficiency-report',
      name: 'Hall efficiency',
      reportInterval: 'week',
      groups: [10],
      users: [7],
      emails: ['boss@example.com'],
      frequency: 'week',
      format: 'pdf',
    });
  });

  it('sends a once-report over last month by default, and adds an address still being typed when Continue is pressed', async () => {
    const { user, callsTo } = await renderReports('/reports-list', created);
    const dialog = await openWizard(user);
    await fillParameters(user, dialog);
    await user.click(button(dialog, 'Continue'));
    await waitFor(() => expect(step(dialog)).toBe('recipients'));
    // Without any recipient Continue is disabled; a typed address counts.
    await user.click(
      within(visibleStep(dialog))
        .getByRole('button', { name: /Anna Kowalska/ })
        .querySelector('svg') as Element,
    );
    await waitFor(() => expect(button(dialog, 'Continue').disabled).toBe(true));
    await user.type(within(dialog).getByTestId('email-input'), 'a@example.com');
    expect(button(dialog, 'Continue').disabled).toBe(false);
    await user.click(button(dialog, 'Continue'));
    await waitFor(() => expect(step(dialog)).toBe('frequency'));
    // Device work details come in xlsx and CSV only; this type offers PDF too. Once is the default.
    expect(within(visibleStep(dialog)).getByRole('radio', { name: 'Once, now' })).toHaveProperty('checked', true);
    await user.click(button(dialog, 'Finish'));
    await waitFor(() => expect(callsTo('POST', '/api/reportsconfigurations')).toHaveLength(1));
    const lastMonth = presetRange('last-month', todayIn('Europe/Warsaw'));
    expect(callsTo('POST', '/api/reportsconfigurations')[0]?.json).toMatchObject({
      users: [],
      emails: ['a@example.com'],
      frequency: 'once',
      format: 'xlsx',
      from: lastMonth.from,
      to: lastMonth.to,
    });
  });

  it('keeps Continue disabled on the parameters until a group, an interval and a name are set', async () => {
    const { user } = await renderReports('/reports-list');
    const dialog = await openWizard(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Efficiency report' }));
    await user.click(button(dialog, 'Continue'));
    const parameters = visibleStep(dialog);
    expect(button(dialog, 'Continue').disabled).toBe(true);
    await user.type(within(parameters).getByRole('textbox', { name: 'Report name' }), 'Hall');
    expect(button(dialog, 'Continue').disabled).toBe(true);
    await choose(user, parameters, 'Interval', 'Work by shifts');
    expect(button(dialog, 'Continue').disabled).toBe(true);
    await pick(user, dialog, 'pick-groups', 'Hall B');
    expect(button(dialog, 'Continue').disabled).toBe(false);
    await user.clear(within(parameters).getByRole('textbox', { name: 'Report name' }));
    await user.type(within(parameters).getByRole('textbox', { name: 'Report name' }), '   ');
    expect(button(dialog, 'Continue').disabled).toBe(true);
  });

  it('clears the groups, the name and the interval when the type changes, and offers operator groups for the operator reports', async () => {
    const { user, callsTo } = await renderReports('/reports-list');
    const dialog = await openWizard(user);
    await fillParameters(user, dialog);
    expect(button(dialog, 'Continue').disabled).toBe(false);
    await user.click(button(dialog, 'Back'));
    expect(step(dialog)).toBe('type');
    await user.click(within(dialog).getByRole('radio', { name: 'Device operators report' }));
    await user.click(button(dialog, 'Continue'));
    const parameters = visibleStep(dialog);
    expect((within(parameters).getByRole('textbox', { name: 'Report name' }) as HTMLInputElement).value).toBe('');
    expect(within(parameters).queryByText('Week')).toBeNull();
    expect(within(parameters).queryByText('Hall A')).toBeNull();
    expect(button(dialog, 'Continue').disabled).toBe(true);
    expect(within(parameters).getByRole('combobox', { name: 'Operator groups' })).toBeTruthy();
    await pick(user, dialog, 'pick-groups', 'Night crew');
    expect(callsTo('GET', '/api/deviceoperatorgroups')).toHaveLength(1);
    // Choosing the same type again keeps what was entered.
    await user.click(button(dialog, 'Back'));
    await user.click(within(dialog).getByRole('radio', { name: 'Device operators report' }));
    await user.click(button(dialog, 'Continue'));
    expect(within(visibleStep(dialog)).getByText('Night crew')).toBeTruthy();
  });

  it("shows the server's field errors translated on their fields and opens the step of the first wrong one", async () => {
    let refuse = true;
    const { user } = await renderReports('/reports-list', {
      'POST /api/reportsconfigurations': () =>
        refuse
          ? {
              status: 400,
              body: {
                errors: { name: ['report.error.name-length'], deviceGroups: ['report.error.groups-required'], emails: ['report.error.email-invalid'] },
                rootErrors: ['report.error.recipients-required'],
              },
            }
          : { status: 201, body: { id: 9 } },
    });
    const dialog = await openWizard(user);
    await fillParameters(user, dialog);
    await user.click(button(dialog, 'Continue'));
    await user.click(button(dialog, 'Continue'));
    await waitFor(() => expect(step(dialog)).toBe('frequency'));
    await user.click(button(dialog, 'Finish'));

    await waitFor(() => expect(step(dialog)).toBe('parameters'));
    const parameters = visibleStep(dialog);
    expect(within(parameters).getByText('The name must have 3 to 128 characters')).toBeTruthy();
    expect(within(parameters).getByText('Choose at least one group')).toBeTruthy();
    expect(within(parameters).getByRole('textbox', { name: 'Report name' }).getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Choose at least one recipient')).toBeTruthy();
    // A later step's errors wait on their own step.
    expect(within(within(dialog).getByTestId('wizard-step-recipients')).getByText('This is not a valid e-mail address')).toBeTruthy();
    // Changing a field clears its error.
    await user.type(within(parameters).getByRole('textbox', { name: 'Report name' }), ' 2');
    expect(within(parameters).queryByText('The name must have 3 to 128 characters')).toBeNull();
    refuse = false;
    await user.click(button(dialog, 'Continue'));
    await user.click(button(dialog, 'Continue'));
    await user.click(button(dialog, 'Finish'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens with the type a screen chose (?new={type}) on the parameters, and leaves the address when closed', async () => {
    const { user, router } = await renderReports('/reports-list?new=alerts-report');
    const dialog = await screen.findByRole('dialog', { name: 'New report' });
    expect(step(dialog)).toBe('parameters');
    await user.click(button(dialog, 'Back'));
    expect(within(dialog).getByRole('radio', { name: 'Alerts report' })).toHaveProperty('checked', true);
    await user.click(button(dialog, 'Cancel'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps the group picker open for several picks; Esc closes the picker only, then asks before discarding the entries', async () => {
    const { user } = await renderReports('/reports-list?new=efficiency-report');
    const dialog = await screen.findByRole('dialog', { name: 'New report' });
    const groups = within(within(dialog).getByTestId('pick-groups')).getByRole('combobox');
    await user.click(groups);
    await user.click(await screen.findByRole('option', { name: 'Hall A' }));
    // Still open: the next group is one click away.
    await user.click(await screen.findByRole('option', { name: 'Hall B' }));
    expect(groups.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(groups.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('dialog', { name: 'New report' })).toBeTruthy();
    expect(within(within(dialog).getByTestId('pick-groups')).getAllByRole('button', { name: /Hall/ })).toHaveLength(2);

    // The wizard holds entries: Esc asks; keeping goes back to them, discarding closes.
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard what you entered?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard what you entered?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'New report' })).toBeTruthy();
    await user.click(button(dialog, 'Cancel'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard what you entered?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes an untouched wizard on Esc without asking', async () => {
    const { user } = await renderReports('/reports-list');
    await openWizard(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a configuration: every step filled in, PUT on Finish', async () => {
    const stored = configuration({ id: 5, reportInterval: 'month', users: [{ id: 8, name: 'Jan Nowak' }], emails: ['boss@example.com'], format: 'csv' });
    const { user, callsTo } = await renderReports('/reports-list?tab=configurations', {
      'GET /api/reportsconfigurations/5': () => ({ body: stored }),
      'PUT /api/reportsconfigurations/5': () => ({ body: stored }),
    });
    const table = await screen.findByTestId('entity-list-reportsconfigurations');
    await user.click(within(within(table).getByText('Weekly efficiency').closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit report' });
    await waitFor(() => expect(step(dialog)).toBe('type'));
    expect(within(dialog).getByRole('radio', { name: 'Efficiency report' })).toHaveProperty('checked', true);
    // Every step may be opened at once.
    await user.click(within(dialog).getByRole('tab', { name: /Frequency and format/ }));
    expect(within(visibleStep(dialog)).getByRole('radio', { name: 'Every week: the last week' })).toHaveProperty('checked', true);
    expect(within(visibleStep(dialog)).getByRole('radio', { name: 'CSV' })).toHaveProperty('checked', true);
    await user.click(within(visibleStep(dialog)).getByRole('radio', { name: 'Every month: the last month' }));
    await user.click(button(dialog, 'Finish'));
    await waitFor(() => expect(callsTo('PUT', '/api/reportsconfigurations/5')).toHaveLength(1));
    expect(callsTo('PUT', '/api/reportsconfigurations/5')[0]?.json).toEqual({
      reportType: 'efficiency-report',
      name: 'Weekly efficiency',
      reportInterval: 'month',
      groups: [10],
      users: [8],
      emails: ['boss@example.com'],
      frequency: 'month',
      format: 'csv',
    });
    expect(await screen.findByText('The report has been saved')).toBeTruthy();
  });

  it('says so when a save fails without field errors', async () => {
    const { user } = await renderReports('/reports-list', { 'POST /api/reportsconfigurations': () => problem(500) });
    const dialog = await openWizard(user);
    await fillParameters(user, dialog);
    await user.click(button(dialog, 'Continue'));
    await user.click(button(dialog, 'Continue'));
    await user.click(button(dialog, 'Finish'));
    expect(await screen.findByText(/went wrong|could not be saved/i)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
