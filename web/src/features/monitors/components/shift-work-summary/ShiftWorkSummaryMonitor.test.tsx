import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, ShiftWorkSummaryResponse, ShiftWorkSummarySettings } from '@gearwatch/contracts';
import { listReply } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const DATA = '/api/summaries/shift-work';
const trends = { workTrend: null, activeTrend: null, counterTrend: null };
const ANSWER: ShiftWorkSummaryResponse = {
  period: { from: '2026-03-24', to: '2026-03-24' },
  previous: { from: '2026-03-23', to: '2026-03-23' },
  previousUntil: null,
  shifts: [
    { position: 0, name: 'Morning', hourStart: 6, hourEnd: 14, work: 3600, active: 7200, counter: 12345, ...trends, counterTrend: 50 },
    { position: 1, name: 'Night', hourStart: 22, hourEnd: 6, work: 1800, active: 1800, counter: 0, ...trends },
  ],
  total: { work: 5400, active: 9000, counter: 12345, ...trends },
};

function board(settings: Partial<ShiftWorkSummarySettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'shift-work-summary', settings: { ...defaultMonitorSettings('shift-work-summary'), ...settings } }] };
}
const saved = (boards: unknown[]) => (boards.at(-1) as BoardSetting | undefined)?.monitors[0]?.settings as ShiftWorkSummarySettings | undefined;

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('ShiftWorkSummaryMonitor', { timeout: 20_000 }, () => {
  it('warns when the company has no shifts and asks for nothing', async () => {
    const { callsTo } = await renderBoard('dashboard', {
      board: board({ devices: [1] }),
      routes: { 'GET /api/user/production_shifts': () => listReply([]), [`GET ${DATA}`]: () => ({ body: ANSWER }) },
    });
    const frame = await screen.findByTestId('monitor-shift-work-summary');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe('No shifts defined');
    expect(callsTo('GET', DATA)).toHaveLength(0);
  });

  it('shows each shift with its hours, sums and trends, the total, and saves the period', async () => {
    const { user, callsTo, savedBoards } = await renderBoard('dashboard', {
      board: board({ devices: [1, 2] }),
      routes: { [`GET ${DATA}`]: () => ({ body: ANSWER }) },
    });
    const frame = await screen.findByTestId('monitor-shift-work-summary');
    const rows = await within(frame).findAllByTestId('summary-row');
    expect(Object.fromEntries(callsTo('GET', DATA)[0]?.query ?? [])).toEqual({ devices: '1,2', period: 'today' });
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Morning (06:00–14:00)', 'Night (22:00–06:00)']);
    expect(rows[0]!.textContent).toContain('+50%');
    // Counts grouped as the production screens write them.
    expect(within(rows[0]!).getAllByRole('cell')[3]?.textContent).toContain('12,345');
    expect(within(frame).getByTestId('summary-total').textContent).toContain('1:30');
    await user.click(within(within(frame).getByTestId('monitor-field-period')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Yesterday' }));
    await waitFor(() => expect(saved(savedBoards())?.period).toBe('yesterday'));
    await waitFor(() => expect(Object.fromEntries(callsTo('GET', DATA).at(-1)?.query ?? [])).toEqual({ devices: '1,2', period: 'yesterday' }));
  });
});
