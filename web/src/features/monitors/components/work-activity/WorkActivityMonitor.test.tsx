import { act, screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSV_BOM, CSV_CONTENT_TYPE, defaultMonitorSettings, FACTORY_XLSX_CONTENT_TYPE, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, FactoryDeviceChartResponse, WorkActivitySettings } from '@gearwatch/contracts';
import { downloadFile } from '../../../../components/download.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import type { FakeHandler } from '../../test/fake-api.ts';

vi.mock('../../../../components/download.ts', () => ({ downloadFile: vi.fn() }));

const DATA = '/api/reports/factory/data';
const XLSX = '/api/reports/factory/xlsx';
const TITLE = 'Work and activity';

const ANSWER: FactoryDeviceChartResponse = {
  interval: '5min',
  data: [
    {
      name: 'Forklift A',
      items: [
        { time: '2026-03-02 10:00', work: 120, active: 300, counter: 4 },
        { time: '2026-03-02 10:05', work: 60, active: 240, counter: null },
      ],
    },
    {
      name: 'Forklift B',
      items: [
        { time: '2026-03-02 10:00', work: null, active: null, counter: null },
        { time: '2026-03-02 10:05', work: 300, active: 300, counter: 9 },
      ],
    },
  ],
};

function board(settings: Partial<WorkActivitySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'work-activity', settings: { ...defaultMonitorSettings('work-activity'), ...settings } }] };
}

function savedSettings(saved: unknown[]): WorkActivitySettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as WorkActivitySettings | undefined;
}

function chartOf(element: HTMLElement) {
  const chart = getInstanceByDom(element);
  if (!chart) throw new Error('no chart instance');
  return chart;
}

/** The toolbox icon ECharts drew for a feature title (the toolbox keeps the title on the icon element). */
function clickToolbox(chartElement: HTMLElement, title: string) {
  const elements = chartOf(chartElement).getZr().storage.getDisplayList(true) as unknown as Array<{ __title?: string; trigger: (event: string) => void }>;
  const icon = elements.find((element) => element.__title === title);
  if (!icon) throw new Error(`no toolbox icon titled ${title}`);
  act(() => icon.trigger('click'));
}

type DrawnSeries = { name: string; type: string; step?: string; data: unknown[] };
const drawnSeries = (chartElement: HTMLElement) => (chartOf(chartElement).getOption() as { series: DrawnSeries[] }).series;
const drawnAxisName = (chartElement: HTMLElement) => (chartOf(chartElement).getOption() as { yAxis: { name: string }[] }).yAxis[0]?.name;

const answering = (handler: FakeHandler = () => ({ body: ANSWER })) => ({ [`GET ${DATA}`]: handler });
const today = () => todayIn('Europe/Warsaw');

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);
beforeEach(() => vi.mocked(downloadFile).mockClear());

