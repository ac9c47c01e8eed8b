import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, EfficiencySummaryResponse, EfficiencySummarySettings } from '@gearwatch/contracts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const DATA = '/api/summaries/efficiency';
const figures = { workTrend: null, activeTrend: null, activityPercentTrend: null, efficiencyPercentTrend: null };
const ANSWER: EfficiencySummaryResponse = {
  period: { from: '2026-03-25', to: '2026-03-25' },
  previous: { from: '2026-03-24', to: '2026-03-24' },
  previousUntil: null,
  elapsedSeconds: 36000,
  rows: [{ id: 1, name: 'Forklift A', work: 5400, active: 7200, activityPercent: 20, efficiencyPercent: 75, ...figures, efficiencyPercentTrend: 7.1 }],
  average: { work: 5400, active: 7200, activityPercent: 20, efficiencyPercent: 75, ...figures },
};

function board(settings: Partial<EfficiencySummarySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'efficiency-summary', settings: { ...defaultMonitorSettings('efficiency-summary'), ...settings } }] };
}
const saved = (boards: unknown[]) => (boards.at(-1) as BoardSetting | undefined)?.monitors[0]?.settings as EfficiencySummarySettings | undefined;
const headers = (frame: HTMLElement) =>
  within(within(frame).getByTestId('summary-table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('EfficiencySummaryMonitor', { timeout: 20_000 }, () => {
  it('shows every column and the average row by default', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({ devices: [1] }), routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) } });
    const frame = await screen.findByTestId('monitor-efficiency-summary');
    await within(frame).findByTestId('summary-table');
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({ devices: '1', period: 'today', sort: 'work-desc' });
    expect(headers(frame)).toEqual(['Device', 'Active time', 'Work time', 'Activity %', 'Efficiency %']);
    const row = within(frame).getByTestId('summary-row');
    expect(row.textContent).toContain('20%');
    expect(row.textContent).toContain('+7%');
    expect(within(frame).getByTestId('summary-average').textContent).toContain('Average');
  });

  it('hides the columns and the average row unchecked in its options, saving them for the user, without asking again', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('dashboard', {
      board: board({ devices: [1] }),
      routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) },
    });
    const frame = await screen.findByTestId('monitor-efficiency-summary');
    await within(frame).findByTestId('summary-table');
    const options = within(frame).getByTestId('monitor-field-options');
    await user.click(within(options).getByRole('checkbox', { name: 'Work time' }));
    await user.click(within(options).getByRole('checkbox', { name: 'Averages' }));
    await waitFor(() => expect(saved(savedBoards())).toMatchObject({ workTime: false, averages: false, activeTime: true }));
    expect(headers(frame)).toEqual(['Device', 'Active time', 'Activity %', 'Efficiency %']);
    expect(within(frame).queryByTestId('summary-average')).toBeNull();
    expect(callsTo('GET', DATA)).toHaveLength(1);
  });
});
