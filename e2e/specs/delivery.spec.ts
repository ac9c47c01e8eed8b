import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiAuth, bringDemoAlertsToRest } from '../support/demo-at-rest.ts';
import { inbox } from '../support/inbox.ts';
import { ingest, ingestTime } from '../support/ingest.ts';
import { signIn } from '../support/monitors.ts';

// The delivery issue's browser test (issue 17 "Tests"): an alert made by a reading sent through POST /api/ingest
// reaches the signed-in demo user without a reload (the bell and the menu count, through GET /api/events), the
// notification opens its alert with its deliveries, and after the user turns the warning level off in the profile
// dialog the next alert of that level neither notifies nor mails them.

/** EF-03's module (Demo Factory). */
const MODULE = { serial: 'GW2024000103' };
const RULE_NAME = 'Low traction battery voltage';
const DEMO_EMAIL = 'demo@demo-factory.example';
/** Parameter 20 (battery voltage) at 40 V: under the rule's 46.5 V, as no healthy truck reads. */
const LOW_VOLTAGE = { p: 20, v: 40 };

/** The number on the bell (0 when its badge is hidden). */
async function unreadOnBell(page: Page): Promise<number> {
  const text = (await page.getByTestId('notification-badge').locator('.MuiBadge-badge').textContent()) ?? '';
  return Number(text.replace('+', '')) || 0;
}

async function menuCount(page: Page): Promise<number> {
  const badge = page.getByTestId('alarm-total');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.replace('+', '') ?? 0);
}

test.describe('alert delivery', () => {
  test.use({ viewport: { width: 1400, height: 1000 } });

  test('an ingested breach reaches the bell and the menu without a reload; a level turned off gets neither notice nor mail', async ({ page, request }) => {
    test.setTimeout(180_000);
    const auth = await apiAuth(request);
    // Nothing but this test's readings changes the demo user's alerts and notifications from here on.
    await bringDemoAlertsToRest(request, auth);
    const rules = await request.get(`/api/alertrules?search=${encodeURIComponent(RULE_NAME)}`, { headers: auth });
    const rule = ((await rules.json()) as { entries: { id: number; name: string }[] }).entries.find((r) => r.name === RULE_NAME);
    expect(rule, 'the demo rule').toBeDefined();
    const ruleFilter = encodeURIComponent(JSON.stringify({ rule: rule!.id }));
    /** Confirms the rule's alerts, so the next breach opens a new one (an open alert only repeats). */
    const confirmRule = async () => expect((await request.patch(`/api/alerts/confirm?filter=${ruleFilter}`, { headers: auth })).status()).toBe(200);
    const breach = async () => {
      expect((await ingest(request, MODULE.serial, { readings: [{ ...LOW_VOLTAGE, t: ingestTime() }] })).readings).toBe(1);
    };
    await confirmRule();
    expect((await request.patch('/api/notifications/read', { headers: auth })).status()).toBe(200);

    try {
      await signIn(page);
      await expect(page.getByTestId('notification-bell')).toBeVisible();
      await expect.poll(() => unreadOnBell(page)).toBe(0);
      const before = await menuCount(page);
      const mailsBefore = (await inbox()).length;

      await test.step('EF-03 reports a low battery: the bell and the menu count change without a reload', async () => {
        await breach();
        // The spec's 60 s refresh is the fallback; the event stream brings it within seconds.
        await expect.poll(() => unreadOnBell(page), { timeout: 15_000 }).toBe(1);
        await expect.poll(() => menuCount(page), { timeout: 15_000 }).toBe(before + 1);
        await expect.poll(async () => (await inbox()).slice(mailsBefore).filter((m) => m.to.includes(DEMO_EMAIL)).length, { timeout: 30_000 }).toBe(1);
      });

      await test.step('the notification opens its alert, with who was told and how', async () => {
        await page.getByTestId('notification-bell').click();
        const centre = page.getByRole('dialog', { name: 'Notifications' });
        const notification = centre.getByTestId('notification').first();
        await expect(notification).toHaveAttribute('data-unread', 'true');
        await expect(notification).toContainText(RULE_NAME);
        await notification.getByRole('button').first().click();
        await expect(page).toHaveURL(/\/alerts\/list\?alert=\d+/);
        const deliveries = page.getByTestId('alert-deliveries');
        await expect(deliveries).toContainText('Anna Kowalska');
        await expect.poll(() => unreadOnBell(page)).toBe(0);
        await page.keyboard.press('Escape');
      });

      await test.step('the user turns the warning level off in the profile dialog', async () => {
        await page.getByRole('button', { name: 'Anna Kowalska' }).click();
        await page.getByRole('menuitem', { name: 'Profile settings' }).click();
        const dialog = page.getByRole('dialog', { name: 'Profile settings' });
        await dialog.getByRole('switch', { name: 'Warning' }).click();
        await expect(dialog.getByRole('switch', { name: 'Warning' })).not.toBeChecked();
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Profile saved')).toBeVisible();
      });

      await test.step('the next warning opens an alert the menu counts, but no notification and no mail', async () => {
        await confirmRule();
        // The menu follows the confirmation through the stream before the next breach is counted against it.
        const total = ((await (await request.get('/api/alarms/total', { headers: auth })).json()) as { count: number }).count;
        await expect.poll(() => menuCount(page), { timeout: 15_000 }).toBe(total);
        const mails = (await inbox()).length;
        await breach();
        await expect.poll(() => menuCount(page), { timeout: 15_000 }).toBe(total + 1);
        // The notifier ran in the transaction that sent the menu its new total: what it did is already there.
        const alerts = await request.get(`/api/alerts?filter=${encodeURIComponent(JSON.stringify({ rule: rule!.id, status: 'active' }))}`, { headers: auth });
        const newest = ((await alerts.json()) as { entries: { id: number }[] }).entries[0];
        expect(newest, 'the new alert').toBeDefined();
        const deliveries = await request.get(`/api/alerts/${newest!.id}/deliveries`, { headers: auth });
        expect(((await deliveries.json()) as { entries: { user: { name: string } }[] }).entries.map((d) => d.user.name)).not.toContain('Anna Kowalska');
        const unread = await request.get('/api/notifications/unread', { headers: auth });
        expect(((await unread.json()) as { count: number }).count).toBe(0);
        expect(await unreadOnBell(page)).toBe(0);
        expect((await inbox()).slice(mails).filter((m) => m.to.includes(DEMO_EMAIL))).toEqual([]);
      });
    } finally {
      await request.patch('/api/users/current/profile', { headers: auth, data: { settings: { levelWarning: true } } });
      await confirmRule();
    }
  });
});
