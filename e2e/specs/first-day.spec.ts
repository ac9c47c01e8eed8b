import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { formDialog, openAdd, pick, save, searchList, select, signOut } from '../support/forms.ts';
import { FRESH_URL, startFreshServer } from '../support/fresh-server.ts';
import type { FreshServer } from '../support/fresh-server.ts';
import { inbox, waitForMail } from '../support/inbox.ts';
import { clickToolbox, csvValues, download, expectChart, LOADING, monitor, readCsv, screenshotPage, signIn, TOOLBOX_ICON } from '../support/monitors.ts';

// A real customer's first day (README "Start without the demo"), on a new installation without the demo: the
// super-admin made by `npm run create-admin` adds the company, its first user (who sets a password from the welcome
// mail), a device type with parameters in the seeded units, and the module; the user adds the device and the
// company's shifts; the module sends the `curl` of docs/ingest.md; the user's dashboard shows that data.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });
const execFileAsync = promisify(execFile);

const ADMIN = { username: 'firstadmin', email: 'admin@first-day.example', password: 'first day admin password' };
const NAMES = {
  company: 'Hansa Metallbau',
  user: { username: 'werner', email: 'werner@hansa-metallbau.example', firstname: 'Werner', lastname: 'Krause', password: 'werner first password' },
  deviceType: 'Press line',
  device: 'Press 1',
  module: 'GW-Module 77001',
  serial: 'GW2026077001',
  code: 'A1B2C3D4',
};
const PARAMETERS = [
  { number: 1, name: 'work', tags: 'effective work time', unit: 'seconds (s)', aggregation: 'Sum' },
  { number: 2, name: 'active', tags: 'device active', unit: 'seconds (s)', aggregation: 'Sum' },
  { number: 20, name: 'hydraulic voltage', tags: '', unit: 'volt (V)', aggregation: 'Average' },
] as const;

/** The first shell example of docs/ingest.md, run as written with this module's serial, code and server. */
async function sendDocsCurlExample(): Promise<unknown> {
  const docs = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'ingest.md'), 'utf8');
  const example = [...docs.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((block) => block.includes('curl ') && block.includes('/api/ingest'));
  expect(example, 'docs/ingest.md has a curl example').toBeTruthy();
  const script = (example as string).replace(/(curl [^\n]*?-u )\S+/, `$1${NAMES.serial}:${NAMES.code}`).replace('http://localhost:8080', FRESH_URL);
  expect(script).toContain(`-u ${NAMES.serial}:${NAMES.code}`);
  expect(script).toContain(`${FRESH_URL}/api/ingest`);
  const { stdout } = await execFileAsync('bash', ['-c', script]);
  return JSON.parse(stdout) as unknown;
}

