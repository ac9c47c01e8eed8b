import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_KINDS, parseBoardSetting, startingMonitorSettings } from '@gearwatch/contracts';
import type { AppConfig, BoardSetting, StartingModel } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { createFakeApi, deferred, listReply } from '../test/fake-api.ts';
import { deviceGroups, devices, deviceTypes, testUser } from '../test/fixtures.ts';
import { BOARD_PREPARE_TIMEOUT_MS, modelRoutes, prepareBoardTests, renderBoard } from '../test/render-board.tsx';
import { modelListsOf, prefetchBoard } from './board-prefetch.ts';

describe('modelListsOf', () => {
  it('asks for each list once however many monitors need it', () => {
    expect(modelListsOf(['work-activity', 'geo', 'efficiency'])).toEqual(['deviceGroups', 'deviceTypes', 'devices']);
  });

  it('asks for the operator groups only when an operator monitor is on the board', () => {
    expect(modelListsOf(['work-activity-shift'])).toEqual(['deviceGroups', 'productionShifts']);
    expect(modelListsOf(['device-operator'])).toEqual(['operatorGroups']);
  });

  it('asks for nothing on an empty board and covers every monitor kind', () => {
    expect(modelListsOf([])).toEqual([]);
    expect(modelListsOf(MONITOR_KINDS)).toEqual(['deviceGroups', 'deviceTypes', 'devices', 'operatorGroups', 'productionShifts']);
  });
});

describe('prefetchBoard', { timeout: 60_000 }, () => {
  beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

  const operatorGroups = [{ id: 7, name: 'Crew', operators: [{ id: 1 }] }];
  const model: StartingModel = { deviceGroups, devices, deviceTypes, operatorGroups };
  /** One monitor of every kind, each on the settings a new monitor starts with (valid ones), options closed. */
  const board: BoardSetting = {
    monitors: MONITOR_KINDS.map(
      (kind, index) => ({ id: `m${index}`, kind, settings: { ...startingMonitorSettings(kind, model), edited: false } }) as BoardSetting['monitors'][number],
    ),
  };
  // The map reads the start-up configuration (its tile address: none, the tests have no network).
  const config: AppConfig = {
    version: 'test',
    brand: 'default',
    languages: ['en'],
    defaultLanguage: 'en',
    webClientId: 'web',
    webClientSecret: 'web',
    mapTileUrl: '',
  };
  const routes = { 'GET /api/deviceoperatorgroups': () => listReply(operatorGroups), 'GET /api/config': () => ({ body: config }) };
  /** The data calls made into a cache (a monitor on invalid settings holds a query that never fetches: not a call). */
  const dataCalls = (client: QueryClient) =>
    client
      .getQueryCache()
      .findAll({ queryKey: ['monitors'] })
      .filter(({ state }) => state.dataUpdatedAt > 0 || state.errorUpdatedAt > 0 || state.fetchStatus === 'fetching')
      .map((query) => JSON.stringify(query.queryKey))
      .sort();

  it('asks for each monitor exactly what its widget asks for, so every widget finds its answer in the cache', async () => {
    const fake = createFakeApi({ ...modelRoutes, ...routes });
    const prefetched = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetched.setQueryData(queryKeys.devices, devices);
    await prefetchBoard(prefetched, fake.api, parseBoardSetting(board).monitors, testUser.owner.timezone);
    const planned = dataCalls(prefetched);
    // Every kind on its starting settings asks for something.
    expect(planned.map((key) => (JSON.parse(key) as string[])[1]).sort()).toEqual([...MONITOR_KINDS].sort());

    const { queryClient: widgets } = await renderBoard('dashboard', { board, routes });
    await waitFor(() => expect(dataCalls(widgets)).toEqual(planned), { timeout: 20_000 });
  });

  it('asks for the monitors in view first, and for the others once those are answered', async () => {
    const held = deferred();
    const SUMMARY = '/api/summaries/devices-summary';
    const fake = createFakeApi({
      ...modelRoutes,
      ...routes,
      [`GET ${SUMMARY}`]: async (call) => {
        if (call.query.get('devices') === '1') await held.promise;
        return { body: { total: 1, online: 1, offline: 0, neverConnected: 0, working: 0, idle: 0, withAlerts: 0 } };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.devices, devices);
    const summaries = parseBoardSetting({
      monitors: [1, 2, 3].map((n) => ({
        id: `s${n}`,
        kind: 'devices-summary',
        settings: { ...startingMonitorSettings('devices-summary', model), devices: [n] },
      })),
    }).monitors;
    const done = prefetchBoard(client, fake.api, summaries, testUser.owner.timezone, 2);
    const asked = () => fake.callsTo('GET', SUMMARY).map((call) => call.query.get('devices'));
    await waitFor(() => expect(asked()).toEqual(['1', '2']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual(['1', '2']);
    held.resolve();
    await done;
    expect(asked()).toEqual(['1', '2', '3']);
  });

  it('plans nothing for settings that are not valid', async () => {
    const fake = createFakeApi({ ...modelRoutes, ...routes });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.devices, devices);
    const invalid = parseBoardSetting({
      monitors: [
        { id: 'a', kind: 'activity-summary', settings: { ...startingMonitorSettings('activity-summary', model), deviceGroups: [] } },
        { id: 'b', kind: 'work-activity', settings: { ...startingMonitorSettings('work-activity', model), deviceGroups: [] } },
      ],
    }).monitors;
    await prefetchBoard(client, fake.api, invalid, testUser.owner.timezone);
    expect(dataCalls(client)).toEqual([]);
    expect(fake.calls.filter((call) => !call.path.startsWith('/api/device') && !call.path.startsWith('/api/user/'))).toEqual([]);
  });
});
