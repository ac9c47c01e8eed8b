import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, defaultMonitorSettings, todayIn } from '@gearwatch/contracts';
import type {
  BoardSetting,
  DeviceOperatorGroupListEntry,
  DeviceOperatorListEntry,
  DeviceOperatorSettings,
  OperatorDiagnosticsResponse,
} from '@gearwatch/contracts';
import { chartTexts } from '../../test/chart-texts.ts';
import { listReply } from '../../test/fake-api.ts';
import type { FakeHandler } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const DIAGNOSTICS = '/api/deviceoperators/diagnostics/multiple';
const TITLE = 'Operator work';

const operator = (id: number, firstname: string, lastname: string, group: { id: number; name: string } | null): DeviceOperatorListEntry => ({
  id,
  name: `${firstname} ${lastname}`,
  firstname,
  lastname,
  rfid: null,
  group,
});
const WAREHOUSE = { id: 1, name: 'Warehouse crew' };
const operators = [
  operator(5, 'Agnieszka', 'Dąbrowska', WAREHOUSE),
  operator(4, 'Grzegorz', 'Lewandowski', WAREHOUSE),
  operator(9, 'Joanna', 'Jankowska', null),
];
const operatorGroups: DeviceOperatorGroupListEntry[] = [
  { id: 1, name: 'Warehouse crew', operators: [{ id: 4 }, { id: 5 }] },
  { id: 3, name: 'Empty crew', operators: [] },
];

function operatorAnswer(interval: OperatorDiagnosticsResponse['data']['interval'] = 'hour'): OperatorDiagnosticsResponse {
  return {
    data: {
      interval,
      categories: ['2026-03-02 10:00', '2026-03-02 11:00'],
      data: [
        { deviceOperator: { id: 5, name: 'Agnieszka Dąbrowska' }, work: [1800.12345, null], active: [3000, 600] },
        { deviceOperator: { id: 4, name: 'Grzegorz Lewandowski' }, work: [600, 2400], active: [1200, 3600] },
      ],
    },
  };
}

const GROUP_WITHOUT_OPERATORS = { status: 400, body: { errors: { deviceOperatorsGroups: ['device-operator-group.no-device-operators'] }, rootErrors: [] } };

function board(settings: Partial<DeviceOperatorSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'device-operator', settings: { ...defaultMonitorSettings('device-operator'), ...settings } }] };
}

function savedSettings(saved: unknown[]): DeviceOperatorSettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as DeviceOperatorSettings | undefined;
}

