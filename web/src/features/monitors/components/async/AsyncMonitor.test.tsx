import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, CSV_BOM, CSV_CONTENT_TYPE, defaultMonitorSettings, todayIn } from '@gearwatch/contracts';
import type { AsyncDiagnosticsResponse, AsyncSettings, BoardSetting } from '@gearwatch/contracts';
import { downloadFile } from '../../../../components/download.ts';
import type { FakeHandler } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

vi.mock('../../../../components/download.ts', () => ({ downloadFile: vi.fn() }));

const ASYNC = '/api/devices/diagnostics/async/multiple';
const TITLE = 'Asynchronous parameters';

function board(settings: Partial<AsyncSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'async', settings: { ...defaultMonitorSettings('async'), ...settings } }] };
}

function savedSettings(saved: unknown[]): AsyncSettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as AsyncSettings | undefined;
}

type Parameter = AsyncDiagnosticsResponse['data'][number]['parameters'][number];

function readings(number: number, name: string, unit: string, times: string[], values: number[], capped = false): Parameter {
  return { number, name, unit: { short: unit }, categories: times, values, capped };
}

/** Work time and battery voltage of Forklift A, interleaved in time. */
function forkliftAnswer(capped = false): AsyncDiagnosticsResponse {
  return {
    data: [
      {
        device: { id: 1, name: 'Forklift A' },
        parameters: [
          readings(1, 'Work time', 's', ['2026-03-02 10:00:00', '2026-03-02 10:10:00'], [120, 300], capped),
          readings(5, 'Battery voltage', 'V', ['2026-03-02 10:05:00', '2026-03-02 10:15:00'], [24.456, 24.3]),
        ],
      },
    ],
  };
}

/** `count` work readings a minute apart. */
function longAnswer(count: number): AsyncDiagnosticsResponse {
  const times = Array.from({ length: count }, (_, i) => `2026-03-02 10:${String(i).padStart(2, '0')}:00`);
  return {
    data: [
      {
        device: { id: 1, name: 'Forklift A' },
        parameters: [
          readings(
            1,
            'Work time',
            's',
            times,
            times.map((_, i) => i),
          ),
        ],
      },
    ],
  };
}

const answering = (handler: FakeHandler) => ({ [`GET ${ASYNC}`]: handler });