test.describe('a company set up without the demo', () => {
  test.use({ baseURL: FRESH_URL, viewport: { width: 1400, height: 1000 } });
  let server: FreshServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startFreshServer(ADMIN);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('from create-admin to the first data on the user’s dashboard', async ({ page }) => {
    test.setTimeout(240_000);

    await test.step('1. the super-admin adds the company with its timezone', async () => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.goto('/administration/user-groups');
      const dialog = await openAdd(page, 'Add user group');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.company);
      await select(page, dialog, 'Timezone', 'Europe/Berlin');
      await select(page, dialog, 'Subscription type', 'Standard');
      await save(page, dialog, 'companies');
      await expect(await searchList(page, 'companies', NAMES.company)).toContainText('Europe/Berlin');
    });

    await test.step('2. its first user, who sets a password from the welcome mail', async () => {
      await page.goto('/administration/users');
      const dialog = await openAdd(page, 'Add user');
      await pick(page, dialog, 'Company', NAMES.company);
      await dialog.getByRole('textbox', { name: 'User name', exact: true }).fill(NAMES.user.username);
      await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(NAMES.user.email);
      await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill(NAMES.user.firstname);
      await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(NAMES.user.lastname);
      await select(page, dialog, 'Language', 'English');
      const mailsBefore = (await inbox()).length;
      await save(page, dialog, 'users');
      await expect(await searchList(page, 'users', NAMES.user.username)).toContainText(NAMES.company);

      const mail = await waitForMail(NAMES.user.email, mailsBefore);
      const link = /https?:\/\/\S+\/resetting\?token=[\w-]+/.exec(mail.body)?.[0];
      expect(link, mail.body).toBeTruthy();
      expect(link?.startsWith(FRESH_URL), 'the link leads to this installation (PUBLIC_URL)').toBe(true);
      await signOut(page);
      await page.goto(link as string);
      await page.getByLabel('New password', { exact: false }).first().fill(NAMES.user.password);
      await page.getByLabel('Repeat the new password').fill(NAMES.user.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Your password has been changed. You can sign in now.')).toBeVisible();
    });

    await test.step('3. the super-admin adds a device type with parameters in the units every installation has', async () => {
      await signIn(page, ADMIN.username, ADMIN.password);
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
        if (parameter.tags) await dialog.getByRole('textbox', { name: 'Tags', exact: true }).fill(parameter.tags);
        await pick(page, dialog, 'Unit', parameter.unit);
        await select(page, dialog, 'Aggregation', parameter.aggregation);
        await save(page, dialog, 'parameters');
      }
      for (const parameter of PARAMETERS) await expect(parameters.getByRole('row').filter({ hasText: parameter.name })).toHaveCount(1);
      await screenshotPage(page, path.join(artifacts, 'first-day-3-device-type.png'));
      await signOut(page);
    });

    await test.step('4. the user adds the device and the company’s production shifts', async () => {
      await signIn(page, NAMES.user.username, NAMES.user.password);
      // A new company's user without devices starts on an empty dashboard that says how to begin.
      await expect(page.getByTestId('monitor-tiles')).toBeVisible();
      await expect(page.getByText(/no devices yet\. Add them under Manage → Devices/)).toBeVisible();
      await page.goto('/manage/devices');
      const dialog = await openAdd(page, 'Add device');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.device);
      await pick(page, dialog, 'Device type', NAMES.deviceType);
      await save(page, dialog, 'devices');
      await expect(await searchList(page, 'devices', NAMES.device)).toContainText(NAMES.deviceType);

      await page.locator('header').locator('button[aria-haspopup="menu"]').click();
      await page.getByRole('menuitem', { name: 'Company settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Company settings' });
      await expect(settings.getByText(/No shifts yet/)).toBeVisible();
      const add = settings.getByRole('button', { name: 'Add shift' });
      // Each new shift starts where the previous ends, 8 hours long: 00–08, 08–16, 16–24.
      for (let shift = 0; shift < 3; shift += 1) await add.click();
      await expect(settings.getByTestId('shift-2')).toContainText('16:00');
      await expect(settings.getByTestId('shift-2')).toContainText('24:00');
      await screenshotPage(page, path.join(artifacts, 'first-day-4-shifts.png'));
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/user/production_shifts',
      );
      await settings.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText('Shifts saved')).toBeVisible();
      await expect(settings).toHaveCount(0);
      await signOut(page);
    });

    await test.step('5. the super-admin adds the module for the company, fitted to the device', async () => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.goto('/administration/sensors');
      const dialog = await openAdd(page, 'Add module');
      await pick(page, dialog, 'Company', NAMES.company);
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(NAMES.module);
      await dialog.getByRole('textbox', { name: 'Serial number', exact: true }).fill(NAMES.serial);
      await dialog.getByRole('textbox', { name: 'Security code', exact: true }).fill(NAMES.code);
      // A super-admin's device choices name each device's company.
      await pick(page, dialog, 'Device', `${NAMES.company} · ${NAMES.device}`);
      await save(page, dialog, 'sensors');
      const row = await searchList(page, 'sensors', NAMES.serial);
      await expect(row).toContainText(NAMES.company);
      await signOut(page);
    });

    await test.step('6. the module sends the curl example of docs/ingest.md', async () => {
      expect(await sendDocsCurlExample()).toEqual({ readings: 2, duplicates: 0, unassigned: 0, positions: 1, events: 1 });
    });

    await test.step('7. the user’s dashboard starts on monitors of the device: work and by shift', async () => {
      await signIn(page, NAMES.user.username, NAMES.user.password);
      // A dashboard never saved starts on monitors over the company's devices (issue 32 item 18); with no device
      // group yet, they start on the company's first device. Their options open the toolbox.
      const opened = async (kind: 'work-activity' | 'work-activity-shift') => {
        const frame = monitor(page, kind);
        await expect(frame).toBeVisible(LOADING);
        await frame.getByTestId('monitor-action-options').click();
        await expect(frame.getByTestId('monitor-settings')).toBeVisible();
        return frame;
      };
      let chart = await expectChart(await opened('work-activity'), 'work-activity');
      let csv = readCsv((await download(page, () => clickToolbox(chart, TOOLBOX_ICON.workChart, 'csv'))).bytes);
      expect(csv.header.slice(1)).toEqual([`${NAMES.device} [s]`]);
      expect(Math.max(...csvValues(csv.rows)), 'the 60 seconds of work sent').toBeGreaterThan(0);

      // The shift chart opens on the last week to today.
      chart = await expectChart(await opened('work-activity-shift'), 'work-activity-shift');
      csv = readCsv((await download(page, () => clickToolbox(chart, TOOLBOX_ICON.shiftChart, 'csv'))).bytes);
      expect(csv.rows.map((row) => row[0])).toEqual(['Shift 1', 'Shift 2', 'Shift 3']);
      expect(Math.max(...csvValues(csv.rows)), 'the work lands in the shift it was done in').toBeGreaterThan(0);
      await screenshotPage(page, path.join(artifacts, 'first-day-7-dashboard.png'));
    });
  });
});
