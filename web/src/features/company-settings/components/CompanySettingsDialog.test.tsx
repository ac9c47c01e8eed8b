import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { demoUser, renderApp } from '../../../test/render-app.tsx';

const SAVED = {
  entries: [
    { id: 1, index: 0, name: 'Morning', timeStart: '06:00', timeEnd: '14:00' },
    { id: 2, index: 1, name: 'Afternoon', timeStart: '13:00', timeEnd: '22:00' },
  ],
};

async function openCompanySettings() {
  const app = await renderApp('/dashboard', { signedIn: true, answers: { '/api/user/production_shifts': SAVED } });
  fireEvent.click(await screen.findByRole('button', { name: demoUser.name }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Company settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Company settings' });
  await within(dialog).findByDisplayValue('Morning');
  return { ...app, dialog };
}

describe('company settings: production shifts', () => {
  it('shows the saved shifts, warns about one that starts before the previous ends', { timeout: 30_000 }, async () => {
    const { dialog } = await openCompanySettings();
    expect(within(dialog).getByDisplayValue('Afternoon')).toBeTruthy();
    expect(within(dialog).queryByTestId('shift-0-overlap')).toBeNull();
    expect(within(dialog).getByTestId('shift-1-overlap')).toBeTruthy();
  });

  it('adds shifts from where the last ends, 8 hours long up to 24:00, at most 4', { timeout: 30_000 }, async () => {
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

  it('saves the list and closes', { timeout: 30_000 }, async () => {
    const { dialog, requests } = await openCompanySettings();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shifts saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Company settings' })).toBeNull());
    expect(requests.filter((path) => path === '/api/user/production_shifts').length).toBeGreaterThanOrEqual(2);
  });
});