async function bodyRows(frame: HTMLElement) {
  const table = await within(frame).findByTestId('async-table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('AsyncMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<AsyncSettings>, string]>([
    ['no device', { parameters: [1] }, 'None of devices were selected'],
    ['no parameter', { device: 1 }, 'None of parameters were selected'],
    ['a device whose type has no parameters', { device: 4, parameters: [1] }, 'No parameters available to be selected'],
  ])('warns about %s and asks for no data', async (_, settings, warning) => {
    const { callsTo } = await renderBoard('diagnostics', { board: board(settings), routes: answering(() => ({ body: forkliftAnswer() })) });
    const frame = await screen.findByTestId('monitor-async');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe(warning));
    await waitFor(() => expect(callsTo('GET', '/api/devicetypes')).toHaveLength(1));
    expect(callsTo('GET', ASYNC)).toHaveLength(0);
  });

  it('keeps the parameter field disabled, saying to select a device first, until a device is chosen', async () => {
    await renderBoard('diagnostics', { board: board({}) });
    const frame = await screen.findByTestId('monitor-async');
    expect((within(frame).getByLabelText('Select a device first') as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for the one device, its parameters and the dates', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ device: 1, parameters: [1, 5] }),
      routes: answering(() => ({ body: forkliftAnswer() })),
    });
    await waitFor(() => expect(callsTo('GET', ASYNC)).toHaveLength(1));
    const today = todayIn('Europe/Warsaw');
    expect(Object.fromEntries(callsTo('GET', ASYNC)[0]?.query ?? [])).toEqual({ devices: '1', parameterNumber: '1,5', from: addDays(today, -1), to: today });
  });

  it('lists every parameter’s readings in one table, newest first, values rounded with their unit', async () => {
    await renderBoard('diagnostics', { board: board({ device: 1, parameters: [1, 5], edited: false }), routes: answering(() => ({ body: forkliftAnswer() })) });
    const frame = await screen.findByTestId('monitor-async');
    expect(await bodyRows(frame)).toEqual([
      ['2026-03-02 10:15:00', 'Battery voltage', '24.3 V'],
      ['2026-03-02 10:10:00', 'Work time', '300 s'],
      ['2026-03-02 10:05:00', 'Battery voltage', '24.46 V'],
      ['2026-03-02 10:00:00', 'Work time', '120 s'],
    ]);
    const headers = within(within(frame).getByTestId('async-table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Parameter', 'Value']);
    expect(within(frame).queryByTestId('async-capped')).toBeNull();
  });

  it('shows no table, says no data found and offers no export when there are no readings', async () => {
    const empty: AsyncDiagnosticsResponse = { data: [{ device: { id: 1, name: 'Forklift A' }, parameters: [readings(1, 'Work time', 's', [], [])] }] };
    const { callsTo } = await renderBoard('diagnostics', { board: board({ device: 1, parameters: [1] }), routes: answering(() => ({ body: empty })) });
    const frame = await screen.findByTestId('monitor-async');
    expect(await within(frame).findByText('No data found')).toBeTruthy();
    expect(callsTo('GET', ASYNC)).toHaveLength(1);
    expect(within(frame).queryByTestId('async-table')).toBeNull();
    expect((within(frame).getByTestId('monitor-action-csv') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the server listed only the newest readings', async () => {
    await renderBoard('diagnostics', { board: board({ device: 1, parameters: [1, 5] }), routes: answering(() => ({ body: forkliftAnswer(true) })) });
    const frame = await screen.findByTestId('monitor-async');
    expect((await within(frame).findByTestId('async-capped')).textContent).toBe(
      'Only the newest 10,000 readings of each of these parameters are listed: Work time',
    );
    expect(within(frame).getByTestId('async-table')).toBeTruthy();
  });

  it('exports the table as CSV: DateTime;Parameter;Value, semicolons, every cell quoted, newest first', async () => {
    vi.mocked(downloadFile).mockClear();
    const { user } = await renderBoard('diagnostics', {
      board: board({ device: 1, parameters: [1, 5] }),
      routes: answering(() => ({ body: forkliftAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-async');
    await within(frame).findByTestId('async-table');
    await user.click(within(frame).getByTestId('monitor-action-csv'));
    expect(downloadFile).toHaveBeenCalledTimes(1);
    const [content, fileName, mime] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(content).toBe(
      CSV_BOM +
        '"DateTime";"Parameter";"Value"\r\n' +
        '"2026-03-02 10:15:00";"Battery voltage [V]";"24.3"\r\n' +
        '"2026-03-02 10:10:00";"Work time [s]";"300"\r\n' +
        '"2026-03-02 10:05:00";"Battery voltage [V]";"24.46"\r\n' +
        '"2026-03-02 10:00:00";"Work time [s]";"120"\r\n',
    );
    const today = todayIn('Europe/Warsaw');
    expect(fileName).toBe(`${TITLE}-${addDays(today, -1)}-${today}.csv`);
    expect(mime).toBe(CSV_CONTENT_TYPE);
  });

  it('clears the chosen parameters when the server answers 404', async () => {
    const { callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ device: 1, parameters: [5] }),
      routes: answering(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } })),
    });
    await waitFor(() => expect(savedSettings(savedBoards())?.parameters).toEqual([]));
    const frame = screen.getByTestId('monitor-async');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('None of parameters were selected');
    expect(within(frame).queryByTestId('monitor-error')).toBeNull();
    expect(callsTo('GET', ASYNC)).toHaveLength(1);
  });

  it('drops the parameters another device does not offer, choosing the work parameter instead', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ device: 1, parameters: [5, 3] }),
      routes: answering(() => ({ body: forkliftAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-async');
    await user.click(within(frame).getByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Press 1' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ device: 3, parameters: [1] }));
  });

  it('keeps the parameters another device still offers', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ device: 1, parameters: [5, 2] }),
      routes: answering(() => ({ body: forkliftAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-async');
    await user.click(within(frame).getByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Press 1' }));
    await waitFor(() => expect(savedSettings(savedBoards())).toMatchObject({ device: 3, parameters: [2] }));
  });

  it('pages long lists, 25 rows at first, and lists every row with no limit', async () => {
    const { user } = await renderBoard('diagnostics', {
      board: board({ device: 1, parameters: [1], edited: false }),
      routes: answering(() => ({ body: longAnswer(30) })),
    });
    const frame = await screen.findByTestId('monitor-async');
    const first = await bodyRows(frame);
    expect(first).toHaveLength(25);
    expect(first[0]?.[0]).toBe('2026-03-02 10:29:00');
    expect(within(frame).getByText('1–25 of 30')).toBeTruthy();

    await user.click(within(frame).getByRole('button', { name: 'Go to next page' }));
    const second = await bodyRows(frame);
    expect(second.map((row) => row[0])).toEqual([
      '2026-03-02 10:04:00',
      '2026-03-02 10:03:00',
      '2026-03-02 10:02:00',
      '2026-03-02 10:01:00',
      '2026-03-02 10:00:00',
    ]);

    await user.click(within(frame).getByRole('combobox', { name: 'Rows per page:' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(async () => expect(await bodyRows(frame)).toHaveLength(30));
    expect(within(frame).getByText('1–30 of 30')).toBeTruthy();
  });
});
