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

  describe('report-file events', () => {
    const file = (id: number, status: string, progress: number) => ({ id, status, progress, name: `f${id}.xlsx` });
    function filesCache() {
      const queryClient = new QueryClient();
      const key = ['reports/files', 'list', { page: 1 }];
      queryClient.setQueryData(key, { entries: [file(1, 'PROCESS', 10), file(2, 'DONE', 100)], page: 1 });
      const page = () => queryClient.getQueryData<{ entries: unknown[] }>(key);
      const isStale = () => queryClient.getQueryState(key)?.isInvalidated === true;
      return { queryClient, page, isStale };
    }

    it('writes the progress of a file on the list at once, without reading the list again', async () => {
      const { queryClient, page, isStale } = filesCache();
      liveCacheUpdater(queryClient).apply({ id: '1', type: 'report-file', data: '{"fileId":1,"status":"PROCESS","progress":55}' });
      expect(page()?.entries[0]).toEqual(file(1, 'PROCESS', 55));
      await settle();
      expect(isStale()).toBe(false);
    });

    it('reads the list again when a file changes status or is not on it, or the event is unreadable', async () => {
      for (const data of ['{"fileId":1,"status":"DONE","progress":100}', '{"fileId":9,"status":"NEW","progress":0}', 'nope']) {
        const { queryClient, isStale } = filesCache();
        liveCacheUpdater(queryClient).apply({ id: '1', type: 'report-file', data });
        await settle();
        expect(isStale(), data).toBe(true);
      }
    });
  });
});

describe('the dashboard summaries', () => {
  it('read the devices with alerts, the devices summary and the newest alerts again on an alert, not the charts', async () => {
    const queryClient = new QueryClient();
    const keys = [
      ['monitors', 'devices-with-alerts', { period: 'today', sort: 'work-desc' }],
      ['monitors', 'devices-summary', {}],
      ['monitors', 'newest-alerts', { page_size: 10 }],
      ['monitors', 'hourly-work-distribution', { devices: '1' }],
      ['monitors', 'geo', { devices: '1' }],
    ];
    for (const key of keys) queryClient.setQueryData(key, { seeded: true });
    liveCacheUpdater(queryClient).apply({ id: '1', type: 'alert', data: '{"alertId":1}' });
    await settle();
    expect(keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[1])).toEqual([
      'devices-with-alerts',
      'devices-summary',
      'newest-alerts',
    ]);
  });

  it('read the status summaries again on a device-status event, not the newest alerts', async () => {
    const queryClient = new QueryClient();
    const keys = [
      ['monitors', 'devices-summary', {}],
      ['monitors', 'newest-alerts', { page_size: 10 }],
      ['alerts', { page: 1 }],
    ];
    for (const key of keys) queryClient.setQueryData(key, { seeded: true });
    const updater = liveCacheUpdater(queryClient);
    updater.apply({ id: '1', type: 'device-status', data: '{"devices":[{"deviceId":4,"online":true,"working":false}]}' });
    await settle();
    expect(keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[1])).toEqual(['devices-summary']);
    updater.dispose();
  });
});
