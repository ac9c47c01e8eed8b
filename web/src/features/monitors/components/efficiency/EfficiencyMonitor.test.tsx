import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, defaultMonitorSettings, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, DeviceDiagnosticsResponse, EfficiencySettings } from '@gearwatch/contracts';
import { chartTexts } from '../../test/chart-texts.ts';
import type { FakeHandler } from '../../test/fake-api.ts';
import { efficiencyAnswer } from '../../test/fixtures.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const DIAGNOSTICS = '/api/devices/diagnostics/multiple';
const TITLE = 'Efficiency';

function board(settings: Partial<EfficiencySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'efficiency', settings: { ...defaultMonitorSettings('efficiency'), ...settings } }] };
}

function savedSettings(saved: unknown[]): EfficiencySettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as EfficiencySettings | undefined;
}

const answering = (handler: FakeHandler) => ({ [`GET ${DIAGNOSTICS}`]: handler });
const query = (call: { query: URLSearchParams } | undefined) => Object.fromEntries(call?.query ?? []);

async function optionNames(user: UserEvent, field: HTMLElement): Promise<string[]> {
  await user.click(field);
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);
afterEach(() => {
  vi.useRealTimers();
});

describe('EfficiencyMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<EfficiencySettings>, string]>([
    ['no device', {}, 'None of devices were selected'],
    ['no group', { byGroups: true, devices: [1] }, 'None of device groups were selected'],
    ['no parameter', { devices: [1] }, 'None of parameters were selected'],
    ['a device type without parameters', { devices: [4], parameters: [1] }, 'No parameters available to be selected'],
  ])('warns about %s and asks for no data', async (_, settings, warning) => {
    const { callsTo } = await renderBoard('diagnostics', { board: board(settings), routes: answering(() => ({ body: efficiencyAnswer() })) });
    const frame = await screen.findByTestId('monitor-efficiency');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe(warning));
    await waitFor(() => expect(callsTo('GET', '/api/devicetypes')).toHaveLength(1));
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
  });

  it('offers only the devices of the first chosen device type', async () => {
    const { user } = await renderBoard('diagnostics', { board: board({ devices: [1], parameters: [1] }) });
    const frame = await screen.findByTestId('monitor-efficiency');
    expect(await optionNames(user, within(frame).getByRole('combobox', { name: 'Devices' }))).toEqual(['Forklift B']);
  });

  it('offers every device until one is chosen', async () => {
    const { user } = await renderBoard('diagnostics', { board: board({}) });
    const frame = await screen.findByTestId('monitor-efficiency');
    expect(await optionNames(user, within(frame).getByRole('combobox', { name: 'Devices' }))).toEqual(['Forklift A', 'Forklift B', 'Press 1', 'Beacon']);
  });

  it('offers efficiency first, and choosing it with other parameters leaves only efficiency', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1, 2], parameters: [1] }),
      routes: answering(() => ({ body: efficiencyAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-efficiency');
    const field = within(frame).getByRole('combobox', { name: 'Parameters' });
    expect(await optionNames(user, field)).toEqual(['Efficiency [%]', 'Active time [s]', 'Counter [pcs]', 'Battery voltage [V]']);
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'Efficiency [%]' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameters).toEqual([0]));
  });

  it('chooses the work parameter when the new selection offers none of the chosen ones', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ parameters: [7] }),
      routes: answering(() => ({ body: efficiencyAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-efficiency');
    await user.click(within(frame).getByRole('combobox', { name: 'Devices' }));
    await user.click(await screen.findByRole('option', { name: 'Forklift A' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ devices: [1], parameters: [1] }));
  });

  it('keeps efficiency when the groups chosen still offer it', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ byGroups: true, deviceGroups: [10], parameters: [0, 5] }),
      routes: answering(() => ({ body: efficiencyAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-efficiency');
    await user.click(within(frame).getByRole('combobox', { name: 'Device groups' }));
    await user.click(await screen.findByRole('option', { name: 'Hall 2' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ deviceGroups: [10, 11], parameters: [0] }));
  });

  it('only saves a switch between devices and groups', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [5] }),
      routes: answering(() => ({ body: efficiencyAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-efficiency');
    await user.click(within(frame).getByRole('radio', { name: 'Device groups' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ byGroups: true, devices: [1], parameters: [5] }));
  });

  it('asks for efficiency and the other parameters, and draws a percent axis 0–100 by 10 beside the seconds axis', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [1, 2], parameters: [0, 1], edited: true }),
      routes: answering(() => ({ body: efficiencyAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-efficiency');
    const element = await within(frame).findByRole('img', { name: TITLE });
    const today = todayIn('Europe/Warsaw');
    expect(callsTo('GET', DIAGNOSTICS).map(query)).toEqual([{ devices: '1,2', parameterNumber: '0,1', interval: 'hour', from: addDays(today, -1), to: today }]);
    const texts = chartTexts(element);
    expect(texts).toEqual(
      expect.arrayContaining(['Forklift A – Efficiency', 'Forklift A – Work time', 'Forklift B – Efficiency', 'Forklift B – Work time', '%', 'min']),
    );
    expect(['0', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100'].every((label) => texts.includes(label))).toBe(true);
  });

  it('clears the chosen parameters when the server answers 404', async () => {
    const { savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [0] }),
      routes: answering(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } })),
    });
    await waitFor(() => expect(savedSettings(savedBoards())?.parameters).toEqual([]));
    const frame = screen.getByTestId('monitor-efficiency');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('None of parameters were selected');
    expect(within(frame).queryByTestId('monitor-error')).toBeNull();
  });

  it('switches the saved interval to the one the server answered, without asking again', async () => {
    const { callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [0], interval: '5min' }),
      routes: answering(() => ({ body: efficiencyAnswer('hour') })),
    });
    await waitFor(() => expect(savedSettings(savedBoards())?.interval).toBe('hour'));
    expect(await within(screen.getByTestId('monitor-efficiency')).findByRole('img', { name: TITLE })).toBeTruthy();
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
  });

  it('offers and asks for months only for a range that starts on the 1st, keeping the interval fitted to the dates', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
    const { user, callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], parameters: [0], interval: 'month', edited: true }),
      routes: answering((call) => ({ body: efficiencyAnswer(call.query.get('interval') as DeviceDiagnosticsResponse['interval']) })),
    });
    const frame = await screen.findByTestId('monitor-efficiency');
    // Today is the 15th: a saved month is asked for, and shown, as days until the dates allow months.
    await waitFor(() =>
      expect(callsTo('GET', DIAGNOSTICS).map(query)).toEqual([{ devices: '1', parameterNumber: '0', interval: 'day', from: '2026-03-14', to: '2026-03-15' }]),
    );
    expect(within(frame).getByTestId('monitor-field-interval').textContent).toContain('Daily');
    expect(await optionNames(user, within(frame).getByRole('combobox', { name: 'Interval' }))).toEqual(['5 minutes', 'Hourly', 'Daily']);

    await user.click(within(frame).getByTestId('date-range-input'));
    await user.click(await screen.findByRole('button', { name: 'Last month' }));
    await waitFor(() =>
      expect(query(callsTo('GET', DIAGNOSTICS).at(-1))).toEqual({
        devices: '1',
        parameterNumber: '0',
        interval: 'month',
        from: '2026-02-01',
        to: '2026-02-28',
      }),
    );
    expect(await optionNames(user, within(frame).getByRole('combobox', { name: 'Interval' }))).toEqual(['Hourly', 'Daily', 'Monthly']);

    await user.click(within(frame).getByTestId('date-range-input'));
    await user.click(await screen.findByRole('button', { name: 'This week' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.interval).toBe('day'));
    expect(query(callsTo('GET', DIAGNOSTICS).at(-1))).toEqual({ devices: '1', parameterNumber: '0', interval: 'day', from: '2026-03-09', to: '2026-03-15' });
  });
});
