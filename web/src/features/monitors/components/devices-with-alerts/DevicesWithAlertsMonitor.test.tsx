import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, DevicesWithAlertsResponse, DevicesWithAlertsSettings, DeviceWithAlerts } from '@gearwatch/contracts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import { DEVICES_WITH_ALERTS_PATH } from './devices-with-alerts-request.ts';
import { deviceStatusRefresher } from '../../api/device-status-refresh.ts';

function board(settings: Partial<DevicesWithAlertsSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'devices-with-alerts', settings: { ...defaultMonitorSettings('devices-with-alerts'), ...settings } }] };
}

const entry = (id: number, name: string, extra: Partial<DeviceWithAlerts> = {}): DeviceWithAlerts => ({
  device: { id, name },
  groups: [{ id: 10, name: 'Yard' }],
  moduleActivity: 'online',
  batteryCharge: { value: 81, time: '2026-03-02T10:00:00+01:00', unit: '%' },
  batteryVoltage: { value: 47.5, time: '2026-03-02T10:00:00+01:00', unit: 'V' },
  motorHours: null,
  technicalStatus: 'operational',
  alerts: { error: 2, warning: 1, info: 0 },
  workTime: 3725,
  enabledTime: 7200,
  enabledPercent: 40,
  workEfficiency: 52,
  trend: 12,
  workEfficiencyTrend: -8,
  ...extra,
});

const answer: DevicesWithAlertsResponse = {
  period: { from: '2026-03-02T00:00:00+01:00', to: '2026-03-02T12:00:00+01:00' },
  previous: { from: '2026-03-01T00:00:00+01:00', to: '2026-03-01T12:00:00+01:00' },
  entries: [
    entry(1, 'Forklift A'),
    entry(2, 'Press', { groups: [], moduleActivity: 'offline', technicalStatus: 'damaged', trend: null, alerts: { error: 0, warning: 0, info: 3 } }),
  ],
};

const routes = { [`GET ${DEVICES_WITH_ALERTS_PATH}`]: () => ({ body: answer }) };

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('DevicesWithAlertsMonitor', { timeout: 20_000 }, () => {
  it('asks for the saved period and order and shows the ticked columns of each device', async () => {
    const { callsTo } = await renderBoard('dashboard', {
      board: board({
        edited: false,
        period: 'this-week',
        sort: 'active-asc',
        options: ['deviceGroups', 'moduleActivity', 'trend', 'criticalAlerts', 'workTime', 'technicalStatus'],
      }),
      routes,
    });
    const frame = await screen.findByTestId('monitor-devices-with-alerts');
    const table = await within(frame).findByTestId('devices-with-alerts-table');
    expect(Object.fromEntries(callsTo('GET', DEVICES_WITH_ALERTS_PATH)[0]?.query ?? [])).toEqual({ period: 'this-week', sort: 'active-asc' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Device', 'Device groups', 'Module activity', 'Trend', 'Critical alerts', 'Work time', 'Technical status']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Forklift A', 'Yard', 'Online', '+12%', '2', '1:02', 'Operational'],
      ['Press', '—', 'Offline', '—', '0', '1:02', 'Damaged'],
    ]);
    expect(within(table).getAllByTestId('trend-percentage')[0]?.getAttribute('data-direction')).toBe('up');
  });

  it('saves a ticked column with the board, in the table order, without asking again', async () => {
    const { user, savedBoards, callsTo } = await renderBoard('dashboard', { board: board({ options: ['workTime'] }), routes });
    const frame = await screen.findByTestId('monitor-devices-with-alerts');
    await within(frame).findByTestId('devices-with-alerts-table');
    await user.click(within(frame).getByLabelText('Work efficiency trend'));
    await user.click(within(frame).getByLabelText('Device groups'));
    await waitFor(() => expect(savedBoards()).toHaveLength(2));
    const last = savedBoards()[1] as BoardSetting;
    expect((last.monitors[0]?.settings as DevicesWithAlertsSettings).options).toEqual(['deviceGroups', 'workEfficiencyTrend', 'workTime']);
    expect(
      within(frame)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Device', 'Device groups', 'Work efficiency trend', 'Work time']);
    expect(callsTo('GET', DEVICES_WITH_ALERTS_PATH)).toHaveLength(1);
  });

  it('says so when no device has alerts, and opens its guide', async () => {
    const { user } = await renderBoard('dashboard', {
      board: board({ edited: false }),
      routes: { [`GET ${DEVICES_WITH_ALERTS_PATH}`]: () => ({ body: { ...answer, entries: [] } }) },
    });
    const frame = await screen.findByTestId('monitor-devices-with-alerts');
    expect((await within(frame).findByTestId('summary-empty')).textContent).toBe('No device has active alerts');
    await user.click(within(frame).getByTestId('monitor-action-guide'));
    expect((await screen.findByTestId('summary-guide')).textContent).toMatch(/^Lists the devices of your company that have active alerts/);
  });

  it('reads the table again when a device on it changes status (the event stream)', async () => {
    const { callsTo, queryClient } = await renderBoard('dashboard', { board: board({ edited: false }), routes });
    await within(await screen.findByTestId('monitor-devices-with-alerts')).findByTestId('devices-with-alerts-table');
    expect(callsTo('GET', DEVICES_WITH_ALERTS_PATH)).toHaveLength(1);
    const refresher = deviceStatusRefresher(queryClient);
    refresher.apply(JSON.stringify({ devices: [{ deviceId: 2, online: true, working: false }] }));
    await waitFor(() => expect(callsTo('GET', DEVICES_WITH_ALERTS_PATH)).toHaveLength(2));
    refresher.dispose();
  });
});