describe('WorkActivityMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<WorkActivitySettings>, string]>([
    ['no device', {}, 'None of devices were selected'],
    ['groups chosen one by one', { byGroups: true, devices: [1] }, 'None of device groups were selected'],
  ])('warns about %s and asks for no data', async (_, settings, warning) => {
    const { callsTo } = await renderBoard('diagnostics', { board: board(settings), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe(warning));
    expect(within(frame).queryByRole('img', { name: TITLE })).toBeNull();
    expect(callsTo('GET', DATA)).toHaveLength(0);
  });

  it('shows only the selection, the parameter radio and the dates: no interval and no chart-type field', async () => {
    await renderBoard('diagnostics', { board: board({}) });
    const settings = within(await screen.findByTestId('monitor-work-activity')).getByTestId('monitor-settings');
    expect(within(settings).getByTestId('monitor-field-by-groups')).toBeTruthy();
    const radios = within(within(settings).getByTestId('monitor-field-parameter')).getAllByRole('radio');
    expect(radios.map((radio) => [radio.getAttribute('value'), (radio as HTMLInputElement).checked])).toEqual([
      ['work', true],
      ['active', false],
      ['counter', false],
    ]);
    expect(within(settings).getByLabelText('Dates')).toBeTruthy();
    expect(within(settings).queryByLabelText('Interval')).toBeNull();
  });

  it('asks for the chosen devices at 5 minutes for today and draws a stepped line per device', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ devices: [1, 2] }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity');
    const chart = await within(frame).findByRole('img', { name: TITLE });
    expect(callsTo('GET', DATA)).toHaveLength(1);
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({
      type: 'device-work-device-chart',
      devices: '1,2',
      interval: '5min',
      from: today(),
      to: today(),
    });
    expect(drawnSeries(chart).map((s) => [s.name, s.type, s.step])).toEqual([
      ['Forklift A', 'line', 'end'],
      ['Forklift B', 'line', 'end'],
    ]);
    expect(drawnSeries(chart)[1]?.data).toEqual([null, 300]);
    expect(drawnAxisName(chart)).toBe('min');
  });

  it('asks for the chosen groups by group id', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ byGroups: true, devices: [4], deviceGroups: [10, 11] }), routes: answering() });
    await waitFor(() => expect(callsTo('GET', DATA)).toHaveLength(1));
    const query = Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? []);
    expect(query).toMatchObject({ type: 'device-work-device-chart', groups: '10,11', interval: '5min' });
    expect(query).not.toHaveProperty('devices');
  });

  it('switches the drawn parameter from the radio, saving it without asking again', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('diagnostics', { board: board({ devices: [1, 2] }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity');
    await within(frame).findByRole('img', { name: TITLE });
    await user.click(within(frame).getByRole('radio', { name: 'Counter' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameter).toBe('counter'));
    const chart = within(frame).getByRole('img', { name: TITLE });
    await waitFor(() => expect(drawnSeries(chart)[0]?.data).toEqual([4, null]));
    expect(drawnAxisName(chart)).toBe('');
    expect(callsTo('GET', DATA)).toHaveLength(1);
  });

  it('says so when the selection has no devices', async () => {
    await renderBoard('diagnostics', { board: board({ byGroups: true, deviceGroups: [11] }), routes: answering(() => ({ body: { interval: '5min', data: [] } })) });
    const frame = await screen.findByTestId('monitor-work-activity');
    expect(await within(frame).findByText('No data found')).toBeTruthy();
    expect(within(frame).queryByRole('img', { name: TITLE })).toBeNull();
  });

  it('ignores an answer other than 200 and shows the error', async () => {
    await renderBoard('diagnostics', {
      board: board({ devices: [1] }),
      routes: answering(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } })),
    });
    const frame = await screen.findByTestId('monitor-work-activity');
    expect(await within(frame).findByTestId('monitor-error')).toBeTruthy();
    expect(within(frame).queryByRole('img', { name: TITLE })).toBeNull();
  });

  it('saves the line/bar switch of the toolbox', async () => {
    const { savedBoards, callsTo } = await renderBoard('diagnostics', { board: board({ devices: [1, 2], edited: true }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity');
    clickToolbox(await within(frame).findByRole('img', { name: TITLE }), 'Bar chart');
    await waitFor(() => expect(savedSettings(savedBoards())?.magicType).toBe('bar'));
    await waitFor(() => expect(drawnSeries(within(frame).getByRole('img', { name: TITLE })).map((s) => s.type)).toEqual(['bar', 'bar']));
    expect(callsTo('GET', DATA)).toHaveLength(1);
  });

  it('downloads the spreadsheet of the same query without the interval through the API', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [2, 1], edited: true }),
      routes: { ...answering(), [`GET ${XLSX}`]: () => ({ body: 'PK' }) },
    });
    const frame = await screen.findByTestId('monitor-work-activity');
    clickToolbox(await within(frame).findByRole('img', { name: TITLE }), 'Export to spreadsheet');
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(callsTo('GET', XLSX)[0]?.query ?? [])).toEqual({ type: 'device-work-device-chart', devices: '2,1', from: today(), to: today() });
    const [file, fileName, mime] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(file).toBeInstanceOf(Blob);
    expect(fileName).toBe(`work-activity-chart-${today()}-${today()}.xlsx`);
    expect(mime).toBe(FACTORY_XLSX_CONTENT_TYPE);
  });

  it('shows the error when the spreadsheet is refused', async () => {
    await renderBoard('diagnostics', {
      board: board({ devices: [1], edited: true }),
      routes: { ...answering(), [`GET ${XLSX}`]: () => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'error.generic' } }) },
    });
    const frame = await screen.findByTestId('monitor-work-activity');
    clickToolbox(await within(frame).findByRole('img', { name: TITLE }), 'Export to spreadsheet');
    expect(await within(frame).findByTestId('monitor-error')).toBeTruthy();
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('exports the chart as CSV: DateTime, then one column per device in seconds', async () => {
    await renderBoard('diagnostics', { board: board({ devices: [1, 2], edited: true, parameter: 'active' }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity');
    clickToolbox(await within(frame).findByRole('img', { name: TITLE }), 'Save as CSV');
    expect(downloadFile).toHaveBeenCalledTimes(1);
    const [content, fileName, mime] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(content).toBe(CSV_BOM + '"DateTime";"Forklift A [s]";"Forklift B [s]"\r\n"2026-03-02 10:00";"300";""\r\n"2026-03-02 10:05";"240";"300"\r\n');
    expect(fileName).toBe(`${TITLE}-${today()}-${today()}.csv`);
    expect(mime).toBe(CSV_CONTENT_TYPE);
  });
});
