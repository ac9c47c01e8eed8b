import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

const company = { id: 1, name: 'Demo Factory' };
const forklift = {
  id: 1,
  name: 'EF-01',
  description: null,
  status: 'operational',
  powerState: 'on',
  company,
  deviceType: { id: 100, name: 'Electric forklift', parameters: [] },
  groups: [],
  sensors: [],
};
const rule = {
  id: 5,
  name: 'Low battery',
  type: 'value',
  importance: 'error',
  description: null,
  summary: { condition: { type: 'value', variable: 20, argument: 45, operator: 'lt' }, parameter: { name: 'battery voltage', unit: 'V' } },
  enabled: true,
  draft: false,
  archived: false,
  deviceCount: 1,
  userCount: 1,
  createdAt: '2026-03-01T10:00:00+01:00',
};

describe('the alert routes', { timeout: 30_000 }, () => {
  it('open the rules (the default) and the alert list, with the menu’s alert count', async () => {
    const { router } = await renderApp('/alerts', {
      signedIn: true,
      answers: { '/api/alertrules': { entries: [rule] }, '/api/alarms/total': { count: 2, level: 'warning' }, '/api/alerts': { entries: [] } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts/alert-rules'));
    expect(await screen.findByRole('link', { name: 'Low battery' })).toBeTruthy();
    const badge = await screen.findByTestId('alarm-total');
    expect(badge.textContent).toBe('2');
    expect(badge.closest('a')?.getAttribute('href')).toBe('/alerts/list');
    await router.navigate('/alerts/list');
    expect(await screen.findByText('No alerts')).toBeTruthy();
  });

  it('compose the device page with the alerts feature’s section', async () => {
    await renderApp('/manage/device/1', {
      signedIn: true,
      answers: {
        '/api/devices/1': forklift,
        '/api/alertrules': { entries: [rule] },
        '/api/alerts': { entries: [] },
        '/api/device/1/alarms/stats': [{ level: 'error', count: 1 }],
        '/api/alarms/total': { count: 0, level: null },
      },
    });
    const section = await screen.findByTestId('device-alerts');
    expect(await within(section).findByRole('link', { name: 'Low battery' })).toBeTruthy();
    expect((await within(section).findByTestId('alarm-stats')).textContent).toBe('Critical: 1');
  });
});
