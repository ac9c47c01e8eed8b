import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { problem } from '../forms/test/fake-api.ts';
import type { FakeHandler } from '../forms/test/fake-api.ts';
import { renderWithFakeApi } from '../forms/test/render.tsx';
import { DuplicateDialog } from './DuplicateDialog.tsx';

async function renderDialog(routes: Record<string, FakeHandler>) {
  const onClose = vi.fn();
  const onDuplicated = vi.fn();
  const view = await renderWithFakeApi(
    <DuplicateDialog open plural="devicetypes" id={4} name="Excavator" onClose={onClose} onDuplicated={onDuplicated} />,
    routes,
  );
  return { ...view, onClose, onDuplicated };
}

describe('DuplicateDialog', { timeout: 15_000 }, () => {
  it('copies under the server’s copy name when no name is given', async () => {
    const { user, onDuplicated, onClose, callsTo } = await renderDialog({ 'POST /api/devicetypes/4/duplicate': () => ({ status: 201, body: { id: 9 } }) });
    expect(screen.getByText('A copy of Excavator will be created.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(onDuplicated).toHaveBeenCalledWith(9));
    expect(callsTo('POST', '/api/devicetypes/4/duplicate')[0]?.json).toEqual({});
    expect(screen.getByText('The copy has been created')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('sends the new name', async () => {
    const { user, onDuplicated, callsTo } = await renderDialog({ 'POST /api/devicetypes/4/duplicate': () => ({ status: 201, body: { id: 10 } }) });
    await user.type(screen.getByRole('textbox', { name: 'New name' }), '  Excavator XL ');
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(onDuplicated).toHaveBeenCalledWith(10));
    expect(callsTo('POST', '/api/devicetypes/4/duplicate')[0]?.json).toEqual({ name: 'Excavator XL' });
  });

  it('shows a refused name under the field and stays open', async () => {
    const { user, onDuplicated, onClose } = await renderDialog({
      'POST /api/devicetypes/4/duplicate': () => ({ status: 400, body: { errors: { name: ['form.field.error.name-in-use'] }, rootErrors: [] } }),
    });
    await user.type(screen.getByRole('textbox', { name: 'New name' }), 'Loader');
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('This name is already in use.')).toBeTruthy();
    expect(onDuplicated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('notifies any other failure', async () => {
    const { user } = await renderDialog({ 'POST /api/devicetypes/4/duplicate': () => problem(404) });
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Requested item not found')).toBeTruthy();
  });
});
