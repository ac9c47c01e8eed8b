import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { problem } from '../../../components/forms/test/fake-api.ts';
import { deviceTypes, forkliftParameters, parameterForm } from '../test/fixtures.ts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { DeviceTypeParameters } from './DeviceTypeParameters.tsx';

const forklift = { ...deviceTypes[0], parameters: forkliftParameters };

describe('DeviceTypeParameters', { timeout: 20_000 }, () => {
  it('edits a parameter through the parameters form', async () => {
    const { user, rowTexts, callsTo } = await renderAdminPage(<DeviceTypeParameters deviceTypeId={40} onMissing={vi.fn()} />, {
      'GET /api/devicetypes/40': () => ({ body: forklift }),
      'GET /api/parameters': () => listReply(forkliftParameters),
      'GET /api/parameters/61/edit': () => ({
        body: { ...parameterForm, data: { ...parameterForm.data, deviceType: 40, number: 12, name: 'Battery voltage', aggregation: 'avg' } },
      }),
    });
    await waitFor(() => expect(rowTexts('entity-list-parameters')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit parameter' });
    expect(await within(dialog).findByDisplayValue('Battery voltage')).toBeTruthy();
    expect(callsTo('GET', '/api/parameters/61/edit')).toHaveLength(1);
  });

  it('a new parameter’s form starts with the type on screen', async () => {
    const { user } = await renderAdminPage(<DeviceTypeParameters deviceTypeId={41} onMissing={vi.fn()} />, {
      'GET /api/devicetypes/41': () => ({ body: { ...forklift, id: 41, name: 'Truck' } }),
      'GET /api/parameters': () => listReply(forkliftParameters),
      'GET /api/parameters/new': () => ({ body: parameterForm }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add parameter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add parameter' });
    expect(await within(dialog).findByDisplayValue('Truck')).toBeTruthy();
  });

  it('shows which Teltonika IO each parameter reads, and why ignition, movement and the cards are not offered', async () => {
    const { rowTexts } = await renderAdminPage(<DeviceTypeParameters deviceTypeId={40} onMissing={vi.fn()} />, {
      'GET /api/devicetypes/40': () => ({ body: forklift }),
      'GET /api/parameters': () => listReply(forkliftParameters),
    });
    await waitFor(() => expect(rowTexts('entity-list-parameters')).toHaveLength(2));
    expect(rowTexts('entity-list-parameters').map((cells) => cells.find((cell) => cell.startsWith('IO') || cell === '—'))).toEqual(['—', 'IO 67 × 0.001']);
    expect(screen.getByTestId('teltonika-preset-help').textContent).toMatch(
      /Ignition \(IO 239\) and movement \(IO 240\) are not offered as parameters: they make work and active\..*iButton \(78\) and RFID \(207\)/,
    );
  });

  it('the Teltonika preset menu opens the new-parameter form filled in: next number, name, unit by its short name, aggregation, IO mapping', async () => {
    const { user, callsTo } = await renderAdminPage(<DeviceTypeParameters deviceTypeId={40} onMissing={vi.fn()} />, {
      'GET /api/devicetypes/40': () => ({ body: forklift }),
      'GET /api/parameters': () => listReply(forkliftParameters),
      'GET /api/parameters/new': () => ({ body: parameterForm }),
      'POST /api/parameters': () => ({ status: 201, body: { id: 62 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add from Teltonika preset' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toContain('External voltageIO 66 · V');
    // Ignition, movement and the cards are no parameters; battery voltage (IO 67) is read by parameter 12 already.
    for (const name of ['Ignition', 'Movement', 'iButton', 'RFID']) expect(within(menu).queryByText(name)).toBeNull();
    expect(within(menu).getByText('Battery voltage').closest('li')?.getAttribute('aria-disabled')).toBe('true');
    await user.click(within(menu).getByText('External voltage'));

    const dialog = await screen.findByRole('dialog', { name: 'Add parameter' });
    expect(await within(dialog).findByDisplayValue('External voltage')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/api/parameters')).toHaveLength(1));
    const sent = callsTo('POST', '/api/parameters')[0]!.form!;
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== 'token'))).toEqual({
      deviceType: '40',
      number: '13',
      name: 'External voltage',
      unit: '71',
      aggregation: 'avg',
      teltonikaIoId: '66',
      teltonikaMultiplier: '0.001',
      teltonikaOffset: '0',
    });
  });

  it('a plain add after a preset starts again with only the type', async () => {
    const { user } = await renderAdminPage(<DeviceTypeParameters deviceTypeId={40} onMissing={vi.fn()} />, {
      'GET /api/devicetypes/40': () => ({ body: forklift }),
      'GET /api/parameters': () => listReply(forkliftParameters),
      'GET /api/parameters/new': () => ({ body: parameterForm }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add from Teltonika preset' }));
    await user.click(within(await screen.findByRole('menu')).getByText('Total odometer'));
    let dialog = await screen.findByRole('dialog', { name: 'Add parameter' });
    expect(await within(dialog).findByDisplayValue('Total odometer')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('16')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    dialog = await screen.findByRole('dialog', { name: 'Add parameter' });
    expect(await within(dialog).findByDisplayValue('Forklift')).toBeTruthy();
    expect(within(dialog).queryByDisplayValue('Total odometer')).toBeNull();
    expect(within(dialog).queryByDisplayValue('16')).toBeNull();
  });

  it('deletes a parameter and refreshes the type (its parameter count)', async () => {
    const { user, rowTexts, callsTo } = await renderAdminPage(<DeviceTypeParameters deviceTypeId={40} onMissing={vi.fn()} />, {
      'GET /api/devicetypes/40': () => ({ body: forklift }),
      'GET /api/parameters': () => listReply(forkliftParameters),
      'DELETE /api/parameters/61': () => ({ body: {} }),
    });
    await waitFor(() => expect(rowTexts('entity-list-parameters')).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Do you really want to delete 12 · Battery voltage?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('GET', '/api/devicetypes/40')).toHaveLength(2));
    expect(callsTo('DELETE', '/api/parameters/61')).toHaveLength(1);
  });

  it('a type that is gone drops the selection', async () => {
    const onMissing = vi.fn();
    await renderAdminPage(<DeviceTypeParameters deviceTypeId={99} onMissing={onMissing} />, {
      'GET /api/devicetypes/99': () => problem(404),
      'GET /api/parameters': () => listReply([]),
    });
    await waitFor(() => expect(onMissing).toHaveBeenCalled());
  });
});
