import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT } from '@gearwatch/contracts';
import { problem } from '../forms/test/fake-api.ts';
import type { FakeHandler } from '../forms/test/fake-api.ts';
import { renderWithFakeApi } from '../forms/test/render.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';

async function renderDialog(routes: Record<string, FakeHandler>, actionable?: (kind: string) => boolean) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const view = await renderWithFakeApi(
    <DeleteDialog open plural="devices" id={5} name="Press 5" onClose={onClose} onDeleted={onDeleted} actionable={actionable} />,
    routes,
  );
  return { ...view, onClose, onDeleted };
}

describe('DeleteDialog', { timeout: 15_000 }, () => {
  it('asks about the named row in a 400 px dialog, deletes it, notifies and closes after the delay', async () => {
    const { user, onDeleted, onClose, callsTo, queryClient } = await renderDialog({ 'DELETE /api/devices/5': () => ({ body: {} }) });
    queryClient.setQueryData(['devices', 'list', {}], { entries: [] });
    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    expect(getComputedStyle(dialog).width).toBe(`${LAYOUT.dialogDeleteWidthPx}px`);
    expect(within(dialog).getByText('Do you really want to delete Press 5?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(5));
    expect(callsTo('DELETE', '/api/devices/5')).toHaveLength(1);
    expect(screen.getByText('Press 5 has been deleted')).toBeTruthy();
    expect(queryClient.getQueryState(['devices', 'list', {}])?.isInvalidated).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('404: notifies that the row could not be deleted and closes', async () => {
    const { user, onDeleted, onClose } = await renderDialog({ 'DELETE /api/devices/5': () => problem(404) });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Press 5 could not be deleted')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('400: shows the refusal’s own reason and stays open', async () => {
    const { user, onDeleted, onClose } = await renderDialog({
      'DELETE /api/devices/5': () => ({ status: 400, body: { errors: {}, rootErrors: ['user.error.cannot-delete-self'] } }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You cannot delete your own user')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('409: lists the dependents by kind; their action, then the delete again', async () => {
    let sensorsAssigned = true;
    const { user, onDeleted, calls } = await renderDialog({
      'DELETE /api/devices/5': () =>
        sensorsAssigned
          ? problem(409, {
              dependents: {
                sensors: [
                  { id: 11, name: 'Temp 1' },
                  { id: 12, name: 'Temp 2' },
                ],
                alerts: [{ id: 90, name: 'Overheat' }],
              },
            })
          : { body: {} },
      'DELETE /api/devices/5/sensors': () => {
        sensorsAssigned = false;
        return { body: {} };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const sensors = await screen.findByTestId('dependents-sensors');
    expect(screen.getByText('Press 5 cannot be deleted yet because other items depend on it:')).toBeTruthy();
    expect(within(sensors).getByRole('heading', { name: 'Assigned sensors' })).toBeTruthy();
    expect(within(sensors).getByText('Temp 1, Temp 2')).toBeTruthy();
    const alerts = screen.getByTestId('dependents-alerts');
    expect(within(alerts).getByRole('heading', { name: 'Unconfirmed alerts' })).toBeTruthy();
    expect(within(alerts).getByRole('button', { name: 'Confirm all' })).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();

    await user.click(within(sensors).getByRole('button', { name: 'Unassign all' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(5));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/devices/5', '/api/devices/5/sensors', '/api/devices/5']);
  });

  it('409 again after an action: shows what still depends on it', async () => {
    let round = 0;
    const { user, onDeleted } = await renderDialog({
      'DELETE /api/devices/5': () => {
        round += 1;
        return problem(409, {
          dependents: round === 1 ? { sensors: [{ id: 1, name: 'S' }], alerts: [{ id: 2, name: 'A' }] } : { alerts: [{ id: 2, name: 'A' }] },
        });
      },
      'DELETE /api/devices/5/sensors': () => ({ body: {} }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Unassign all' }));
    await waitFor(() => expect(screen.queryByTestId('dependents-sensors')).toBeNull());
    expect(screen.getByTestId('dependents-alerts')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a failed action is notified and the dependents stay', async () => {
    const { user, callsTo } = await renderDialog({
      'DELETE /api/devices/5': () => problem(409, { dependents: { operators: [{ id: 3, name: 'Anna' }] } }),
      'DELETE /api/devices/5/operators': () => problem(500),
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Unassign all' }));
    expect(await screen.findByText('Oops, something went wrong! Please contact with support.')).toBeTruthy();
    expect(screen.getByTestId('dependents-operators')).toBeTruthy();
    expect(callsTo('DELETE', '/api/devices/5')).toHaveLength(1);
  });

  it('409 with kinds the resource has no action for: lists them without their action', async () => {
    const { user, calls } = await renderDialog(
      { 'DELETE /api/devices/5': () => problem(409, { dependents: { users: [{ id: 7, name: 'Anna Nowak' }], sensors: [{ id: 8, name: 'GW-1' }] } }) },
      (kind) => kind === 'sensors',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const users = await screen.findByTestId('dependents-users');
    expect(within(users).getByText('Anna Nowak')).toBeTruthy();
    expect(within(users).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('dependents-sensors')).getByRole('button', { name: 'Unassign all' })).toBeTruthy();
    // Nothing is left to confirm: only Cancel closes the dialog.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
