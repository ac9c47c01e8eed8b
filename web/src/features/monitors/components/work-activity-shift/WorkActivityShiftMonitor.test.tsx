import { act, screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, defaultMonitorSettings, FACTORY_XLSX_CONTENT_TYPE, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, FactoryShiftChartResponse, WorkActivityShiftSettings } from '@gearwatch/contracts';
import { downloadFile } from '../../../../components/download.ts';
import { deferred, listReply } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import type { FakeHandler } from '../../test/fake-api.ts';

vi.mock('../../../../components/download.ts', () => ({ downloadFile: vi.fn() }));

const DATA = '/api/reports/factory/data';
const XLSX = '/api/reports/factory/xlsx';
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

function chartOf(element: HTMLElement) {
  const chart = getInstanceByDom(element);
  if (!chart) throw new Error('no chart instance');
  return chart;
}

function clickToolbox(chartElement: HTMLElement, title: string) {
  const elements = chartOf(chartElement).getZr().storage.getDisplayList(true) as unknown as Array<{ __title?: string; trigger: (event: string) => void }>;
  const icon = elements.find((element) => element.__title === title);
  if (!icon) throw new Error(`no toolbox icon titled ${title}`);
  act(() => icon.trigger('click'));
}

type DrawnOption = { series: { name: string; type: string; data: unknown[] }[]; xAxis: { data: string[] }[]; yAxis: { name: string }[] };
const drawn = (chartElement: HTMLElement) => chartOf(chartElement).getOption() as unknown as DrawnOption;

const answering = (handler: FakeHandler = () => ({ body: ANSWER })) => ({ [`GET ${DATA}`]: handler });
const today = () => todayIn('Europe/Warsaw');

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);
beforeEach(() => vi.mocked(downloadFile).mockClear());

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
    const option = drawn(chart);
    expect(option.xAxis[0]?.data).toEqual(['Morning', 'Afternoon']);
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([['Summary', 'bar', [50, 20]]]);
    expect(option.yAxis[0]?.name).toBe('min');
  });

  it('asks for the chosen groups by group id', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ byGroups: true, deviceGroups: [11] }), routes: answering() });
    await waitFor(() => expect(callsTo('GET', DATA)).toHaveLength(1));
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({ type: 'device-work-shift-chart', groups: '11', from: addDays(today(), -7), to: today() });
  });

  it('switches between the work, activity and counter sums from the radio without asking again', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    await within(frame).findByRole('img', { name: TITLE });
    await user.click(within(frame).getByRole('radio', { name: 'Activity' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameter).toBe('activeSum'));
    const chart = within(frame).getByRole('img', { name: TITLE });
    await waitFor(() => expect(drawn(chart).series[0]?.data).toEqual([120, 40]));
    await user.click(within(frame).getByRole('radio', { name: 'Counter' }));
    await waitFor(() => expect(drawn(chart).series[0]?.data).toEqual([10, 5]));
    expect(drawn(chart).yAxis[0]?.name).toBe('');
    expect(callsTo('GET', DATA)).toHaveLength(1);
  });

  it('says so when the selection has no devices', async () => {
    await renderBoard('diagnostics', { board: board({ byGroups: true, deviceGroups: [11] }), routes: answering(() => ({ body: { interval: 'shifts', data: [] } })) });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    expect(await within(frame).findByText('No data found')).toBeTruthy();
    expect(within(frame).queryByRole('img', { name: TITLE })).toBeNull();
  });

  it('downloads the spreadsheet of the shift report through the API', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [1], edited: true }),
      routes: { ...answering(), [`GET ${XLSX}`]: () => ({ body: 'PK' }) },
    });
    const frame = await screen.findByTestId('monitor-work-activity-shift');
    clickToolbox(await within(frame).findByRole('img', { name: TITLE }), 'Export to spreadsheet');
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const from = addDays(today(), -7);
    expect(Object.fromEntries(callsTo('GET', XLSX)[0]?.query ?? [])).toEqual({ type: 'device-work-shift-chart', devices: '1', from, to: today() });
    const [file, fileName, mime] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(file).toBeInstanceOf(Blob);
    expect(fileName).toBe(`work-activity-chart-${from}-${today()}.xlsx`);
    expect(mime).toBe(FACTORY_XLSX_CONTENT_TYPE);
  });
});
