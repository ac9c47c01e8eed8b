import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';

describe('the /location route', () => {
  it('opens the devices map under its title, its refresh action in the breadcrumb bar', async () => {
    // The app's test API knows no device status: the page says it could not load them.
    await renderApp('/location', { signedIn: true });
    expect(await screen.findByRole('region', { name: 'Devices map' }, { timeout: 20_000 })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('The devices could not be loaded');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByText('Devices localization')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  }, 30_000);
});
