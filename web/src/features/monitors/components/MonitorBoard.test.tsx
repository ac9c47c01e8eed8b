import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, defaultMonitorSettings, startingMonitorSettings, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, StartingModel } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { deferred, listReply } from '../test/fake-api.ts';
import { deviceGroups, devices, deviceTypes, workAnswer } from '../test/fixtures.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../test/render-board.tsx';

const DIAGNOSTICS = '/api/devices/diagnostics/multiple';

/** A board with one device parameter monitor showing work time of both forklifts, options closed. */
function workBoard(overrides: Record<string, unknown> = {}): BoardSetting {
  return {
    monitors: [
      {
        id: 'm1',
        kind: 'device-parameter',
        settings: { ...defaultMonitorSettings('device-parameter'), devices: [1, 2], parameters: [1], edited: false, ...overrides },
      },
    ],
  };
}

/** The lists a new monitor starts from, as the fake API answers them. */
const fixtureModel: StartingModel = { deviceGroups, devices, deviceTypes, operatorGroups: [] };

const answerWork = { [`GET ${DIAGNOSTICS}`]: () => ({ body: workAnswer() }) };

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

describe('MonitorBoard', { timeout: 20_000 }, () => {
  it('shows the empty state with the add tiles, and a tile adds a monitor started on the first device group and saves the board', async () => {
    const { user, savedBoards, callsTo } = await renderBoard('diagnostics', { routes: answerWork });
    expect(await screen.findByText('No monitors yet')).toBeTruthy();
    await user.click(screen.getByTestId('monitor-tile-device-parameter'));

    const frame = await screen.findByTestId('monitor-device-parameter');
    expect(within(frame).getByRole('heading', { name: 'Device parameters' })).toBeTruthy();
    // A new monitor opens in edit mode on the first group and its work parameter, and asks for that group's data.
    expect(within(frame).getByTestId('monitor-settings')).toBeTruthy();
    await waitFor(() => expect(savedBoards()).toHaveLength(1));
    expect(savedBoards()[0]).toEqual({
      monitors: [{ id: expect.any(String), kind: 'device-parameter', settings: startingMonitorSettings('device-parameter', fixtureModel) }],
    });
    expect(startingMonitorSettings('device-parameter', fixtureModel)).toMatchObject({ byGroups: true, deviceGroups: [deviceGroups[0]?.id], parameters: [1] });
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1));
    expect(Object.fromEntries(callsTo('GET', DIAGNOSTICS)[0]?.query ?? [])).toMatchObject({ devices: '1,2', parameterNumber: '1' });
    expect(within(frame).queryByTestId('monitor-warning')).toBeNull();
  });

  it('starts a new monitor with nothing chosen when the company has no devices yet', async () => {
    const { user, savedBoards, callsTo, queryClient } = await renderBoard('diagnostics', { routes: { 'GET /api/devicegroups': () => listReply([]) } });
    queryClient.setQueryData(queryKeys.devices, []);
    await user.click(await screen.findByTestId('monitor-tile-device-parameter'));
    const frame = await screen.findByTestId('monitor-device-parameter');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('None of devices were selected');
    await waitFor(() => expect(savedBoards()).toHaveLength(1));
    expect(savedBoards()[0]).toEqual({
      monitors: [{ id: expect.any(String), kind: 'device-parameter', settings: defaultMonitorSettings('device-parameter') }],
    });
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
  });

  it('adds a monitor from the page actions dialog after the existing ones', async () => {
    const { user, savedBoards } = await renderBoard('dashboard', { board: workBoard(), routes: answerWork });
    await screen.findByTestId('monitor-device-parameter');
    await user.click(screen.getByTestId('monitor-add'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('monitor-tile-device-parameter'));
    await waitFor(() => expect(screen.getAllByTestId('monitor-device-parameter')).toHaveLength(2));
    await waitFor(() => expect(savedBoards()).toHaveLength(1));
    const saved = savedBoards()[0] as BoardSetting;
    expect(saved.monitors.map((monitor) => monitor.id)).toEqual(['m1', expect.not.stringMatching(/^m1$/)]);
    expect(saved.monitors[1]?.settings).toEqual(startingMonitorSettings('device-parameter', fixtureModel));
  });

  it('restores the saved monitors and asks for their data with the saved settings', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: workBoard({ interval: 'day' }), routes: answerWork });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1));
    const today = todayIn('Europe/Warsaw');
    expect(Object.fromEntries(callsTo('GET', DIAGNOSTICS)[0]?.query ?? [])).toEqual({
      devices: '1,2',
      parameterNumber: '1',
      interval: 'day',
      from: addDays(today, -1),
      to: today,
    });
    // Options closed: no settings panel.
    expect(within(frame).queryByTestId('monitor-settings')).toBeNull();
    expect(await within(frame).findByRole('img', { name: 'Device parameters' })).toBeTruthy();
  });

  it('reads an unreadable saved board as an empty one', async () => {
    await renderBoard('dashboard', { board: { monitors: [{ id: 'x', kind: 'no-such-kind' }, 'nonsense'] } });
    expect(await screen.findByText('No monitors yet')).toBeTruthy();
  });

  it('removes a monitor and saves the board without it', async () => {
    const { user, savedBoards } = await renderBoard('dashboard', { board: workBoard(), routes: answerWork });
    await screen.findByTestId('monitor-device-parameter');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('No monitors yet')).toBeTruthy();
    await waitFor(() => expect(savedBoards()).toEqual([{ monitors: [] }]));
  });

  it('saves the expand and options toggles without fetching the data again', async () => {
    const { user, savedBoards, callsTo } = await renderBoard('dashboard', { board: workBoard(), routes: answerWork });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await within(frame).findByRole('img', { name: 'Device parameters' });
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);

    await user.click(within(frame).getByTestId('monitor-action-expand'));
    await waitFor(() => expect(savedBoards()).toHaveLength(1));
    expect((savedBoards()[0] as BoardSetting).monitors[0]?.settings).toMatchObject({ expanded: true, edited: false });
    expect(within(frame).getByTestId('monitor-action-expand').getAttribute('aria-label')).toBe('Collapse');

    await user.click(within(frame).getByTestId('monitor-action-options'));
    await waitFor(() => expect(savedBoards()).toHaveLength(2));
    expect((savedBoards()[1] as BoardSetting).monitors[0]?.settings).toMatchObject({ expanded: true, edited: true });
    expect(within(frame).getByTestId('monitor-settings')).toBeTruthy();
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
  });

  it('fetches again on the refresh action', async () => {
    const { user, callsTo } = await renderBoard('dashboard', { board: workBoard(), routes: answerWork });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1));
    await user.click(within(frame).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(2));
  });

  it('shows the loading overlay while the data is on its way', async () => {
    const answer = deferred();
    const { callsTo } = await renderBoard('dashboard', {
      board: workBoard(),
      routes: {
        [`GET ${DIAGNOSTICS}`]: async () => {
          await answer.promise;
          return { body: workAnswer() };
        },
      },
    });
    const frame = await screen.findByTestId('monitor-device-parameter');
    expect(await within(frame).findByTestId('monitor-loading')).toBeTruthy();
    expect(frame.getAttribute('aria-busy')).toBe('true');
    answer.resolve();
    await waitFor(() => expect(within(frame).queryByTestId('monitor-loading')).toBeNull());
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
  });

  it('shows the warning of an invalid monitor and asks for nothing', async () => {
    const { user, callsTo } = await renderBoard('dashboard', { board: workBoard({ parameters: [] }), routes: answerWork });
    const frame = await screen.findByTestId('monitor-device-parameter');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('None of parameters were selected');
    // The model lists load (so the warning could be decided); the data call never goes out.
    await waitFor(() => expect(callsTo('GET', '/api/devicetypes')).toHaveLength(1));
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
    expect(within(frame).queryByRole('img')).toBeNull();
    // Refreshing an invalid monitor asks for nothing either.
    await user.click(within(frame).getByRole('button', { name: 'Refresh' }));
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
    expect(within(frame).queryByTestId('monitor-error')).toBeNull();
  });

  it('reports a failed save and keeps the change on screen', async () => {
    const { user, savedBoards } = await renderBoard('dashboard', {
      board: workBoard(),
      routes: {
        ...answerWork,
        'PUT /api/users/current/settings/dashboard': () => ({
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'error.internal' },
        }),
      },
    });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await user.click(within(frame).getByTestId('monitor-action-expand'));
    expect(await screen.findByText('The monitor settings could not be saved')).toBeTruthy();
    expect(savedBoards()).toHaveLength(1);
    expect(within(frame).getByTestId('monitor-action-expand').getAttribute('aria-label')).toBe('Collapse');
  });

  it('lays monitors out two per row, full width when expanded', async () => {
    await renderBoard('dashboard', {
      board: { monitors: [...workBoard().monitors, { ...workBoard({ expanded: true }).monitors[0], id: 'm2' }] } as BoardSetting,
      routes: answerWork,
    });
    await waitFor(() => expect(screen.getAllByTestId('monitor-device-parameter')).toHaveLength(2));
    const [normal, expanded] = screen.getAllByTestId('monitor-device-parameter');
    expect(normal?.getAttribute('data-expanded')).toBe('false');
    expect(expanded?.getAttribute('data-expanded')).toBe('true');
    expect(normal ? getComputedStyle(normal).flexBasis : '').toBe('45%');
    expect(expanded ? getComputedStyle(expanded).flexBasis : '').toBe('100%');
  });

  it('always expands monitors on a phone and offers no expand action there', async () => {
    window.innerWidth = 400;
    await renderBoard('dashboard', { board: workBoard(), routes: answerWork });
    const frame = await screen.findByTestId('monitor-device-parameter');
    expect(frame.getAttribute('data-expanded')).toBe('true');
    expect(within(frame).queryByTestId('monitor-action-expand')).toBeNull();
    expect(within(frame).getByTestId('monitor-action-options')).toBeTruthy();
  });
});
