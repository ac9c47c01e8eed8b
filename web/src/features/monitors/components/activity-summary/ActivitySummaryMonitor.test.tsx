import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { ActivitySummarySettings, BoardSetting, WorkSummaryResponse } from '@gearwatch/contracts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const DATA = '/api/summaries/activity';
const ANSWER: WorkSummaryResponse = {
  period: { from: '2026-03-23', to: '2026-03-25' },
  previous: { from: '2026-03-16', to: '2026-03-18' },
  rows: [
    { id: 1, name: 'Forklift A', work: 7200, active: 10800, workTrend: 12.5, activeTrend: -4 },
    { id: 2, name: 'Forklift B', work: 1800, active: 3600, workTrend: null, activeTrend: 0 },
  ],
  total: { work: 9000, active: 14400, workTrend: 3.2, activeTrend: null },
};

function board(settings: Partial<ActivitySummarySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'activity-summary', settings: { ...defaultMonitorSettings('activity-summary'), ...settings } }] };
}
const saved = (boards: unknown[]) => (boards.at(-1) as BoardSetting | undefined)?.monitors[0]?.settings as ActivitySummarySettings | undefined;

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('ActivitySummaryMonitor', { timeout: 20_000 }, () => {
  it('warns without a device and asks for nothing', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({}), routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) } });
    const frame = await screen.findByTestId('monitor-activity-summary');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe('None of devices were selected'));
    expect(callsTo('GET', DATA)).toHaveLength(0);
  });

  it('asks for the devices, period and order, and shows each row with its trends and the total', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({ devices: [1, 2], period: 'this-week', sort: 'active-asc', edited: false }), routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) } });
    const frame = await screen.findByTestId('monitor-activity-summary');
    const rows = await within(frame).findAllByTestId('summary-row');
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({ devices: '1,2', period: 'this-week', sort: 'active-asc' });
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Forklift A', 'Forklift B']);
    expect(rows[0]!.textContent).toContain('3:00');
    const trends = within(rows[0]!).getAllByTestId('trend-percentage');
    expect(trends.map((t) => [t.dataset.direction, t.textContent])).toEqual([
      ['down', '−4%'],
      ['up', '+13%'],
    ]);
    expect(within(rows[1]!).getAllByTestId('trend-percentage').map((t) => t.dataset.direction)).toEqual(['flat', 'none']);
    const total = within(frame).getByTestId('summary-total');
    expect(total.textContent).toContain('Total');
    expect(total.textContent).toContain('4:00');
    expect(within(frame).getByTestId('summary-period').textContent).toBe('23/03/2026 – 25/03/2026, compared with 16/03/2026 – 18/03/2026');
  });

  it('saves the period and the order for the user and asks again by groups', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('dashboard', { board: board({ byGroups: true, deviceGroups: [11] }), routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) } });
    const frame = await screen.findByTestId('monitor-activity-summary');
    await waitFor(() => expect(callsTo('GET', DATA)).toHaveLength(1));
    await user.click(within(within(frame).getByTestId('monitor-field-period')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'This month' }));
    await waitFor(() => expect(saved(savedBoards())?.period).toBe('this-month'));
    await user.click(within(within(frame).getByTestId('monitor-field-sort')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Work time, ascending' }));
    await waitFor(() => expect(saved(savedBoards())?.sort).toBe('work-asc'));
    await waitFor(() => expect(Object.fromEntries(callsTo('GET', DATA).at(-1)?.query ?? [])).toEqual({ groups: '11', period: 'this-month', sort: 'work-asc' }));
  });

  it('opens its guide from the title bar', async () => {
    const { user } = await renderBoard('dashboard', { board: board({ devices: [1] }), routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) } });
    const frame = await screen.findByTestId('monitor-activity-summary');
    await user.click(within(frame).getByTestId('monitor-action-guide'));
    const guide = await screen.findByTestId('monitor-guide');
    expect(within(guide).getByText('Activity summary')).toBeTruthy();
    expect(guide.textContent).toContain('previous equal period');
  });
});
