import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { demoUser, renderApp } from '../../../test/render-app.tsx';

const SAVED = {
  entries: [
    { id: 1, index: 0, name: 'Morning', timeStart: '06:00', timeEnd: '14:00' },
    { id: 2, index: 1, name: 'Afternoon', timeStart: '14:00', timeEnd: '22:00' },
  ],
};

/** Picks `time` in the row's `Start` or `End` select. */
async function pick(row: HTMLElement, label: 'Start' | 'End', time: string) {
  fireEvent.mouseDown(within(row).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: time }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function openCompanySettings(shifts: unknown = SAVED) {
  const app = await renderApp('/dashboard', { signedIn: true, answers: { '/api/user/production_shifts': shifts } });
  fireEvent.click(await screen.findByRole('button', { name: demoUser.name }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Company settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Company settings' });
  await within(dialog).findByDisplayValue('Morning');
  return { ...app, dialog };
}

describe('company settings: production shifts', () => {
  it('shows the saved shifts; one that overlaps an earlier shift is marked and Save waits until it is corrected', { timeout: 60_000 }, async () => {
    const { dialog } = await openCompanySettings();
    expect(within(dialog).getByDisplayValue('Afternoon')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    expect(within(dialog).queryByTestId('shift-1-overlap')).toBeNull();

    await pick(within(dialog).getByTestId('shift-1'), 'Start', '13:00');
    expect(within(dialog).queryByTestId('shift-0-overlap')).toBeNull();
    expect(within(dialog).getByLabelText('This shift overlaps shift 1')).toBeTruthy();
    expect(within(dialog).getByText('Overlaps an earlier shift')).toBeTruthy();
    expect(within(dialog).getByText('Correct the marked shifts to save.')).toBeTruthy();
    expect(save.disabled).toBe(true);

    // An empty name and a shift that ends when it starts say why too.
    await pick(within(dialog).getByTestId('shift-1'), 'Start', '14:00');
    fireEvent.change(within(dialog).getByDisplayValue('Morning'), { target: { value: '' } });
    expect(within(dialog).getByText('This value should not be blank')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Shift 1 name'), { target: { value: 'Morning' } });
    await pick(within(dialog).getByTestId('shift-1'), 'End', '14:00');
    expect(within(dialog).getByText('Range is invalid')).toBeTruthy();
    expect(save.disabled).toBe(true);
  });

  it('adds shifts from where the last ends, 8 hours long up to 24:00, at most 4', { timeout: 60_000 }, async () => {
    const { dialog } = await openCompanySettings();
    const add = within(dialog).getByRole('button', { name: 'Add shift' });
    fireEvent.click(add);
    const third = within(dialog).getByTestId('shift-2');
    expect(within(third).getByDisplayValue('Shift 3')).toBeTruthy();
    expect(within(third).getByDisplayValue('22:00')).toBeTruthy();
    expect(within(third).getByDisplayValue('24:00')).toBeTruthy();
    fireEvent.click(add);
    const fourth = within(dialog).getByTestId('shift-3');
    expect(within(fourth).getByDisplayValue('00:00')).toBeTruthy();
    expect(within(fourth).getByDisplayValue('08:00')).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove shift 4' }));
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves the list and closes', { timeout: 60_000 }, async () => {
    const { dialog, requests } = await openCompanySettings();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shifts saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Company settings' })).toBeNull());
    expect(requests.filter((path) => path === '/api/user/production_shifts').length).toBeGreaterThanOrEqual(2);
  });

  it('shows progress while saving, and neither Escape nor Cancel closes the dialog before the save ends', { timeout: 60_000 }, async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { dialog } = await openCompanySettings(async (method: string) => {
      if (method === 'POST') await held;
      return SAVED;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Company settings' })).toBeTruthy();
    release();
    expect(await screen.findByText('Shifts saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Company settings' })).toBeNull());
  });
});
