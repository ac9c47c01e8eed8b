import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, defaultMonitorSettings, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, DeviceParameterSettings } from '@gearwatch/contracts';
import { presetRange } from '../../../../components/dates/calendar.ts';
import { chartTexts } from '../../test/chart-texts.ts';
import { listReply } from '../../test/fake-api.ts';
import { workAnswer } from '../../test/fixtures.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import type { FakeHandler } from '../../test/fake-api.ts';

const DIAGNOSTICS = '/api/devices/diagnostics/multiple';
const TITLE = 'Device parameters';

function board(settings: Partial<DeviceParameterSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'device-parameter', settings: { ...defaultMonitorSettings('device-parameter'), ...settings } }] };
}

function savedSettings(saved: unknown[]): DeviceParameterSettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as DeviceParameterSettings | undefined;
}

const answering = (handler: FakeHandler) => ({ [`GET ${DIAGNOSTICS}`]: handler });

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('DeviceParameterMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<DeviceParameterSettings>, string]>([
    ['no device', {}, 'None of devices were selected'],
    ['groups chosen one by one', { byGroups: true, devices: [1] }, 'None of device groups were selected'],
    ['devices without a chosen parameter', { devices: [1, 3] }, 'None of parameters were selected'],
    ['a device whose type has no parameters', { devices: [4], parameters: [1] }, 'No parameters available to be selected'],
    ['devices whose types share no parameter', { devices: [3, 4], parameters: [1] }, 'No common parameters available to be selected'],
  ])('warns about %s and asks for no data', async (_, settings, warning) => {
    const { callsTo } = await renderBoard('diagnostics', { board: board(settings), routes: answering(() => ({ body: workAnswer() })) });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe(warning));
    await waitFor(() => expect(callsTo('GET', '/api/devicetypes')).toHaveLength(1));
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
  });

  it('warns when the interval is shifts and the company has no shifts', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [1], interval: 'shifts' }),
      routes: { 'GET /api/user/production_shifts': () => listReply([]), ...answering(() => ({ body: workAnswer('shifts') })) },
    });
    const frame = await screen.findByTestId('monitor-device-parameter');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('No shifts defined');
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
  });

  it('keeps the parameter field disabled, saying to select a device first, until a device is chosen', async () => {
    await renderBoard('diagnostics', { board: board({}) });
    const frame = await screen.findByTestId('monitor-device-parameter');
    const field = within(frame).getByLabelText('Select a device first');
    expect((field as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for the devices of the chosen groups by id', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ byGroups: true, deviceGroups: [10, 11], parameters: [1, 2], interval: 'day' }),
      routes: answering(() => ({ body: workAnswer('day') })),
    });
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1));
    const today = todayIn('Europe/Warsaw');
    expect(Object.fromEntries(callsTo('GET', DIAGNOSTICS)[0]?.query ?? [])).toEqual({
      devices: '1,2,3',
      parameterNumber: '1,2',
      interval: 'day',
      // The default range: yesterday and today, which hold the latest 24 hours.
      from: addDays(today, -1),
      to: today,
    });
  });

  it('switches the saved interval to the one the server answered, without asking again', async () => {
    const { callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1, 2], parameters: [1], interval: '5min' }),
      routes: answering(() => ({ body: workAnswer('hour') })),
    });
    await waitFor(() => expect(savedSettings(savedBoards())?.interval).toBe('hour'));
    const frame = screen.getByTestId('monitor-device-parameter');
    expect(await within(frame).findByRole('img', { name: TITLE })).toBeTruthy();
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
    expect(callsTo('GET', DIAGNOSTICS)[0]?.query.get('interval')).toBe('5min');
  });

  it('clears the chosen parameters when the server answers 404', async () => {
    const { callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [5] }),
      routes: answering(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } })),
    });
    await waitFor(() => expect(savedSettings(savedBoards())?.parameters).toEqual([]));
    const frame = screen.getByTestId('monitor-device-parameter');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('None of parameters were selected');
    expect(within(frame).queryByTestId('monitor-error')).toBeNull();
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
  });

  it('draws the chosen parameter of each device, named in the legend, against its unit', async () => {
    await renderBoard('diagnostics', { board: board({ devices: [1, 2], parameters: [1] }), routes: answering(() => ({ body: workAnswer() })) });
    const frame = await screen.findByTestId('monitor-device-parameter');
    const texts = chartTexts(await within(frame).findByRole('img', { name: TITLE }));
    expect(texts).toEqual(expect.arrayContaining(['Forklift A – Work time', 'Forklift B – Work time', 'min', '2026-03-02 10:00', '2026-03-02 11:00']));
  });

  it('drops parameters the new device selection does not offer, choosing the work parameter instead', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [5], edited: true }),
      routes: answering(() => ({ body: workAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-device-parameter');
    const devices = within(frame).getByRole('combobox', { name: 'Devices' });
    await user.click(devices);
    await user.click(await screen.findByRole('option', { name: 'Press 1' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ devices: [1, 3], parameters: [1] }));
  });

  it('keeps the parameters the new selection still offers', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [5, 3], edited: true }),
      routes: answering(() => ({ body: workAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await user.click(within(frame).getByRole('combobox', { name: 'Devices' }));
    await user.click(await screen.findByRole('option', { name: 'Forklift B' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ devices: [1, 2], parameters: [5, 3] }));
  });

  it('asks for a picked range and moves an interval the range no longer allows to the next coarser one', async () => {
    const { user, savedBoards, callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [1], interval: '5min', edited: true }),
      routes: answering((call) => ({ body: workAnswer(call.query.get('interval') as 'hour') })),
    });
    const frame = await screen.findByTestId('monitor-device-parameter');
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1));
    await user.click(within(frame).getByTestId('date-range-input'));
    await user.click(await screen.findByRole('button', { name: 'Last month' }));
    // A month is longer than 5-minute buckets are answered for (7 days): the interval becomes hourly.
    await waitFor(() => expect(savedSettings(savedBoards())?.interval).toBe('hour'));
    const lastMonth = presetRange('last-month', todayIn('Europe/Warsaw'));
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(2));
    expect(Object.fromEntries(callsTo('GET', DIAGNOSTICS)[1]?.query ?? [])).toMatchObject({ interval: 'hour', from: lastMonth.from, to: lastMonth.to });
  });
});
