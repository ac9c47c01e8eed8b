import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '@gearwatch/contracts';
import { renderReports } from '../test/render-reports.tsx';

describe('ReportsLandingPage', { timeout: 20_000 }, () => {
  it('lists the ten reports, each with what it shows, opening its screen', async () => {
    const { user, router } = await renderReports('/reports', {});
    const list = await screen.findByRole('list', { name: 'Reports' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(REPORT_TYPES.map((type) => `/reports/${type}`));
    expect(links[0]?.querySelector('h2')?.textContent).toBe('Efficiency report');
    expect(links[1]?.textContent).toContain('RFID card use time');
    expect(links[1]?.textContent).toContain('For operators or operator groups');
    expect(links[9]?.querySelector('h2')?.textContent).toBe('Workers work report');
    await user.click(within(list).getByRole('link', { name: /Alerts report/ }));
    expect(router.state.location.pathname).toBe('/reports/alerts-report');
    expect(await screen.findByTestId('report-screen-alerts-report')).toBeTruthy();
  });

  it('opens the wizard and the generated reports from its actions', async () => {
    await renderReports('/reports', {});
    const actions = screen.getByTestId('page-actions');
    expect((await within(actions).findByRole('link', { name: 'New report' })).getAttribute('href')).toBe('/reports-list?new=1');
    expect(within(actions).getByRole('link', { name: 'Generated reports' }).getAttribute('href')).toBe('/reports-list');
  });
});
