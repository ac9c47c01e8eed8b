import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';

describe('the dashboard and diagnostics routes', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/diagnostics', 'Monitor'],
  ])(
    '%s opens its board of monitors under its title',
    async (path, title) => {
      await renderApp(path, { signedIn: true });
      expect(await screen.findByText('No monitors yet', {}, { timeout: 20_000 })).toBeTruthy();
      expect(screen.getByTestId('monitor-tile-device-parameter')).toBeTruthy();
      const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
      expect(within(breadcrumbs).getByText(title)).toBeTruthy();
      // The page's add action sits in the breadcrumb bar.
      expect(screen.getByTestId('monitor-add')).toBeTruthy();
    },
    30_000,
  );
});
