import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CompanionMachine } from '../../server/test/support/opcua-companion-machine.ts';
import { MACHINE_USER, TestMachine } from '../../server/test/support/opcua-machine.ts';
import { formDialog, openAdd, pick, save, searchList, select } from '../support/forms.ts';
import { screenshotPage, signIn } from '../support/monitors.ts';
import { APP_PORT } from '../support/ports.ts';

const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * A super-admin adds an OPC UA module in Administration → Sensors (docs/opcua.md "Connecting a machine"): the
 * server-driven form shows the OPC UA fields, a mapping line it cannot read is a field error under the mapping, and
 * a module whose machine cannot be reached yet is saved and listed with its protocol.
 */
test('a super-admin adds an OPC UA module through the sensors form', async ({ page }) => {
  // Generous: the first save waits for the machine check, and the test machines share two cores with other runs.
  test.setTimeout(240_000);
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
  // The password is masked: an input of type password, not a textbox.
  const password = dialog.getByLabel('OPC UA password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await password.fill('lathe-secret');
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
  await expect(edit.getByLabel('Hasło OPC UA', { exact: true })).toHaveValue('');
  await expect(edit.getByRole('textbox', { name: 'Nazwa użytkownika OPC UA', exact: true })).toHaveValue('operator');
  await edit.getByRole('textbox', { name: 'Mapowanie węzłów OPC UA', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'opcua-3-edit-pl-phone.png') });
});

/**
 * The OPC UA tools of the module form and the sensors screen against real node-opcua servers started here
 * (docs/opcua.md "Browsing", "Presets", "Certificates"): a EUROMAP 77 preset fills the mapping from the nodes found
 * by browse name, the browse dialog opens the address space level by level and puts the variable picked in its line;
 * a secured machine is refused until a super-admin checks its thumbprint and clicks Trust. English and Polish, 1600 px.
 */
