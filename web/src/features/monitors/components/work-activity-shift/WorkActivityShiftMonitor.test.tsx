import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, defaultMonitorSettings, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, FactoryShiftChartResponse, WorkActivityShiftSettings } from '@gearwatch/contracts';
import { chartTexts } from '../../test/chart-texts.ts';
import { deferred, listReply } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import type { FakeHandler } from '../../test/fake-api.ts';

const DATA = '/api/reports/factory/data';
const SHIFTS = 'GET /api/user/production_shifts';
const TITLE = 'Work and activity by shift';

const item = (name: string, workSum: number, activeSum: number, counterSum: number) => ({ name, workSum, activeSum, counterSum });
const ANSWER: FactoryShiftChartResponse = {
  interval: 'shifts',
  data: [
    { name: 'Forklift A', items: [item('Morning', 1800, 3600, 2), item('Afternoon', 600, 1200, 0), item('summary', 2400, 4800, 2)] },
    { name: 'summary', items: [item('Morning', 3000, 7200, 10), item('Afternoon', 1200, 2400, 5), item('summary', 4200, 9600, 15)] },
  ],
};

function board(settings: Partial<WorkActivityShiftSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'work-activity-shift', settings: { ...defaultMonitorSettings('work-activity-shift'), ...settings } }] };
}

function savedSettings(saved: unknown[]): WorkActivityShiftSettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as WorkActivityShiftSettings | undefined;
}

const answering = (handler: FakeHandler = () => ({ body: ANSWER })) => ({ [`GET ${DATA}`]: handler });
const today = () => todayIn('Europe/Warsaw');

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('WorkActivityShiftMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<WorkActivityShiftSettings>, string]>([
    ['no device', {}, 'None of devices were selected'],
    ['groups chosen one by one', { byGroups: true, devices: [1] }, 'None of device groups were selected'],
  ])('warns about %s and asks for no data', async (_, settings, warning) => {
    const { callsTo } = await renderBoard('diagnostics', { board: board(settings), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe(warning));
    expect(callsTo('GET', DATA)).toHaveLength(0);
  });

  it('warns when the company has no shifts and asks for no data', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: { [SHIFTS]: () => listReply([]), ...answering() } });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('No shifts defined');
    expect(callsTo('GET', DATA)).toHaveLength(0);
  });

  it('waits for the shifts before warning or asking', async () => {
    const held = deferred();
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [1] }),
      routes: {
        [SHIFTS]: async () => {
          await held.promise;
          return listReply([]);
        },
        ...answering(),
      },
    });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    await waitFor(() => expect(callsTo('GET', '/api/user/production_shifts')).toHaveLength(1));
    expect(within(frame).queryByTestId('monitor-warning')).toBeNull();
    expect(callsTo('GET', DATA)).toHaveLength(0);
    held.resolve();
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('No shifts defined');
  });

  it('asks for the last week to today without an interval and draws one summary bar per shift in minutes', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ devices: [1, 2] }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    const chart = await within(frame).findByRole('img', { name: TITLE });
    expect(callsTo('GET', DATA)).toHaveLength(1);
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({
      type: 'device-work-shift-chart',
      devices: '1,2',
      from: addDays(today(), -7),
      to: today(),
    });
    expect(chartTexts(chart)).toEqual(expect.arrayContaining(['Morning', 'Afternoon', 'Summary', 'min']));
  });

  it('asks for the chosen groups by group id', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ byGroups: true, deviceGroups: [11] }), routes: answering() });
    await waitFor(() => expect(callsTo('GET', DATA)).toHaveLength(1));
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({
      type: 'device-work-shift-chart',
      groups: '11',
      from: addDays(today(), -7),
      to: today(),
    });
  });

  it('switches between the work, activity and counter sums from the radio without asking again', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    const chart = await within(frame).findByRole('img', { name: TITLE });
    await user.click(within(frame).getByRole('radio', { name: 'Activity' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameter).toBe('activeSum'));
    expect(chartTexts(chart)).toContain('min');
    await user.click(within(frame).getByRole('radio', { name: 'Counter' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameter).toBe('counterSum'));
    // The counter's sum counts pieces: its axis has no unit.
    await waitFor(() => expect(chartTexts(chart)).not.toContain('min'));
    expect(callsTo('GET', DATA)).toHaveLength(1);
  });

  it('says so when the selection has no devices', async () => {
    await renderBoard('diagnostics', {
      board: board({ byGroups: true, deviceGroups: [11] }),
      routes: answering(() => ({ body: { interval: 'shifts', data: [] } })),
    });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    expect(await within(frame).findByText('No data found')).toBeTruthy();
    expect(within(frame).queryByRole('img', { name: TITLE })).toBeNull();
  });
});
