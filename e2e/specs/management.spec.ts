import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formDialog, openAdd, pick, save, searchList, select, signOut } from '../support/forms.ts';
import { addMonitor, choose, clearBoard, idOf, idsByName, LOADING, screenshotPage, signIn, stubMapTiles } from '../support/monitors.ts';

// Setting up a new machine end to end: the super-admin adds a device type with its parameters and a module for Demo
// Factory; the company's user fits the module to a new device, puts it in a group and adds an operator with a card;
// the module reports through the ingest API; the device is then offered by the diagnostics monitors and shown on the
// locations map; and its group can be deleted only after the dialog unassigns the device.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const run = Date.now();
const NAMES = {
  deviceType: `E2E loader ${run}`,
  sensor: `E2E module ${run}`,
  serial: `E2E${run}`,
  code: `C0DE${run}`,
  device: `E2E truck ${run}`,
  group: `E2E group ${run}`,
  operator: { firstname: 'Ewa', lastname: `Tester${run}` },
  rfid: `E2E${run.toString(16).toUpperCase()}`,
};
const PARAMETERS = [
  { number: 1, name: 'work', aggregation: 'Sum' },
  { number: 20, name: 'battery voltage', aggregation: 'Average' },
] as const;
const POSITION = { lat: 52.2297, lon: 21.0122, acc: 5 };

