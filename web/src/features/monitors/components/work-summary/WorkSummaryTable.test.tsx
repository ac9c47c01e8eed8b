import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, MonitorSettings, WorkSummaryResponse } from '@gearwatch/contracts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';
import type { WorkSummaryKind } from './WorkSummaryTable.tsx';

const ANSWER: WorkSummaryResponse = {
  period: { from: '2026-03-23', to: '2026-03-25' },
  previous: { from: '2026-03-16', to: '2026-03-18' },
  previousUntil: null,
  rows: [
    { id: 1, name: 'Forklift A', work: 7200, active: 10800, workTrend: 12.5, activeTrend: -4 },
    { id: 2, name: 'Forklift B', work: 1800, active: 3600, workTrend: null, activeTrend: 0 },
  ],
  total: { work: 9000, active: 14400, workTrend: 3.2, activeTrend: null },
};

/** What differs per kind: the call, how rows are chosen, and the columns in their order. */
const KINDS = {
  'activity-summary': {
    path: '/api/summaries/activity',
    chosen: { devices: [1, 2] },
    query: { devices: '1,2' },
    grouped: { byGroups: true, deviceGroups: [11] },
    groupedQuery: { groups: '11' },
    headers: ['Device', 'Active time', 'Work time'],
    groupHeader: 'Device group',
    firstRowTrends: [
      ['down', '−4%'],
      ['up', '+13%'],
    ],
    warning: 'None of devices were selected',
  },
  'operator-summary': {
    path: '/api/summaries/operators',
    chosen: { deviceOperators: [1, 2] },
    query: { deviceOperators: '1,2' },
    grouped: { byGroups: true, deviceOperatorsGroups: [5] },
    groupedQuery: { deviceOperatorsGroups: '5' },
    headers: ['Operator', 'Work time', 'Active time'],
    groupHeader: 'Operator group',
    firstRowTrends: [
      ['up', '+13%'],
      ['down', '−4%'],
    ],
    warning: null,
  },
} as const;

function board<K extends WorkSummaryKind>(kind: K, settings: Partial<MonitorSettings<K>> | object): BoardSetting {
  return { monitors: [{ id: 'm1', kind, settings: { ...defaultMonitorSettings(kind), ...settings } } as unknown as BoardSetting['monitors'][number]] };
}
const saved = (boards: unknown[]) => (boards.at(-1) as BoardSetting | undefined)?.monitors[0]?.settings as { period?: string; sort?: string } | undefined;

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe.each(Object.entries(KINDS) as [WorkSummaryKind, (typeof KINDS)[WorkSummaryKind]][])('WorkSummaryTable as %s', (kind, the) => {
  const routes = { [`GET ${the.path}`]: () => ({ body: ANSWER }) };

  it('warns without a choice and asks for nothing', { timeout: 20_000 }, async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board(kind, {}), routes });
    const frame = await screen.findByTestId(`monitor-${kind}`);
    const warning = await within(frame).findByTestId('monitor-warning');
    if (the.warning) expect(warning.textContent).toBe(the.warning);
    expect(callsTo('GET', the.path)).toHaveLength(0);
  });

  it('asks for the choice, period and order, and shows its columns, each row with its trends and the total', { timeout: 20_000 }, async () => {
    const { callsTo } = await renderBoard('dashboard', {
      board: board(kind, { ...the.chosen, period: 'this-week', sort: 'active-asc', edited: false }),
      routes,
    });
    const frame = await screen.findByTestId(`monitor-${kind}`);
    const rows = await within(frame).findAllByTestId('summary-row');
    expect(Object.fromEntries(callsTo('GET', the.path)[0]?.query ?? [])).toEqual({ ...the.query, period: 'this-week', sort: 'active-asc' });
    expect(
      within(frame)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(the.headers);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Forklift A', 'Forklift B']);
    expect(rows[0]!.textContent).toContain('3:00');
    expect(
      within(rows[0]!)
        .getAllByTestId('trend-percentage')
        .map((t) => [t.dataset.direction, t.textContent]),
    ).toEqual(the.firstRowTrends);
    expect(
      within(rows[1]!)
        .getAllByTestId('trend-percentage')
        .map((t) => t.dataset.direction)
        .sort(),
    ).toEqual(['flat', 'none']);
    const total = within(frame).getByTestId('summary-total');
    expect(total.textContent).toContain('Total');
    expect(total.textContent).toContain('4:00');
    expect(within(frame).getByTestId('summary-period').textContent).toBe('23/03/2026 – 25/03/2026, compared with 16/03/2026 – 18/03/2026');
  });

  it('names the time the previous period is cut at while this one runs', { timeout: 20_000 }, async () => {
    const running = { ...ANSWER, period: { from: '2026-03-25', to: '2026-03-25' }, previous: { from: '2026-03-24', to: '2026-03-24' }, previousUntil: '08:05' };
    await renderBoard('dashboard', { board: board(kind, the.chosen), routes: { [`GET ${the.path}`]: () => ({ body: running }) } });
    const frame = await screen.findByTestId(`monitor-${kind}`);
    expect((await within(frame).findByTestId('summary-period')).textContent).toBe('25/03/2026, compared with 24/03/2026 until 08:05');
  });

  it('says there is no data for an answer without rows, with no table', { timeout: 20_000 }, async () => {
    const empty = { ...ANSWER, rows: [] };
    await renderBoard('dashboard', { board: board(kind, the.chosen), routes: { [`GET ${the.path}`]: () => ({ body: empty }) } });
    const frame = await screen.findByTestId(`monitor-${kind}`);
    expect((await within(frame).findByTestId('summary-empty')).textContent).not.toBe('');
    expect(within(frame).queryByTestId('summary-row')).toBeNull();
  });

  it('saves the period and the order for the user and asks again by groups, named as groups', { timeout: 20_000 }, async () => {
    const { user, callsTo, savedBoards } = await renderBoard('dashboard', { board: board(kind, the.grouped), routes });
    const frame = await screen.findByTestId(`monitor-${kind}`);
    await waitFor(() => expect(callsTo('GET', the.path)).toHaveLength(1));
    expect((await within(frame).findAllByRole('columnheader'))[0]?.textContent).toBe(the.groupHeader);
    await user.click(within(within(frame).getByTestId('monitor-field-period')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'This month' }));
    await waitFor(() => expect(saved(savedBoards())?.period).toBe('this-month'));
    await user.click(within(within(frame).getByTestId('monitor-field-sort')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Work time, ascending' }));
    await waitFor(() => expect(saved(savedBoards())?.sort).toBe('work-asc'));
    await waitFor(() =>
      expect(Object.fromEntries(callsTo('GET', the.path).at(-1)?.query ?? [])).toEqual({ ...the.groupedQuery, period: 'this-month', sort: 'work-asc' }),
    );
  });
});

describe('WorkSummaryTable guide', () => {
  it('opens the guide of its kind from the title bar', { timeout: 20_000 }, async () => {
    const { user } = await renderBoard('dashboard', {
      board: board('activity-summary', { devices: [1] }),
      routes: { 'GET /api/summaries/activity': () => ({ body: ANSWER }) },
    });
    const frame = await screen.findByTestId('monitor-activity-summary');
    await user.click(within(frame).getByTestId('monitor-action-guide'));
    const guide = await screen.findByTestId('monitor-guide');
    expect(within(guide).getByText('Activity summary')).toBeTruthy();
    expect(guide.textContent).toContain('previous equal period');
  });
});
