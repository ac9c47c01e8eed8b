import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'name')");
}

async function show(route: RouteObject, language: 'en' | 'pl' = 'en') {
  const i18n = await initI18n(language);
  const router = createMemoryRouter([{ errorElement: <RouteErrorPage />, children: [route] }], { initialEntries: ['/page'] });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('RouteErrorPage', () => {
  const reload = vi.fn();
  beforeEach(() => {
    window.sessionStorage.clear();
    reload.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the product's page for a render error: what happened, the code, the exception and the ways on", async () => {
    await show({ path: '/page', Component: Broken });
    expect(await screen.findByText('This page could not be shown')).toBeTruthy();
    expect(screen.getByText('Oops, something went wrong! Please contact with support.')).toBeTruthy();
    expect(screen.getByText('E_PAGE')).toBeTruthy();
    expect(screen.getByText("TypeError: Cannot read properties of undefined (reading 'name')")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    screen.getByRole('button', { name: 'Reload the page' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says a loader's 404 in the user's language, with the HTTP code", async () => {
    await show(
      {
        path: '/page',
        loader: () => {
          throw data(null, { status: 404, statusText: 'Not Found' });
        },
        Component: () => null,
      },
      'pl',
    );
    expect(await screen.findByText('Nie znaleziono żądanego elementu')).toBeTruthy();
    expect(screen.getByText('E_HTTP_404')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Odśwież stronę' })).toBeTruthy();
  });

  it("reloads by itself once when a page's code is from an older build, then shows the error if it still fails", async () => {
    const stale = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/DashboardPage-0ld.js'));
    await show({ path: '/page', lazy: stale });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('This page could not be shown')).toBeNull();

    // The reloaded page (same tab, same session storage) fails again: no second reload, the error page instead.
    document.body.innerHTML = '';
    await show({ path: '/page', lazy: stale });
    expect(await screen.findByText('This page could not be shown')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
