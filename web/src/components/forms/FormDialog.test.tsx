import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT } from '@gearwatch/contracts';
import { FormDialog } from './FormDialog.tsx';
import { deviceDefinition } from './test/definitions.ts';
import { problem } from './test/fake-api.ts';
import type { FakeHandler } from './test/fake-api.ts';
import { renderWithFakeApi } from './test/render.tsx';

async function renderDialog(routes: Record<string, FakeHandler>, id: number | null = null) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = await renderWithFakeApi(<FormDialog open resource="devices" id={id} title="New device" onClose={onClose} onSaved={onSaved} />, routes);
  return { ...view, onClose, onSaved };
}

describe('FormDialog', { timeout: 15_000 }, () => {
  it('shows the title and the form, 40% wide', async () => {
    await renderDialog({ 'GET /api/devices/new': () => ({ body: deviceDefinition() }) });
    const dialog = screen.getByRole('dialog', { name: 'New device' });
    expect(await screen.findByRole('textbox', { name: /Subject/ })).toHaveProperty('value', 'PRESS');
    expect(getComputedStyle(dialog).width).toBe(`${LAYOUT.dialogDefaultWidthPercent}%`);
  });

  it('saves, tells the owner the id, and closes after the short delay', async () => {
    const { user, onSaved, onClose, callsTo } = await renderDialog({
      'GET /api/devices/new': () => ({ body: deviceDefinition() }),
      'POST /api/devices': () => ({ status: 201, body: { id: 42 } }),
    });
    let savedAt = 0;
    let closedAt = 0;
    onSaved.mockImplementation(() => (savedAt = performance.now()));
    onClose.mockImplementation(() => (closedAt = performance.now()));
    const name = await screen.findByRole('textbox', { name: /Subject/ });
    await user.clear(name);
    await user.type(name, 'lathe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(callsTo('POST', '/api/devices')[0]?.form?.get('name')).toBe('LATHE');
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // Timers may fire a millisecond early by the clock's rounding, never a whole delay early.
    expect(closedAt - savedAt).toBeGreaterThanOrEqual(LAYOUT.dialogCloseDelayMs - 5);
  });

  it('shows the server’s field errors under the fields and stays open', async () => {
    const { user, onClose } = await renderDialog(
      {
        'GET /api/devices/7/edit': () => ({ body: deviceDefinition() }),
        'PUT /api/devices/7': () => ({ status: 400, body: { errors: { name: ['form.field.error.name-in-use'] }, rootErrors: [] } }),
      },
      7,
    );
    await screen.findByRole('textbox', { name: /Subject/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is already in use.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes at once, with a notification, when the form cannot be loaded', async () => {
    const { onClose } = await renderDialog({ 'GET /api/devices/5/edit': () => problem(403) }, 5);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('You are not allowed to do this')).toBeTruthy();
  });

  it('Cancel closes without saving', async () => {
    const { user, onClose, callsTo } = await renderDialog({ 'GET /api/devices/new': () => ({ body: deviceDefinition() }) });
    await screen.findByRole('textbox', { name: /Subject/ });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(callsTo('POST', '/api/devices')).toHaveLength(0);
  });
});
