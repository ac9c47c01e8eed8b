import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, defaultMonitorSettings, todayIn } from '@gearwatch/contracts';
import type { BoardSetting, FactoryDeviceChartResponse, WorkActivitySettings } from '@gearwatch/contracts';
import { chartTexts } from '../../test/chart-texts.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import type { FakeHandler } from '../../test/fake-api.ts';

const DATA = '/api/reports/factory/data';
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

const answering = (handler: FakeHandler = () => ({ body: ANSWER })) => ({ [`GET ${DATA}`]: handler });
const today = () => todayIn('Europe/Warsaw');

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

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

  it('asks for the chosen devices at 5 minutes for yesterday and today and draws them, named in the legend, in minutes', async () => {
    const { callsTo } = await renderBoard('diagnostics', { board: board({ devices: [1, 2] }), routes: answering() });
    const frame = await screen.findByTestId('monitor-work-activity');
    const chart = await within(frame).findByRole('img', { name: TITLE });
    expect(callsTo('GET', DATA)).toHaveLength(1);
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({
      type: 'device-work-device-chart',
      devices: '1,2',
      interval: '5min',
      from: addDays(today(), -1),
      to: today(),
    });
    expect(chartTexts(chart)).toEqual(expect.arrayContaining(['Forklift A', 'Forklift B', 'min', '2026-03-02 10:00', '2026-03-02 10:05']));
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
    expect(chartTexts(await within(frame).findByRole('img', { name: TITLE }))).toContain('min');
    await user.click(within(frame).getByRole('radio', { name: 'Counter' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameter).toBe('counter'));
    // The counter counts pieces: its axis has no unit.
    await waitFor(() => expect(chartTexts(within(frame).getByRole('img', { name: TITLE }))).not.toContain('min'));
    expect(callsTo('GET', DATA)).toHaveLength(1);
  });

  it('says so when the selection has no devices', async () => {
    await renderBoard('diagnostics', {
      board: board({ byGroups: true, deviceGroups: [11] }),
      routes: answering(() => ({ body: { interval: '5min', data: [] } })),
    });
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
});
