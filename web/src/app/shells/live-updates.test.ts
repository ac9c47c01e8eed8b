import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { liveCacheUpdater } from './live-updates.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

function cache() {
  const queryClient = new QueryClient();
  const keys = [['alarms', 'total'], ['alarms', 'device', 1], ['alerts', { page: 1 }], ['alertrules', 'detail', 3], ['notifications', 'list'], ['devices']];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  const stale = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key.slice(0, 2).join('/'));
  return { queryClient, stale };
}

describe('the live cache updater', () => {
  it('sets the alarm total from its event, without a request', () => {
    const { queryClient, stale } = cache();
    liveCacheUpdater(queryClient).apply({ id: '1', type: 'alarm-total', data: '{"count":4,"level":"error"}' });
    expect(queryClient.getQueryData(['alarms', 'total'])).toEqual({ count: 4, level: 'error' });
    expect(stale()).toEqual([]);
  });

  it('makes the alert lists, device and rule counts stale on an alert, the total left to its own event', async () => {
    const { queryClient, stale } = cache();
    const updater = liveCacheUpdater(queryClient);
    for (let i = 0; i < 50; i++) updater.apply({ id: String(i), type: 'alert', data: '{"alertId":1}' });
    await settle();
    expect(stale()).toEqual(['alarms/device', 'alerts/[object Object]', 'alertrules/detail']);
  });

  it('makes the notification centre stale on notification events, and reads a bad total again', async () => {
    const { queryClient, stale } = cache();
    const updater = liveCacheUpdater(queryClient);
    updater.apply({ id: '1', type: 'notifications-read', data: '{"unread":0}' });
    updater.apply({ id: '2', type: 'alarm-total', data: 'nope' });
    await settle();
    expect(stale()).toEqual(['alarms/total', 'notifications/list']);
  });

  it('reads everything live again after the stream was down', async () => {
    const { queryClient, stale } = cache();
    liveCacheUpdater(queryClient).refreshAll();
    await settle();
    expect(stale()).toEqual(['alarms/total', 'alarms/device', 'alerts/[object Object]', 'alertrules/detail', 'notifications/list']);
  });
});
