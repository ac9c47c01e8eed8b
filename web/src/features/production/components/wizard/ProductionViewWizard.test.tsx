import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../../components/forms/test/fake-api.ts';
import type { FakeHandler } from '../../../../components/forms/test/fake-api.ts';
import { LOGO } from '../../test/fixtures.ts';
import { renderProduction } from '../../test/render-production.tsx';

const created: Record<string, FakeHandler> = { 'POST /api/productionviews': () => ({ status: 201, body: { id: 9 } }) };

const step = (dialog: HTMLElement) => dialog.querySelector('form')?.getAttribute('data-step');
const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const visibleStep = (dialog: HTMLElement) => within(dialog).getByTestId(`wizard-step-${step(dialog) ?? ''}`);
const line = (dialog: HTMLElement, index: number) => within(dialog).getByTestId(`line-${index}`);

async function openWizard(user: UserEvent) {
  await user.click(await within(screen.getByTestId('page-actions')).findByRole('button', { name: 'New production view' }));
  return screen.findByRole('dialog', { name: 'New production view' });
}

async function choose(user: UserEvent, scope: HTMLElement, field: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillView(user: UserEvent, dialog: HTMLElement, name = 'Hall 1 presses') {
  await user.click(within(dialog).getByRole('radio', { name: 'Rows' }));
  await user.type(within(dialog).getByRole('textbox', { name: /^View name/ }), name);
}

async function fillLine(
  user: UserEvent,
  dialog: HTMLElement,
  index: number,
  { name, device, parameter, goal }: { name: string; device: string; parameter: string; goal: string },
) {
  const scope = line(dialog, index);
  await user.type(within(scope).getByRole('textbox', { name: /^Line name/ }), name);
  await choose(user, scope, 'Device', device);
  await choose(user, scope, 'Parameter', parameter);
  await user.type(within(scope).getByRole('textbox', { name: /^Goal/ }), goal);
}

/** Picks a file in the logo field. */
function pickLogo(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByTestId('logo-input'), { target: { files: [file] } });
}

const PNG_BYTES = Uint8Array.from(atob(LOGO.split(',')[1] ?? ''), (char) => char.charCodeAt(0));

