import { expect, test } from '@playwright/test';
import { signIn } from '../support/monitors.ts';

// Issue 33 item 1 (spec 01 §8): after start-up, a page that cannot be shown gets the product's error page, and a tab
// left open across a redeploy (its page's code is gone from the server) reloads once by itself to fetch the new build.

test.describe('error page', () => {
  test.use({ viewport: { width: 1400, height: 1000 } });

  test("a page whose code is gone reloads once, then shows the product's error page, and recovers once the code is back", async ({ page }) => {
    await signIn(page);
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The tasks page's chunk answers 404, as the previous build's chunks do after a redeploy.
    const gone = (url: URL) => /\/assets\/TasksPage-[^/]+\.js$/.test(url.pathname);
    await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not Found' }));

    await page.getByRole('navigation').getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('alert').getByText('This page could not be shown')).toBeVisible();
    expect(loads).toBe(1); // the one automatic reload, and no more
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('Oops, something went wrong! Please contact with support.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');

    await page.unroute(gone);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('alert').getByText('This page could not be shown')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Tasks' }).first()).toBeVisible();
  });
});
