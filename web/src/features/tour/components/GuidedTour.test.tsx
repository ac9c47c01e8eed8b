import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n.ts';
import { GuidedTour } from './GuidedTour.tsx';

/** A shell-like page: the tour's targets, without the tasks entry and the alerts group. */
function FakeShell() {
  return (
    <div>
      <nav>
        <div data-nav-group="manage">Manage</div>
        <a data-nav-id="reports">Reports</a>
        <a data-nav-id="diagnostics">Diagnostics</a>
        <a data-nav-id="dashboard">Dashboard</a>
      </nav>
      <button data-tour="profile">Profile</button>
    </div>
  );
}

async function renderTour(props: Partial<Parameters<typeof GuidedTour>[0]> = {}) {
  const i18n = await initI18n('en');
  const onClose = vi.fn();
  const onMenuOpen = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <FakeShell />
      <GuidedTour open onClose={onClose} menuCollapsed={false} onMenuOpen={onMenuOpen} {...props} />
    </I18nextProvider>,
  );
  return { onClose, onMenuOpen };
}

const step = () => screen.findByRole('dialog');

describe('the guided tour', { timeout: 30_000 }, () => {
  it('walks the steps whose elements are rendered, in order, leaving out the absent ones', async () => {
    const { onClose } = await renderTour();
    const titles: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const dialog = await step();
      expect(within(dialog).getByText(`Step ${n} of 5`)).toBeTruthy();
      titles.push(within(dialog).getByRole('heading').textContent ?? '');
      fireEvent.click(within(dialog).getByRole('button', { name: n === 5 ? 'Finish' : 'Next' }));
      if (n < 5) await waitFor(() => expect(screen.queryByText(`Step ${n} of 5`)).toBeNull());
    }
    expect(titles).toEqual(['Manage', 'Reports', 'Diagnostics', 'Dashboard', 'Your profile']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('highlights the element of the step and goes back', async () => {
    await renderTour();
    const first = await step();
    expect(within(first).getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('tour-highlight')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('dialog')).getAttribute('data-tour-step')).toBe('reports');
    fireEvent.click(within(await step()).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('dialog').getAttribute('data-tour-step')).toBe('manage'));
  });

  it('skips a step whose element has gone by its turn', async () => {
    await renderTour();
    fireEvent.click(within(await step()).getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 2 of 5');
    act(() => document.querySelector('[data-nav-id="diagnostics"]')?.remove());
    fireEvent.click(within(await step()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('dialog').getAttribute('data-tour-step')).toBe('dashboard'));
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
  });

  it('closes on Skip, on Escape and on a click elsewhere on the page, not on its own text', async () => {
    const { onClose } = await renderTour();
    fireEvent.click(within(await step()).getByRole('button', { name: 'Skip' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('heading'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('opens the collapsed menu for the menu steps and closes it for the profile button', async () => {
    const { onMenuOpen, onClose } = await renderTour({ menuCollapsed: true });
    await step();
    expect(onMenuOpen).toHaveBeenLastCalledWith(true);
    for (let n = 1; n < 5; n++) {
      fireEvent.click(within(await step()).getByRole('button', { name: 'Next' }));
      await screen.findByText(`Step ${n + 1} of 5`);
    }
    expect(screen.getByRole('dialog').getAttribute('data-tour-step')).toBe('profile');
    expect(onMenuOpen).toHaveBeenLastCalledWith(false);
    fireEvent.click(within(await step()).getByRole('button', { name: 'Finish' }));
    expect(onClose).toHaveBeenCalled();
    expect(onMenuOpen).toHaveBeenLastCalledWith(false);
  });
});
