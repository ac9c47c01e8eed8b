import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

// The new-user path of the foundation: the login page in Polish with language flags, sign in as the demo user,
// land on /dashboard inside the main shell, switch language, sign out — in Polish and in English.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const TEXT = {
  pl: { username: /login|nazwa użytkownika|e-mail/i, password: /hasło/i, submit: /zaloguj/i, logout: /wyloguj/i, dashboard: /pulpit/i },
  en: { username: /username|e-mail|login/i, password: /password/i, submit: /sign in|log in/i, logout: /log out|sign out/i, dashboard: /dashboard/i },
} as const;

async function freshStart(page: Page, locale: 'pl' | 'en') {
  await page.goto('/login');
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('locale', value);
  }, locale);
  await page.goto('/login');
}

async function signIn(page: Page, locale: 'pl' | 'en', username: string, password: string) {
  const text = TEXT[locale];
  await page.getByLabel(text.username).fill(username);
  await page.getByLabel(text.password, { exact: false }).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const locale of ['pl', 'en'] as const) {
  test(`a new user signs in, finds the dashboard, switches language and signs out (${locale})`, async ({ page }) => {
    const text = TEXT[locale];
    await freshStart(page, locale);
    await expect(page.getByRole('button', { name: text.submit })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.screenshot({ path: path.join(artifacts, `login-${locale}.png`), fullPage: true });

    await signIn(page, locale, 'demo', 'demo');
    await expect(page.getByRole('navigation')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('link', { name: text.dashboard }).first()).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, `dashboard-${locale}.png`), fullPage: true });

    // A signed-in user opening /login goes back to the dashboard; an unknown path ends there too.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Sign out from the profile menu: back to the login page, and protected routes stay closed.
    await page.getByRole('button', { name: /Anna Kowalska/ }).click();
    await page.getByRole('menuitem', { name: text.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('the language flags switch the login page between Polish and English, and the choice is kept', async ({ page }) => {
  await freshStart(page, 'pl');
  await expect(page.getByRole('button', { name: TEXT.pl.submit })).toBeVisible();
  await page.getByRole('button', { name: /english|angielski/i }).click();
  await expect(page.getByRole('button', { name: TEXT.en.submit })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: TEXT.en.submit })).toBeVisible();
  await page.getByRole('button', { name: /polski|polish/i }).click();
  await expect(page.getByRole('button', { name: TEXT.pl.submit })).toBeVisible();
});

test('wrong credentials show the invalid login message', async ({ page }) => {
  await freshStart(page, 'en');
  await page.getByLabel(TEXT.en.username).fill('demo');
  await page.getByLabel(TEXT.en.password).fill('not-the-password');
  await page.getByRole('button', { name: TEXT.en.submit }).click();
  await expect(page.getByText(/invalid login or password/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the super-admin sees the administration group; the company user does not', async ({ page }) => {
  await freshStart(page, 'en');
  await signIn(page, 'en', 'admin', 'admin');
  await expect(page.getByRole('navigation').getByText(/administration|admin/i).first()).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'dashboard-admin-en.png'), fullPage: true });
});

test('a phone-sized screen collapses the navigation behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freshStart(page, 'en');
  await signIn(page, 'en', 'demo', 'demo');
  const menuButton = page.getByRole('button', { name: /menu/i }).first();
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  await expect(page.getByRole('link', { name: TEXT.en.dashboard }).first()).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'dashboard-mobile-en.png'), fullPage: true });
});
