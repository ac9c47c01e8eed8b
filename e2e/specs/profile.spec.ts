import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { inbox, waitForMail } from '../support/inbox.ts';
import { signIn } from '../support/monitors.ts';

// The profile settings dialog against the real server: a user of the demo company (made for this test, so the demo
// users stay as other specs expect them) changes their avatar, names, notification preferences and password.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const CLIENT = { client_id: 'gearwatch-web', client_secret: 'gearwatch-web' };
/** A real 48×48 png (a light disc on a gradient), so the browser draws it and the avatar shows the image. */
function avatarPng(): Buffer {
  const size = 48;
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(Math.hypot(x - 24, y - 24) < 14 ? [255, 200, 120] : [30 + 2 * x, 90 + y, 180]));
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = avatarPng();
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002', 'hex');
const stamp = Date.now().toString(36);
const USER = {
  username: `profile-${stamp}`,
  email: `profile-${stamp}@demo.example`,
  firstname: 'Piotr',
  lastname: 'Profilowy',
  password: 'first profile password',
};

/** A user of the demo company with a password set through their welcome link, as a real new user gets one. */
async function createUser(request: APIRequestContext) {
  const token = (await (await request.post('/api/token', { form: { ...CLIENT, grant_type: 'password', username: 'demo', password: 'demo' } })).json())
    .access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const form = await (await request.get('/api/users/new', { headers })).json();
  const before = (await inbox()).length;
  const created = await request.post('/api/users', {
    headers,
    data: { token: form.token, username: USER.username, email: USER.email, firstname: USER.firstname, lastname: USER.lastname, language: 'en', active: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await waitForMail(USER.email, before);
  const linkToken = /\/resetting\?token=([\w-]+)/.exec(mail.body)?.[1];
  expect(linkToken, mail.body).toBeTruthy();
  const reset = await request.post('/api/resetting/reset', { data: { token: linkToken, password: USER.password } });
  expect(reset.status(), await reset.text()).toBe(200);
}

async function openProfile(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Profile settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile settings' });
  await expect(dialog.getByLabel('Last name')).toHaveValue(/\S/);
  return dialog;
}

test('a user changes their avatar, names, notifications and password in the profile dialog', async ({ page, request }) => {
  await createUser(request);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, USER.username, USER.password);
  let dialog = await openProfile(page, 'Piotr Profilowy');
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(USER.email);
  for (const name of ['By e-mail', 'In the app', 'Info', 'Warning', 'Critical', 'Announcements for everyone'])
    await expect(dialog.getByRole('switch', { name })).toBeChecked();

  // A gif is refused whatever it is called; a png is shown at once.
  const input = dialog.getByTestId('avatar-input');
  await input.setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: GIF });
  await expect(dialog.getByText('Unsupported file type')).toBeVisible();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Unsupported file type')).toHaveCount(0);
  await expect(dialog.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // A blank first name is the server's field error, and nothing is saved.
  await dialog.getByLabel('First name').fill('  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This value should not be blank')).toBeVisible();
  // The header behind the dialog (hidden from the accessibility tree while it is open) still has the old name.
  await expect(page.getByRole('button', { name: 'Piotr Profilowy', includeHidden: true })).toBeVisible();

  // The levels cannot be chosen while both channels are off.
  await dialog.getByLabel('First name').fill('Piotrek');
  await dialog.getByRole('switch', { name: 'By e-mail' }).click();
  await dialog.getByRole('switch', { name: 'In the app' }).click();
  for (const name of ['Info', 'Warning', 'Critical']) await expect(dialog.getByRole('switch', { name })).toBeDisabled();
  await dialog.getByRole('switch', { name: 'In the app' }).click();
  await dialog.getByRole('switch', { name: 'Info' }).click();
  await page.screenshot({ path: path.join(artifacts, 'profile-dialog-1600.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The header shows the new name and the avatar without a reload.
  const button = page.getByRole('button', { name: 'Piotrek Profilowy' });
  await expect(button).toBeVisible();
  await expect(button.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // What was saved is what the dialog shows next time, after a reload too.
  await page.reload();
  dialog = await openProfile(page, 'Piotrek Profilowy');
  await expect(dialog.getByLabel('First name')).toHaveValue('Piotrek');
  await expect(dialog.getByRole('switch', { name: 'By e-mail' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'In the app' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Info' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Warning' })).toBeChecked();

  // The password: a wrong current one is refused on its field, then the change goes through.
  await dialog.getByLabel('Current password', { exact: true }).fill('not my password');
  await dialog.getByLabel('New password', { exact: true }).fill('second profile password');
  await dialog.getByLabel('Repeat the new password').fill('second profile password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The current password is wrong')).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill(USER.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
  await expect(dialog.getByLabel('Current password', { exact: true })).toHaveValue('');

  // This session goes on after the change: the dialog still reads the profile.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  dialog = await openProfile(page, 'Piotrek Profilowy');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // On a phone the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await openProfile(page, 'Piotrek Profilowy');
  const box = await dialog.boundingBox();
  expect(box && box.width <= 390).toBe(true);
  await page.screenshot({ path: path.join(artifacts, 'profile-dialog-390.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Only the new password signs in now.
  const old = await request.post('/api/token', { form: { ...CLIENT, grant_type: 'password', username: USER.username, password: USER.password } });
  expect(old.status()).toBe(400);
  await signIn(page, USER.username, 'second profile password');
});
