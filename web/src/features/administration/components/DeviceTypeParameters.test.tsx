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
      'GET /api/parameters/61/edit': () => ({ body: { ...parameterForm, data: { ...parameterForm.data, deviceType: 40, number: 12, name: 'Battery voltage', aggregation: 'avg' } } }),
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
