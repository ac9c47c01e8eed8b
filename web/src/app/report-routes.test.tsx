import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '@gearwatch/contracts';
import { renderApp } from '../test/render-app.tsx';

const BREADCRUMBS = 'Breadcrumbs';
const TITLES: Record<string, string> = {
  'efficiency-report': 'Efficiency report',
  'alerts-report': 'Alerts report',
  'device-efficiency-report': 'Device efficiency report',
  'devices-work-report': 'Devices work report',
  'workers-work-report': 'Workers work report',
};

describe('the report routes', { timeout: 30_000 }, () => {
  it('open the reports landing page', async () => {
    await renderApp('/reports', { signedIn: true });
    expect(await screen.findByRole('list', { name: 'Reports' })).toBeTruthy();
    expect(screen.queryByText(/is being built and will appear here/)).toBeNull();
  });

  it.each(REPORT_TYPES.filter((_, index) => index === 0 || index >= 6))('open the %s screen under its title', async (type) => {
    const { router } = await renderApp(`/reports/${type}`, { signedIn: true });
    expect(await screen.findByTestId(`report-screen-${type}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/reports/${type}`);
    // The breadcrumb: the reports, then the report's own title.
    const crumbs = screen.getByRole('navigation', { name: BREADCRUMBS });
    expect(within(crumbs).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reports');
    expect(within(crumbs).getByRole('heading', { level: 1 }).textContent).toBe(TITLES[type]);
  });
});
