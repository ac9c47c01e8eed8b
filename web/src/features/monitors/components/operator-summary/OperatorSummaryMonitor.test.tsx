import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, OperatorSummarySettings, WorkSummaryResponse } from '@gearwatch/contracts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const DATA = '/api/summaries/operators';
const ANSWER: WorkSummaryResponse = {
  period: { from: '2026-03-01', to: '2026-03-25' },
  previous: { from: '2026-02-01', to: '2026-02-25' },
  rows: [{ id: 5, name: 'Crew', work: 3600, active: 5400, workTrend: -20, activeTrend: 10 }],
  total: { work: 3600, active: 5400, workTrend: -20, activeTrend: 10 },
};

function board(settings: Partial<OperatorSummarySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'operator-summary', settings: { ...defaultMonitorSettings('operator-summary'), ...settings } }] };
}

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('OperatorSummaryMonitor', { timeout: 20_000 }, () => {
  it('warns without an operator group and asks for nothing', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({ byGroups: true }), routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) } });
    const frame = await screen.findByTestId('monitor-operator-summary');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning')).toBeTruthy());
    expect(callsTo('GET', DATA)).toHaveLength(0);
  });

  it('asks for the operator groups and shows one row per group with its trends and the total', async () => {
    const { callsTo } = await renderBoard('dashboard', {
      board: board({ byGroups: true, deviceOperatorsGroups: [5], period: 'this-month', sort: 'active-desc' }),
      routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) },
    });
    const frame = await screen.findByTestId('monitor-operator-summary');
    const [row] = await within(frame).findAllByTestId('summary-row');
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({ deviceOperatorsGroups: '5', period: 'this-month', sort: 'active-desc' });
    expect(within(frame).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Operator group', 'Work time', 'Active time']);
    expect(within(row!).getAllByTestId('trend-percentage').map((t) => [t.dataset.direction, t.textContent])).toEqual([
      ['down', '−20%'],
      ['up', '+10%'],
    ]);
    expect(within(frame).getByTestId('summary-total').textContent).toContain('1:00');
  });
});
