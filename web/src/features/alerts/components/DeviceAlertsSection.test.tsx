import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeAlert, batteryRule } from '../test/fixtures.ts';
import { filterOf, listReply, renderAlerts } from '../test/render-alerts.tsx';

describe('DeviceAlertsSection', { timeout: 20_000 }, () => {
  it('shows the device’s rules, its unconfirmed alerts by importance and its alerts', async () => {
    const { callsTo } = await renderAlerts('/manage/device/1', {
      'GET /api/alertrules': () => listReply([batteryRule]),
      'GET /api/alerts': () => listReply([activeAlert]),
      'GET /api/device/1/alarms/stats': () => ({
        body: [
          { level: 'error', count: 1 },
          { level: 'warning', count: 3 },
          { level: 'info', count: 0 },
        ],
      }),
    });
    const rules = await screen.findByTestId('device-rules');
    expect((await within(rules).findByRole('link', { name: 'Low battery' })).getAttribute('href')).toBe('/alerts/alert-rule/5');
    expect(filterOf(callsTo('GET', '/api/alertrules')[0])).toEqual({ device: 1 });
    await waitFor(() => expect(within(rules).getByTestId('alarm-stats').textContent).toBe('Critical: 1Warning: 3'));
    const list = screen.getByTestId('device-alert-list');
    expect(await within(list).findByText('Low battery')).toBeTruthy();
    expect(filterOf(callsTo('GET', '/api/alerts')[0])).toEqual({ device: 1 });
  });
});
