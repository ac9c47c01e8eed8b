import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formDialog, openAdd, pick, save, searchList, select } from '../support/forms.ts';
import { screenshotPage, signIn } from '../support/monitors.ts';

const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * A super-admin adds an OPC UA module in Administration → Sensors (docs/opcua.md "Connecting a machine"): the
 * server-driven form shows the OPC UA fields, a mapping line it cannot read is a field error under the mapping, and
 * a module whose machine cannot be reached yet is saved and listed with its protocol.
 */
test('a super-admin adds an OPC UA module through the sensors form', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, 'admin', 'admin');
  await page.goto('/administration/sensors');
  const dialog = await openAdd(page, 'Add module');
  await pick(page, dialog, 'Company', 'Demo Factory');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Lathe 7 controller');
  await select(page, dialog, 'Protocol', 'OPC UA (machine server)');
  await dialog.getByRole('textbox', { name: 'Serial number', exact: true }).fill('LATHE-7');
  // Nothing listens on port 1: the machine cannot be reached, so the mapping is saved unchecked.
  await dialog.getByRole('textbox', { name: 'OPC UA endpoint', exact: true }).fill('opc.tcp://127.0.0.1:1');
  await dialog.getByRole('textbox', { name: 'OPC UA user name', exact: true }).fill('operator');
  await dialog.getByRole('textbox', { name: 'OPC UA password', exact: true }).fill('lathe-secret');
  const mapping = dialog.getByRole('textbox', { name: 'OPC UA node mapping', exact: true });
  await mapping.fill('1 | value | ns=2;s=Work');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/^A mapping line cannot be read\./)).toBeVisible();
  await mapping.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'opcua-1-mapping-error.png') });

  await mapping.fill(['3 | counter | ns=2;s=PartsProduced', 'running | ns=2;s=Running'].join('\n'));
  await save(page, dialog, 'sensors');
  const row = await searchList(page, 'sensors', 'LATHE-7');
  await expect(row).toContainText('OPC UA (machine server)');
  await screenshotPage(page, path.join(artifacts, 'opcua-2-listed.png'));

  // The edit form never shows the password back; Polish on a phone.
  await page.evaluate(() => localStorage.setItem('locale', 'pl'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('searchbox', { name: 'Szukaj' }).fill('LATHE-7');
  // On a phone the list is cards: the one module's edit button.
  const editButton = page.getByTestId('entity-list-sensors').getByRole('button', { name: 'Edytuj' });
  await expect(editButton).toHaveCount(1);
  await editButton.click();
  const edit = formDialog(page, 'Edytuj moduł');
  await expect(edit.getByRole('textbox', { name: 'Hasło OPC UA', exact: true })).toHaveValue('');
  await expect(edit.getByRole('textbox', { name: 'Nazwa użytkownika OPC UA', exact: true })).toHaveValue('operator');
  await edit.getByRole('textbox', { name: 'Mapowanie węzłów OPC UA', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'opcua-3-edit-pl-phone.png') });
});
