import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

// ---- The server's form dialogs (labels are the English translations of the form's label keys) ----

export const formDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** An entity field: a searchable list, of which the option with that exact name is picked. */
export async function pick(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  const input = dialog.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A choice field: a select, of which the option with that exact name is chosen. */
export async function select(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: label })).toHaveText(option);
}

/** Saves a form dialog: the server answers the POST, and the dialog closes after its short delay. */
export async function save(page: Page, dialog: Locator, resource: string): Promise<number> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/${resource}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await answer;
  expect(response.status(), `POST /api/${resource}: ${await response.text()}`).toBeLessThan(300);
  await expect(dialog).toHaveCount(0);
  return ((await response.json()) as { id: number }).id;
}

/** Opens an add dialog from its button, with the server's form loaded. */
export async function openAdd(page: Page, button: string): Promise<Locator> {
  // An empty list offers the same button in its empty state: the page's own comes first.
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = formDialog(page, button);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  return dialog;
}

/** Searches a list for a row's unique text; resolves with that row once the list shows it alone. */
export async function searchList(page: Page, plural: string, text: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  const rows = page.getByTestId(`entity-list-${plural}`).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(text);
  return rows;
}

/**
 * Signs out and waits for the page the sign-out loads (useSignOut: the session is revoked, then /login is loaded
 * afresh). The guard has shown /login before that load, with the page signed out of in its history state; a sign-in
 * begun then raced the load and, when it lost, returned to that page instead of the dashboard.
 */
export async function signOut(page: Page): Promise<void> {
  await page.locator('header').locator('button[aria-haspopup="menu"]').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Log out' }).click()]);
  await expect(page).toHaveURL(/\/login$/);
}