function routes(handler: FakeHandler): Record<string, FakeHandler> {
  return {
    'GET /api/deviceoperators': () => listReply(operators),
    'GET /api/deviceoperatorgroups': () => listReply(operatorGroups),
    [`GET ${DIAGNOSTICS}`]: handler,
  };
}

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('DeviceOperatorMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<DeviceOperatorSettings>, string]>([
    ['no operator', {}, 'None of device operators were selected'],
    ['groups chosen while operators are', { byGroups: true, deviceOperators: [5] }, 'None of device operator groups were selected'],
  ])('warns about %s and asks for no data', async (_, settings, warning) => {
    const { callsTo } = await renderBoard('diagnostics', { board: board(settings), routes: routes(() => ({ body: operatorAnswer() })) });
    const frame = await screen.findByTestId('monitor-device-operator');
    expect(within(frame).getByTestId('monitor-warning').textContent).toBe(warning);
    await waitFor(() => expect(callsTo('GET', '/api/deviceoperators')).toHaveLength(1));
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(0);
  });

  it('asks for the chosen operators and draws them, named in the legend, against a seconds axis', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ deviceOperators: [5, 4], interval: 'hour' }),
      routes: routes(() => ({ body: operatorAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-device-operator');
    const chart = await within(frame).findByRole('img', { name: TITLE });
    const today = todayIn('Europe/Warsaw');
    expect(callsTo('GET', DIAGNOSTICS).map((call) => Object.fromEntries(call.query))).toEqual([
      { deviceOperators: '5,4', interval: 'hour', from: addDays(today, -1), to: today },
    ]);
    // The highest stack of work is 2400 s: the axis is in minutes.
    expect(chartTexts(chart)).toEqual(expect.arrayContaining(['Agnieszka Dąbrowska', 'Grzegorz Lewandowski', 'min', '2026-03-02 10:00']));
  });

  it('asks for the chosen groups by id when choosing groups', async () => {
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ byGroups: true, deviceOperators: [9], deviceOperatorsGroups: [1], interval: 'day' }),
      routes: routes(() => ({ body: operatorAnswer('day') })),
    });
    await waitFor(() => expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1));
    const today = todayIn('Europe/Warsaw');
    expect(Object.fromEntries(callsTo('GET', DIAGNOSTICS)[0]?.query ?? [])).toEqual({
      deviceOperatorsGroups: '1',
      interval: 'day',
      from: addDays(today, -1),
      to: today,
    });
  });

  it('switches between work and activity from the same answer, saving the choice', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ deviceOperators: [5, 4], interval: 'hour', edited: true }),
      routes: routes(() => ({ body: operatorAnswer() })),
    });
    const frame = await screen.findByTestId('monitor-device-operator');
    expect(chartTexts(await within(frame).findByRole('img', { name: TITLE }))).toContain('min');
    await user.click(within(frame).getByRole('radio', { name: 'Activity' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.parameter).toBe(2));
    // The highest stack of activity is 4800 s: the axis turns to hours.
    await waitFor(() => expect(chartTexts(within(frame).getByRole('img', { name: TITLE }))).toContain('h'));
    expect(chartTexts(within(frame).getByRole('img', { name: TITLE }))).not.toContain('min');
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
  });

  it('shows the group warning for a group without operators, keeps no error banner and draws nothing', async () => {
    await renderBoard('diagnostics', { board: board({ byGroups: true, deviceOperatorsGroups: [3] }), routes: routes(() => GROUP_WITHOUT_OPERATORS) });
    const frame = await screen.findByTestId('monitor-device-operator');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('The operator group has no operators');
    expect(within(frame).queryByTestId('monitor-error')).toBeNull();
    expect(within(frame).queryByRole('img', { name: TITLE })).toBeNull();
    expect(within(frame).queryByText('No data found')).toBeNull();
  });

  it('shows other failures as the error banner', async () => {
    await renderBoard('diagnostics', {
      board: board({ deviceOperators: [5] }),
      routes: routes(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } })),
    });
    const frame = await screen.findByTestId('monitor-device-operator');
    expect((await within(frame).findByTestId('monitor-error')).textContent).toBe('Requested item not found');
    expect(within(frame).queryByTestId('monitor-warning')).toBeNull();
  });

  it('switches the saved interval to the one the server answered, without asking again', async () => {
    const { callsTo, savedBoards } = await renderBoard('diagnostics', {
      board: board({ deviceOperators: [5, 4], interval: '5min' }),
      routes: routes(() => ({ body: operatorAnswer('hour') })),
    });
    await waitFor(() => expect(savedSettings(savedBoards())?.interval).toBe('hour'));
    const frame = screen.getByTestId('monitor-device-operator');
    expect(await within(frame).findByRole('img', { name: TITLE })).toBeTruthy();
    expect(callsTo('GET', DIAGNOSTICS)).toHaveLength(1);
    expect(callsTo('GET', DIAGNOSTICS)[0]?.query.get('interval')).toBe('5min');
  });

  it('chooses operators from the list', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', { board: board({}), routes: routes(() => ({ body: operatorAnswer() })) });
    const frame = await screen.findByTestId('monitor-device-operator');
    await user.click(within(frame).getByRole('combobox', { name: 'Operators' }));
    await user.click(await screen.findByRole('option', { name: 'Joanna Jankowska' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.deviceOperators).toEqual([9]));
  });
});