describe('the production view wizard', { timeout: 30_000 }, () => {
  it('refuses to leave step 1 without a type and a name of 3 to 127 characters, each with its message', async () => {
    const { user } = await renderProduction('/production');
    const dialog = await openWizard(user);
    expect(step(dialog)).toBe('view');
    // Each layout comes with a description.
    expect(within(dialog).getByText(/side by side/)).toBeTruthy();
    expect(within(dialog).getByText(/One line above the other/)).toBeTruthy();
    await user.click(button(dialog, 'Next'));
    expect(step(dialog)).toBe('view');
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    const name = within(dialog).getByRole('textbox', { name: /^View name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.click(within(dialog).getByRole('radio', { name: 'Columns' }));
    await user.type(name, 'ab');
    await user.click(button(dialog, 'Next'));
    expect(step(dialog)).toBe('view');
    expect(within(dialog).getByText('Enter at least 3 characters')).toBeTruthy();
    expect(within(dialog).queryByText('This field is required')).toBeNull();

    await user.clear(name);
    // The field stops at 128 characters, one more than allowed, so the message can show.
    fireEvent.change(name, { target: { value: 'x'.repeat(128) } });
    await user.click(button(dialog, 'Next'));
    expect(within(dialog).getByText('Enter fewer than 128 characters')).toBeTruthy();
    expect(step(dialog)).toBe('view');

    fireEvent.change(name, { target: { value: 'x'.repeat(127) } });
    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(step(dialog)).toBe('lines'));
  });

  it('refuses to leave step 2 until both lines are complete: name under 50, device, parameter and a goal of digits 0..10000', async () => {
    const { user, callsTo } = await renderProduction('/production');
    const dialog = await openWizard(user);
    await fillView(user, dialog);
    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(step(dialog)).toBe('lines'));
    await user.click(button(dialog, 'Next'));
    expect(step(dialog)).toBe('lines');
    // Four required fields on each line.
    expect(within(visibleStep(dialog)).getAllByText('This field is required')).toHaveLength(8);
    // The parameter waits for a device.
    expect(
      within(line(dialog, 0))
        .getByRole('combobox', { name: /^Parameter/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');

    await fillLine(user, dialog, 0, { name: 'Line A', device: 'Press A', parameter: 'Parts made', goal: '8OO' });
    expect(callsTo('GET', '/api/productionviews/parameters')[0]?.query.get('deviceId')).toBe('1');
    // The unit hint follows the parameter: the counter's unit.
    expect(within(line(dialog, 0)).getByText('pcs')).toBeTruthy();
    const second = line(dialog, 1);
    fireEvent.change(within(second).getByRole('textbox', { name: /^Line name/ }), { target: { value: 'L'.repeat(50) } });
    await choose(user, second, 'Device', 'Press B');
    await choose(user, second, 'Parameter', 'Device work');
    expect(within(second).getByText('min')).toBeTruthy();
    await user.type(within(second).getByRole('textbox', { name: /^Goal/ }), '10001');
    await user.click(button(dialog, 'Next'));
    expect(step(dialog)).toBe('lines');
    expect(within(line(dialog, 0)).getByText('Digits only')).toBeTruthy();
    expect(within(second).getByText('Enter fewer than 50 characters')).toBeTruthy();
    expect(within(second).getByText('The goal must be between 0 and 10000')).toBeTruthy();

    // Another device resets the parameter.
    await choose(user, second, 'Device', 'Press A');
    expect((within(second).getByRole('combobox', { name: /^Parameter/ }).textContent ?? '').replace(/\u200b/g, '').trim()).toBe('');

    await user.clear(within(line(dialog, 0)).getByRole('textbox', { name: /^Goal/ }));
    await user.type(within(line(dialog, 0)).getByRole('textbox', { name: /^Goal/ }), '800');
    fireEvent.change(within(second).getByRole('textbox', { name: /^Line name/ }), { target: { value: 'Line B' } });
    await choose(user, second, 'Parameter', 'Device efficiency');
    expect(within(second).getByText('%')).toBeTruthy();
    await user.clear(within(second).getByRole('textbox', { name: /^Goal/ }));
    await user.type(within(second).getByRole('textbox', { name: /^Goal/ }), '85');
    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(step(dialog)).toBe('finish'));
  });

  it('asks for a reset hour and a logo on Send, refuses a gif, then posts the payload of spec 01 §3', async () => {
    const { user, callsTo } = await renderProduction('/production', created);
    const dialog = await openWizard(user);
    await fillView(user, dialog);
    await user.click(button(dialog, 'Next'));
    await fillLine(user, dialog, 0, { name: 'Line A', device: 'Press A', parameter: 'Parts made', goal: '800' });
    await fillLine(user, dialog, 1, { name: 'Line B', device: 'Press B', parameter: 'Device active', goal: '420' });
    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(step(dialog)).toBe('finish'));

    await user.click(button(dialog, 'Send'));
    expect(within(dialog).getByText('Choose at least one reset hour')).toBeTruthy();
    expect(within(dialog).getByText('Add a logo (PNG or JPEG)')).toBeTruthy();
    expect(callsTo('POST', '/api/productionviews')).toHaveLength(0);

    const hours = within(dialog).getByTestId('reset-hours');
    expect(within(hours).getAllByRole('button')).toHaveLength(24);
    await user.click(within(hours).getByRole('button', { name: '14:00' }));
    await user.click(within(hours).getByRole('button', { name: '06:00' }));
    await user.click(within(hours).getByRole('button', { name: '22:00' }));
    await user.click(within(hours).getByRole('button', { name: '22:00' }));
    expect(within(hours).getByRole('button', { name: '06:00' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(hours).getByRole('button', { name: '22:00' }).getAttribute('aria-pressed')).toBe('false');

    pickLogo(dialog, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText('Unsupported file type')).toBeTruthy();
    pickLogo(dialog, new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('The file is too large')).toBeTruthy();
    pickLogo(dialog, new File([PNG_BYTES], 'logo.png', { type: 'image/png' }));
    expect(await within(dialog).findByTestId('logo-preview')).toBeTruthy();

    await user.click(button(dialog, 'Send'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The production view has been created')).toBeTruthy();
    expect(callsTo('POST', '/api/productionviews')[0]?.json).toEqual({
      prodview_type: 'rows',
      prodview_name: 'Hall 1 presses',
      lineParams: [
        { lineName: 'Line A', deviceId: 1, parameter_id: 40, goal: 800 },
        { lineName: 'Line B', deviceId: 2, parameter_id: 2, goal: 420 },
      ],
      reset_hours: '06:00,14:00',
      file: LOGO,
    });
    // The list is read again.
    await waitFor(() => expect(callsTo('GET', '/api/productionviews').length).toBeGreaterThanOrEqual(2));
  });

  it("puts the server's field errors on their fields and opens the step of the first wrong one", async () => {
    let refuse = true;
    const { user, callsTo } = await renderProduction('/production', {
      'PUT /api/productionviews/5': () =>
        refuse
          ? {
              status: 400,
              body: {
                errors: { 'lineParams.1.parameter_id': ['productionview.parameter-invalid'], reset_hours: ['productionview.reset-hour-invalid'] },
                rootErrors: ['productionview.two-lines'],
              },
            }
          : { body: {} },
    });
    const table = await screen.findByTestId('entity-list-productionviews');
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit production view' });
    await user.click(within(dialog).getByRole('tab', { name: /Reset hours and logo/ }));
    await user.click(button(dialog, 'Send'));

    await waitFor(() => expect(step(dialog)).toBe('lines'));
    expect(within(line(dialog, 1)).getByText('This parameter cannot be shown for the chosen device')).toBeTruthy();
    expect(await screen.findByText('A view has exactly two production lines')).toBeTruthy();
    expect(within(within(dialog).getByTestId('wizard-step-finish')).getByText('A reset hour must be a full hour from 00:00 to 23:00')).toBeTruthy();
    // Changing the field clears its error.
    await choose(user, line(dialog, 1), 'Parameter', 'Device active');
    expect(within(line(dialog, 1)).queryByText('This parameter cannot be shown for the chosen device')).toBeNull();
    refuse = false;
    await user.click(button(dialog, 'Next'));
    await user.click(button(dialog, 'Send'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', '/api/productionviews/5')).toHaveLength(2);
  });

  it('opens prefilled for editing and keeps the logo (file null) unless another is picked', async () => {
    const { user, callsTo } = await renderProduction('/production', { 'PUT /api/productionviews/5': () => ({ body: {} }) });
    const table = await screen.findByTestId('entity-list-productionviews');
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit production view' });
    expect(within(dialog).getByRole('radio', { name: 'Columns' })).toHaveProperty('checked', true);
    expect((within(dialog).getByRole('textbox', { name: /^View name/ }) as HTMLInputElement).value).toBe('Hall 1 presses');
    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(step(dialog)).toBe('lines'));
    expect((within(line(dialog, 0)).getByRole('textbox', { name: /^Line name/ }) as HTMLInputElement).value).toBe('Line A');
    await waitFor(() => expect(within(line(dialog, 0)).getByRole('combobox', { name: /^Parameter/ }).textContent).toContain('Parts made'));
    expect(within(line(dialog, 1)).getByRole('combobox', { name: /^Device/ }).textContent).toContain('Press B');
    expect((within(line(dialog, 1)).getByRole('textbox', { name: /^Goal/ }) as HTMLInputElement).value).toBe('420');
    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(step(dialog)).toBe('finish'));
    expect(within(dialog).getByTestId('logo-preview').getAttribute('src')).toBe(LOGO);
    expect(within(within(dialog).getByTestId('reset-hours')).getByRole('button', { name: '14:00' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(button(dialog, 'Send'));
    await waitFor(() => expect(callsTo('PUT', '/api/productionviews/5')).toHaveLength(1));
    expect(callsTo('PUT', '/api/productionviews/5')[0]?.json).toEqual({
      prodview_type: 'columns',
      prodview_name: 'Hall 1 presses',
      lineParams: [
        { lineName: 'Line A', deviceId: 1, parameter_id: 40, goal: 800 },
        { lineName: 'Line B', deviceId: 2, parameter_id: 1, goal: 420 },
      ],
      reset_hours: '06:00,14:00,22:00',
      file: null,
    });
    expect(await screen.findByText('The production view has been saved')).toBeTruthy();
  });

  it('says so when a save fails without field errors and stays open', async () => {
    const { user } = await renderProduction('/production', { 'PUT /api/productionviews/5': () => problem(500) });
    await user.click(within(await screen.findByTestId('entity-list-productionviews')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit production view' });
    await user.click(within(dialog).getByRole('tab', { name: /Reset hours and logo/ }));
    await user.click(button(dialog, 'Send'));
    expect(await screen.findByText(/went wrong|could not be saved/i)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