test.describe('managing a new machine', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  test('from device type and module to a device with its group and operator, its data, the map and the group deleted', async ({ page, request }) => {
    test.setTimeout(120_000);

    await test.step('1. the super-admin adds a device type with two parameters and a module for Demo Factory', async () => {
      await signIn(page, 'admin', 'admin');
      await page.goto('/administration/devices-types');
      let dialog = await openAdd(page, 'Add device type');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.deviceType);
      await save(page, dialog, 'devicetypes');
      const parameters = page.getByTestId('device-type-parameters');
      await expect(parameters.getByRole('heading', { level: 2, name: `Parameters of ${NAMES.deviceType}` })).toBeVisible();

      for (const parameter of PARAMETERS) {
        await parameters.getByRole('button', { name: 'Add parameter' }).click();
        dialog = formDialog(page, 'Add parameter');
        await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
        await pick(page, dialog, 'Device type', NAMES.deviceType);
        await dialog.getByRole('spinbutton', { name: 'Number', exact: true }).fill(String(parameter.number));
        await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(parameter.name);
        await select(page, dialog, 'Aggregation', parameter.aggregation);
        await save(page, dialog, 'parameters');
      }
      const rows = parameters.getByRole('row');
      for (const parameter of PARAMETERS) {
        await expect(rows.filter({ hasText: parameter.name }).filter({ hasText: parameter.aggregation })).toHaveCount(1);
      }
      await screenshotPage(page, path.join(artifacts, 'management-1-device-type.png'));

      await page.goto('/administration/sensors');
      dialog = await openAdd(page, 'Add module');
      await pick(page, dialog, 'Company', 'Demo Factory');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.sensor);
      await dialog.getByRole('textbox', { name: 'Serial number', exact: true }).fill(NAMES.serial);
      await dialog.getByRole('textbox', { name: 'Security code', exact: true }).fill(NAMES.code);
      await save(page, dialog, 'sensors');
      const sensorRow = await searchList(page, 'sensors', NAMES.serial);
      await expect(sensorRow).toContainText(NAMES.sensor);
      await expect(sensorRow).toContainText('Demo Factory');
      await screenshotPage(page, path.join(artifacts, 'management-1-sensor.png'));
      await signOut(page);
    });

    await test.step('2. the company user adds a device with the module, a group with the device and an operator', async () => {
      await signIn(page, 'demo', 'demo');
      await page.goto('/manage/devices');
      let dialog = await openAdd(page, 'Add device');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.device);
      await pick(page, dialog, 'Device type', NAMES.deviceType);
      // Modules are offered by name and serial number.
      await pick(page, dialog, 'Modules (sensors)', `${NAMES.sensor} (${NAMES.serial})`);
      await save(page, dialog, 'devices');
      await expect(await searchList(page, 'devices', NAMES.device)).toContainText(NAMES.deviceType);

      await page.goto('/manage/device-groups');
      dialog = await openAdd(page, 'Add device group');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.group);
      await pick(page, dialog, 'Devices', NAMES.device);
      await save(page, dialog, 'devicegroups');
      // The device count column.
      await expect((await searchList(page, 'devicegroups', NAMES.group)).getByRole('cell').nth(1)).toHaveText('1');

      await page.goto('/manage/device-operators');
      dialog = await openAdd(page, 'Add operator');
      await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill(NAMES.operator.firstname);
      await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(NAMES.operator.lastname);
      await dialog.getByRole('textbox', { name: 'RFID card number', exact: true }).fill(NAMES.rfid.toLowerCase());
      await save(page, dialog, 'deviceoperators');
      // The card number is kept upper-cased.
      await expect(await searchList(page, 'deviceoperators', NAMES.operator.lastname)).toContainText(NAMES.rfid);
      await screenshotPage(page, path.join(artifacts, 'management-2-operator.png'));
    });

    await test.step('3. the module sends readings and a position through the ingest API', async () => {
      const now = Date.now();
      const times = [now - 10 * 60_000, now - 5 * 60_000, now - 60_000];
      const response = await request.post('/api/ingest', {
        headers: { authorization: `Basic ${Buffer.from(`${NAMES.serial.toLowerCase()}:${NAMES.code}`).toString('base64')}` },
        data: {
          readings: times.flatMap((t, index) => [
            { p: 1, t, v: 60 },
            { p: 20, t: new Date(t).toISOString(), v: 48 + index / 10 },
          ]),
          positions: [{ t: times[2], ...POSITION }],
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      expect(await response.json()).toEqual({ readings: 6, duplicates: 0, unassigned: 0, positions: 1, events: 0 });
    });

    await test.step('4. the device is offered by the diagnostics monitor and shown on the locations map', async () => {
      await clearBoard(page);
      await page.goto('/diagnostics');
      const frame = await addMonitor(page, 'device-parameter');
      // The monitor starts on the company's first device group; the new device is picked by hand.
      const byDevices = frame.getByRole('radio', { name: 'Devices', exact: true });
      await byDevices.click();
      await expect(byDevices).toBeChecked();
      await choose(page, frame.getByTestId('monitor-field-devices'), [NAMES.device]);
      // The new selection's work parameter is chosen for the user.
      await expect(frame.getByTestId('monitor-field-parameters').getByText('work', { exact: true })).toBeVisible(LOADING);
      await screenshotPage(page, path.join(artifacts, 'management-4-diagnostics.png'));

      const deviceId = idOf(await idsByName(page, '/api/devices'), NAMES.device);
      await stubMapTiles(page);
      await page.goto('/location');
      const row = page.getByTestId('location-row').filter({ hasText: NAMES.device });
      await expect(row).toHaveAttribute('data-device-id', String(deviceId), LOADING);
      await expect(row).toContainText(NAMES.deviceType);
      await expect(row.getByTestId('location-no-position')).toHaveCount(0);
      const marker = page.locator(`[data-testid="location-marker"][data-device-id="${deviceId}"]`);
      await expect(marker).toBeVisible();
      await row.click();
      await expect(row).toHaveAttribute('aria-current', 'true');
      await screenshotPage(page, path.join(artifacts, 'management-4-location.png'));
    });

    await test.step('5. the group holding the device is deleted after the dialog unassigns it', async () => {
      await page.goto('/manage/device-groups');
      const row = await searchList(page, 'devicegroups', NAMES.group);
      await row.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete' });
      await expect(dialog).toContainText(`Do you really want to delete ${NAMES.group}?`);
      const refused = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.status() === 409);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await refused;
      const dependents = dialog.getByTestId('delete-dependents');
      await expect(dependents).toContainText(`${NAMES.group} cannot be deleted yet because other items depend on it:`);
      await expect(dependents.getByTestId('dependents-devices')).toContainText(NAMES.device);
      await screenshotPage(page, path.join(artifacts, 'management-5-refused.png'));

      await dialog.getByRole('button', { name: 'Unassign all' }).click();
      await expect(page.getByText(`${NAMES.group} has been deleted`)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(row).toHaveCount(0);
      await expect(page.getByText('Nothing matches your search')).toBeVisible();
      await screenshotPage(page, path.join(artifacts, 'management-5-deleted.png'));
      // The device itself stays, now without a group.
      await expect.poll(async () => (await idsByName(page, '/api/devicegroups')).has(NAMES.group)).toBe(false);
      expect((await idsByName(page, '/api/devices')).has(NAMES.device)).toBe(true);
    });
  });
});