test('a super-admin maps a machine with a preset and the browse dialog, and trusts its certificate', async ({ page }) => {
  test.setTimeout(240_000);
  const moulder = new CompanionMachine(APP_PORT + 40);
  const press = new TestMachine(APP_PORT + 41);
  await Promise.all([moulder.start(), press.start()]);
  try {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signIn(page, 'admin', 'admin');
    await page.goto('/administration/sensors');
    const dialog = await openAdd(page, 'Add module');
    await pick(page, dialog, 'Company', 'Demo Factory');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Moulder 9 controller');
    await select(page, dialog, 'Protocol', 'OPC UA (machine server)');
    await dialog.getByRole('textbox', { name: 'Serial number', exact: true }).fill('MOULDER-9');
    await dialog.getByRole('textbox', { name: 'OPC UA endpoint', exact: true }).fill(moulder.endpointUrl);
    const mapping = dialog.getByRole('textbox', { name: 'OPC UA node mapping', exact: true });
    await mapping.fill('running | ns=1;s=Old');

    await dialog.getByRole('button', { name: 'EUROMAP 77 (injection moulding)' }).click();
    await expect(dialog.getByTestId('opcua-preset-outcome')).toContainText('EUROMAP 77 (injection moulding): nodes mapped: 2');
    const cycles = moulder.nodeIds.get('Moulder/JobCycleCounter')!;
    const mode = moulder.nodeIds.get('Moulder/MachineMode')!;
    await expect(mapping).toHaveValue(`3 | counter | ${cycles}\nstate | ${mode} | work=1,2 | active=3,4`);
    await dialog.getByTestId('opcua-mapping-tools').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'opcua-4-preset-en.png') });

    // Browse for the cycle counter's line and pick the machine's other counter instead.
    await dialog.getByRole('button', { name: 'Browse for the node of 3' }).click();
    const browse = page.getByRole('dialog', { name: 'Browse the machine' });
    await browse.getByText('Moulder', { exact: true }).click();
    await browse.getByText('Jobs', { exact: true }).click();
    await browse.getByText('ActiveJobValues', { exact: true }).click();
    await expect(browse.getByText(`UInt64 = 77 · ${cycles}`)).toBeVisible();
    await browse.getByText('MachineStatus', { exact: true }).click();
    await expect(browse.getByText(`Int32 = 1 · ${mode}`)).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'opcua-5-browse-en.png') });
    await browse.getByText('JobCycleCounter', { exact: true }).click();
    await expect(browse).toHaveCount(0);
    await save(page, dialog, 'sensors');

    // A machine with SignAndEncrypt whose certificate nobody trusted: saved unchecked, refused until trusted.
    const secured = await openAdd(page, 'Add module');
    await pick(page, secured, 'Company', 'Demo Factory');
    await secured.getByRole('textbox', { name: 'Name', exact: true }).fill('Press 4 controller');
    await select(page, secured, 'Protocol', 'OPC UA (machine server)');
    await secured.getByRole('textbox', { name: 'Serial number', exact: true }).fill('PRESS-4');
    await secured.getByRole('textbox', { name: 'OPC UA endpoint', exact: true }).fill(press.endpointUrl);
    await select(page, secured, 'OPC UA security mode', 'SignAndEncrypt');
    await select(page, secured, 'OPC UA security policy', 'Basic256Sha256');
    await secured.getByRole('textbox', { name: 'OPC UA user name', exact: true }).fill(MACHINE_USER.userName);
    await secured.getByLabel('OPC UA password', { exact: true }).fill(MACHINE_USER.password);
    await secured.getByRole('textbox', { name: 'OPC UA node mapping', exact: true }).fill('running | ns=1;s=Running');
    await secured.getByRole('button', { name: 'Browse for the node of running' }).click();
    const refused = page.getByRole('dialog', { name: 'Browse the machine' });
    await expect(refused.getByTestId('opcua-browse-error')).toContainText("The machine's certificate is not trusted.");
    await page.screenshot({ path: path.join(artifacts, 'opcua-6-browse-untrusted-en.png') });
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await save(page, secured, 'sensors');

    // The connector meets the certificate and keeps it for the card (its poll is every 10 s).
    const card = page.getByTestId('opcua-certificates-untrusted');
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    await expect(card).toContainText('Press 4 controller');
    await expect(card).toContainText(/SHA-256([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    await screenshotPage(page, path.join(artifacts, 'opcua-7-trust-en.png'));
    await card.getByRole('button', { name: 'Trust' }).click();
    await expect(page.getByTestId('opcua-certificates-trusted')).toContainText('Press 4 controller');
    // Trusted, the machine is browsed with the module's stored password.
    await searchList(page, 'sensors', 'PRESS-4');
    await page.getByTestId('entity-list-sensors').getByRole('button', { name: 'Edit' }).click();
    const edit = formDialog(page, 'Edit module');
    await expect(edit.getByRole('button', { name: 'Save' })).toBeEnabled();
    await edit.getByRole('button', { name: 'Browse for the node of running' }).click();
    const trustedBrowse = page.getByRole('dialog', { name: 'Browse the machine' });
    await trustedBrowse.getByText('Machine', { exact: true }).click();
    await expect(trustedBrowse.getByText('Boolean = false · ns=1;s=Running')).toBeVisible();
    await trustedBrowse.getByRole('button', { name: 'Cancel' }).click();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Polish: the card, the form's tools and the browse dialog.
    await page.evaluate(() => localStorage.setItem('locale', 'pl'));
    await page.reload();
    await expect(page.getByTestId('opcua-certificates-trusted')).toContainText('Zaufane certyfikaty maszyn: 1');
    await screenshotPage(page, path.join(artifacts, 'opcua-8-trusted-pl.png'));
    await page.getByRole('searchbox', { name: 'Szukaj' }).fill('MOULDER-9');
    await expect(page.getByTestId('entity-list-sensors').locator('tbody tr')).toHaveCount(1);
    await page.getByTestId('entity-list-sensors').getByRole('button', { name: 'Edytuj' }).click();
    const editPl = formDialog(page, 'Edytuj moduł');
    await expect(editPl.getByRole('button', { name: 'Zapisz' })).toBeEnabled();
    await editPl.getByTestId('opcua-mapping-tools').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'opcua-9-form-pl.png') });
    await editPl.getByRole('button', { name: 'Wybierz węzeł dla state' }).click();
    const browsePl = page.getByRole('dialog', { name: 'Przeglądaj maszynę' });
    await browsePl.getByText('Moulder', { exact: true }).click();
    await browsePl.getByText('MachineStatus', { exact: true }).click();
    await expect(browsePl.getByText(`Int32 = 1 · ${mode}`)).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, 'opcua-10-browse-pl.png') });
  } finally {
    await Promise.all([moulder.stop(), press.stop()]);
  }
});
