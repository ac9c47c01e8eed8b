import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { DEVICE_STATUS_REFRESH_MS, deviceStatusRefresher } from './device-status-refresh.ts';

const withAlerts = (...ids: number[]) => ({
  period: { from: '2026-03-02T00:00:00+01:00', to: '2026-03-02T12:00:00+01:00' },
  previous: { from: '2026-03-01T00:00:00+01:00', to: '2026-03-01T12:00:00+01:00' },
  entries: ids.map((id) => ({
    device: { id, name: `D${id}` },
    groups: [],
    moduleActivity: 'online',
    batteryCharge: null,
    batteryVoltage: null,
    motorHours: null,
    technicalStatus: 'operational',
    alerts: { error: 1, warning: 0, info: 0 },
    workTime: 0,
    enabledTime: 0,
    enabledPercent: 0,
    workEfficiency: 0,
    trend: null,
    workEfficiencyTrend: null,
  })),
});

const KEYS = {
  all: ['monitors', 'devices-summary', {}],
  groups: ['monitors', 'devices-summary', { deviceGroups: '10' }],
  chosen: ['monitors', 'devices-summary', { devices: '1,2' }],
  others: ['monitors', 'devices-summary', { devices: '3' }],
  alerting: ['monitors', 'devices-with-alerts', { period: 'today', sort: 'work-desc' }],
  hourly: ['monitors', 'hourly-work-distribution', { devices: '1' }],
};

function cache(alerting: number[]) {
  const queryClient = new QueryClient();
  for (const [name, key] of Object.entries(KEYS)) queryClient.setQueryData(key, name === 'alerting' ? withAlerts(...alerting) : { seeded: true });
  const stale = () =>
    Object.entries(KEYS)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  const fresh = () => {
    for (const key of Object.values(KEYS)) queryClient.setQueryData(key, queryClient.getQueryData(key));
  };
  return { queryClient, stale, fresh };
}

const event = (...ids: number[]) => JSON.stringify({ devices: ids.map((deviceId) => ({ deviceId, online: false, working: false })) });

describe('the device-status refresher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes the status summaries showing a changed device stale, not the others', async () => {
    const { queryClient, stale } = cache([2, 5]);
    deviceStatusRefresher(queryClient).apply(event(1));
    await vi.advanceTimersByTimeAsync(100);
    expect(stale()).toEqual(['all', 'groups', 'chosen']);

    const second = cache([2, 5]);
    deviceStatusRefresher(second.queryClient).apply(event(5));
    await vi.advanceTimersByTimeAsync(100);
    expect(second.stale()).toEqual(['all', 'groups', 'alerting']);
  });

  it('makes every status summary stale for an unreadable event', async () => {
    const { queryClient, stale } = cache([]);
    deviceStatusRefresher(queryClient).apply('nope');
    await vi.advanceTimersByTimeAsync(100);
    expect(stale()).toEqual(['all', 'groups', 'chosen', 'others', 'alerting']);
  });

  it('reads again at most once per refresh time, gathering the changes in between', async () => {
    const { queryClient, stale, fresh } = cache([7]);
    const refresher = deviceStatusRefresher(queryClient);
    refresher.apply(event(1));
    await vi.advanceTimersByTimeAsync(100);
    expect(stale()).toEqual(['all', 'groups', 'chosen']);
    fresh();
    refresher.apply(event(3));
    refresher.apply(event(7));
    await vi.advanceTimersByTimeAsync(DEVICE_STATUS_REFRESH_MS - 200);
    expect(stale()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(stale()).toEqual(['all', 'groups', 'others', 'alerting']);
    refresher.dispose();
  });
});
