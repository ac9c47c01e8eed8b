import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, DevicesSummaryResponse, DevicesSummarySettings } from '@gearwatch/contracts';
import type { FakeCall } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import { deviceStatusRefresher } from '../../api/device-status-refresh.ts';

const PATH = '/api/summaries/devices-summary';

function board(settings: Partial<DevicesSummarySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'devices-summary', settings: { ...defaultMonitorSettings('devices-summary'), ...settings } }] };
}

const counts: DevicesSummaryResponse = { total: 7, online: 4, offline: 2, neverConnected: 1, working: 3, idle: 1, withAlerts: 2 };
const routes = { [`GET ${PATH}`]: () => ({ body: counts }) };
const query = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('DevicesSummaryMonitor', { timeout: 20_000 }, () => {
  it('counts every device of the company while none is chosen', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({ edited: false }), routes });
    const frame = await screen.findByTestId('monitor-devices-summary');
    const tile = async (key: string) => (await within(frame).findByTestId(`devices-summary-${key}`)).textContent;
    expect(await tile('total')).toBe('7Devices');
    expect(await tile('online')).toBe('4Online');
    expect(await tile('neverConnected')).toBe('1Never connected');
    expect(await tile('working')).toBe('3Working now');
    expect(await tile('idle')).toBe('1Idle');
    expect(await tile('withAlerts')).toBe('2With alerts');
    expect(query(callsTo('GET', PATH)[0])).toEqual({});
    expect(within(frame).queryByTestId('monitor-warning')).toBeNull();
  });

  it('asks for the chosen devices, or the chosen groups', async () => {
    const first = await renderBoard('dashboard', { board: board({ devices: [1, 2] }), routes });
    await waitFor(() => expect(first.callsTo('GET', PATH)).toHaveLength(1));
    expect(query(first.callsTo('GET', PATH)[0])).toEqual({ devices: '1,2' });
    first.unmount();
    const second = await renderBoard('dashboard', { board: board({ byGroups: true, deviceGroups: [10], devices: [1] }), routes });
    await waitFor(() => expect(second.callsTo('GET', PATH)).toHaveLength(1));
    expect(query(second.callsTo('GET', PATH)[0])).toEqual({ deviceGroups: '10' });
  });

  it('reads the counts again when one of its devices changes status (the event stream)', async () => {
    const { callsTo, queryClient } = await renderBoard('dashboard', { board: board({ devices: [1, 2] }), routes });
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(1));
    const refresher = deviceStatusRefresher(queryClient);
    refresher.apply(JSON.stringify({ devices: [{ deviceId: 2, online: false, working: false }] }));
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(2));
    expect(query(callsTo('GET', PATH)[1])).toEqual({ devices: '1,2' });
    refresher.dispose();
  });
});
