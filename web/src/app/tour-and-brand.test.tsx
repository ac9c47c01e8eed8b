import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Brand } from '@gearwatch/contracts';
import { demoUser, renderApp } from '../test/render-app.tsx';
import { applyBrandToDocument } from './brand-document.ts';

const GUIDE_WRITE = 'PUT /api/users/current/settings/guide';

function configOf(brand: Brand) {
  return {
    version: '2025-05-27',
    brand,
    languages: ['pl', 'en', 'lv', 'ru'],
    defaultLanguage: 'pl',
    webClientId: 'gearwatch-web',
    webClientSecret: 'gearwatch-web',
    mapTileUrl: '',
  };
}

async function openProfileMenu() {
  fireEvent.click(await screen.findByRole('button', { name: demoUser.name }));
  return screen.findByRole('menu');
}

describe('the guided tour in the shell', { timeout: 30_000 }, () => {
  it('starts by itself while the guide setting is unset, and writes it once', { timeout: 60_000 }, async () => {
    const { calls } = await renderApp('/dashboard', { signedIn: true, settings: {} });
    const first = await screen.findByRole('dialog', { name: 'Manage' });
    // Seven steps with the tasks menu entry, six while the build has none.
    const count = document.querySelector('[data-nav-id="tasks"]') ? 7 : 6;
    expect(within(first).getByText(`Step 1 of ${count}`)).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage' })).toBeNull());
    expect(calls.filter((call) => call === GUIDE_WRITE)).toHaveLength(1);

    fireEvent.click(within(await openProfileMenu()).getByRole('menuitem', { name: 'Guide' }));
    const again = await screen.findByRole('dialog', { name: 'Manage' });
    for (let n = 1; n < count; n++) {
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Next' }));
      await screen.findByText(`Step ${n + 1} of ${count}`);
    }
    expect(again.isConnected).toBe(false);
    const last = screen.getByRole('dialog', { name: 'Your profile' });
    fireEvent.click(within(last).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call === GUIDE_WRITE)).toHaveLength(1);
  });

  it('does not start by itself once the guide was shown', async () => {
    const { calls } = await renderApp('/dashboard', { signedIn: true, settings: { guide: 'showed' } });
    await screen.findByRole('button', { name: demoUser.name });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).not.toContain(GUIDE_WRITE);
  });
});

describe('the version text in the profile menu', { timeout: 30_000 }, () => {
  it('shows the configured version to a user with the impersonate extra', async () => {
    await renderApp('/dashboard', { signedIn: true, user: { ...demoUser, extras: { ...demoUser.extras, impersonate: true } } });
    const menu = await openProfileMenu();
    expect(within(menu).getByText('Version 2025-05-27')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Impersonate' })).toBeTruthy();
  });

  it('hides it from a user without the extra', async () => {
    await renderApp('/dashboard', { signedIn: true });
    const menu = await openProfileMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Guide' })).toBeTruthy();
    expect(within(menu).queryByText(/Version/)).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Impersonate' })).toBeNull();
  });
});

describe('the brands', { timeout: 30_000 }, () => {
  it('default: the Gearwatch logo, no extras in the menu, the product in the title', async () => {
    await renderApp('/dashboard', { signedIn: true });
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.querySelector('[data-brand]')?.getAttribute('data-brand')).toBe('default'));
    expect(within(banner).getByText('Gearwatch')).toBeTruthy();
    expect(screen.queryByTestId('brand-extras')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/ · Gearwatch$/));
  });

  it('second: partner logos and the owner link in the menu', async () => {
    await renderApp('/dashboard', { signedIn: true, answers: { '/api/config': configOf('second') } });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const extras = within(nav).getByTestId('brand-extras');
    const partners = within(extras).getByRole('group', { name: 'Partners' });
    expect(
      within(partners)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['Northline', '/brands/second/partner-northline.svg'],
      ['Liftcare', '/brands/second/partner-liftcare.svg'],
    ]);
    const owner = within(extras).getByRole('link', { name: 'Provided by Northline Industrial' });
    expect(owner.getAttribute('href')).toBe('https://northline.example.com');
    expect(within(screen.getByRole('banner')).getByText('Gearwatch')).toBeTruthy();
  });

  it('third: its own logo and name in the header and the title', async () => {
    await renderApp('/dashboard', { signedIn: true, answers: { '/api/config': configOf('third') } });
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.querySelector('[data-brand]')?.getAttribute('data-brand')).toBe('third'));
    expect(banner.querySelector('[data-brand-mark="fleetwise"]')).not.toBeNull();
    expect(within(banner).getByText('Fleetwise')).toBeTruthy();
    expect(screen.queryByTestId('brand-extras')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/ · Fleetwise$/));
  });

  it('third: the login page shows its logo', async () => {
    await renderApp('/login', { answers: { '/api/config': configOf('third') } });
    expect(await screen.findByText('Fleetwise')).toBeTruthy();
    expect(document.querySelector('[data-brand-mark="fleetwise"]')).not.toBeNull();
  });

  it('puts the brand favicon, colour and name on the document', () => {
    const doc = document.implementation.createHTMLDocument('Gearwatch');
    doc.head.innerHTML = '<link rel="icon" href="/favicon.svg"><meta name="theme-color" content="#2196f3">';
    applyBrandToDocument('third', doc);
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/brands/third/favicon.svg');
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#2e7d32');
    expect(doc.title).toBe('Fleetwise');
    applyBrandToDocument('default', doc);
    expect(doc.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/brands/default/favicon.svg');
  });
});

describe('first-time empty lists with questions and answers', { timeout: 30_000 }, () => {
  it.each([
    ['/alerts/alert-rules', { '/api/alertrules': { entries: [] } }, 'What is an alert rule?', 'How do I add a rule?'],
    ['/manage/devices', {}, 'What is a device?', 'How do I add a device?'],
    ['/production', { '/api/productionviews': { entries: [] } }, 'What is a production view?', 'How do I make a view?'],
    ['/reports-list?tab=configurations', { '/api/reportsconfigurations': { entries: [] } }, 'What is a report configuration?', 'How do I add a report?'],
  ])('%s answers its questions', async (path, answers, first, second) => {
    await renderApp(path, { signedIn: true, answers });
    fireEvent.click(await screen.findByRole('button', { name: first }));
    expect(screen.getByRole('button', { name: first }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: second }));
    expect(screen.getByRole('button', { name: first }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: second }).getAttribute('aria-expanded')).toBe('true');
  });
});
