import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

// The new-user path of the foundation: the login page with language flags, sign in as the demo user, land on
// /dashboard inside the main shell, switch language, sign out — in Polish and in English.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const TEXT = {
  pl: {
    username: 'Login lub e-mail',
    password: 'Hasło',
    submit: 'Zaloguj się',
    logout: 'Wyloguj',
    dashboard: 'Pulpit',
    flag: 'Polski',
    support: 'Pomoc techniczna',
  },
  en: { username: 'Login or e-mail', password: 'Password', submit: 'Sign in', logout: 'Log out', dashboard: 'Dashboard', flag: 'English', support: 'Support' },
} as const;
type Locale = keyof typeof TEXT;
const other = (locale: Locale): Locale => (locale === 'pl' ? 'en' : 'pl');

async function freshStart(page: Page, locale: Locale) {
  await page.goto('/login');
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('locale', value);
  }, locale);
  await page.goto('/login');
  // The flag picked before signing in becomes the user's stored language (else the interface takes the stored one).
  await page.getByRole('button', { name: TEXT[locale].flag }).click();
}

async function signIn(page: Page, locale: Locale, username: string, password: string) {
  const text = TEXT[locale];
  await page.getByLabel(text.username).fill(username);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const navigation = (page: Page) => page.getByRole('navigation', { name: /nawigacja główna|main navigation/i });

for (const locale of ['pl', 'en'] as const) {
  test(`a new user signs in, finds the dashboard, switches language and signs out (${locale})`, async ({ page }) => {
    const text = TEXT[locale];
    const switched = TEXT[other(locale)];
    await freshStart(page, locale);
    await expect(page.getByRole('button', { name: text.submit })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('button', { name: 'Polski' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, `login-${locale}.png`), fullPage: true });

    await signIn(page, locale, 'demo', 'demo');
    await expect(navigation(page).getByRole('link', { name: text.dashboard })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: text.dashboard })).toBeVisible();
    await expect(navigation(page).getByText(/administra/i)).toHaveCount(0);
    await page.screenshot({ path: path.join(artifacts, `dashboard-${locale}.png`), fullPage: true });

    // A signed-in user opening /login goes back to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Switch language from the profile menu; the shell follows at once and the choice survives a reload.
    const profile = page.getByRole('button', { name: 'Anna Kowalska' });
    await profile.click();
    await page.getByRole('button', { name: switched.flag }).click();
    await page.keyboard.press('Escape');
    await expect(navigation(page).getByRole('link', { name: switched.dashboard })).toBeVisible();
    await page.reload();
    await expect(navigation(page).getByRole('link', { name: switched.dashboard })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', other(locale));

    // Sign out from the profile menu: back to the login page, and protected routes stay closed.
    // Signing out clears the session (the guard already routes to /login) and then reloads the page once the
    // refresh token is revoked; wait for that reload, or the next navigation races it and is aborted.
    await profile.click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: switched.logout }).click()]);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: switched.submit })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test.describe('with a Polish browser and nothing stored', () => {
  test.use({ locale: 'pl-PL' });
  test('the login page opens in Polish', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('button', { name: TEXT.pl.submit })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  });
});

test('the language flags switch the login page between Polish and English, and the choice is kept', async ({ page }) => {
  await freshStart(page, 'pl');
  await expect(page.getByRole('button', { name: TEXT.pl.submit })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: TEXT.en.submit })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: TEXT.en.submit })).toBeVisible();
  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('button', { name: TEXT.pl.submit })).toBeVisible();
});

test('wrong credentials show the invalid login message', async ({ page }) => {
  await freshStart(page, 'en');
  await page.getByLabel(TEXT.en.username).fill('demo');
  await page.getByLabel(TEXT.en.password).fill('not-the-password');
  await page.getByRole('button', { name: TEXT.en.submit }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page asked for without a session returns there after signing in', async ({ page }) => {
  await freshStart(page, 'en');
  await page.goto('/manage/device-groups');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(TEXT.en.username).fill('demo');
  await page.getByLabel(TEXT.en.password).fill('demo');
  await page.getByRole('button', { name: TEXT.en.submit }).click();
  await expect(page).toHaveURL(/\/manage\/device-groups$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Device groups' })).toBeVisible();
});

test('the super-admin sees the administration group and the impersonate entry; the company user does not', async ({ page }) => {
  await freshStart(page, 'en');
  await signIn(page, 'en', 'admin', 'admin');
  await expect(navigation(page).getByText('Administration')).toBeVisible();
  await navigation(page).getByRole('link', { name: 'Device types' }).click();
  await expect(page).toHaveURL(/\/administration\/devices-types$/);
  await page.getByRole('button', { name: 'Gearwatch Administrator' }).click();
  await expect(page.getByRole('menuitem', { name: 'Impersonate' })).toBeVisible();
  await expect(page.getByText('Version 2025-05-27')).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'admin-menu-en.png'), fullPage: true });
});

test('a phone-sized screen collapses the navigation behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freshStart(page, 'en');
  await signIn(page, 'en', 'demo', 'demo');
  await expect(navigation(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(navigation(page).getByRole('link', { name: 'Devices', exact: true })).toBeVisible();
  // Wait for the drawer to finish sliding in before taking the picture.
  await expect.poll(async () => (await navigation(page).boundingBox())?.x).toBe(0);
  await page.screenshot({ path: path.join(artifacts, 'navigation-mobile-en.png'), fullPage: true });
  await navigation(page).getByRole('link', { name: 'Devices', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/devices$/);
  await expect(navigation(page)).toBeHidden();
});
