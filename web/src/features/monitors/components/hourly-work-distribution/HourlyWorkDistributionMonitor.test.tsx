import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, HourlyWorkDistributionSettings, HourlyWorkResponse } from '@gearwatch/contracts';
import type { FakeCall } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const PATH = '/api/summaries/hourly-work';

function board(settings: Partial<HourlyWorkDistributionSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'hourly-work-distribution', settings: { ...defaultMonitorSettings('hourly-work-distribution'), ...settings } }] };
}

const answer = (intervalHours: number): HourlyWorkResponse => ({
  period: { from: '2026-03-02T00:00:00+01:00', to: '2026-03-02T12:00:00+01:00' },
  intervalHours,
  deviceCount: 2,
  buckets: Array.from({ length: 24 / intervalHours }, (_, i) => ({
    fromHour: i * intervalHours,
    toHour: (i + 1) * intervalHours,
    work: i === 1 ? 7200 : i * 60,
  })),
});
const query = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);
const routes = { [`GET ${PATH}`]: (call: FakeCall) => ({ body: answer(Number(call.query.get('intervalHours'))) }) };

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('HourlyWorkDistributionMonitor', { timeout: 20_000 }, () => {
  it('warns without devices and asks for nothing', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({}), routes });
    const frame = await screen.findByTestId('monitor-hourly-work-distribution');
    await waitFor(() => expect(within(frame).getByTestId('monitor-warning').textContent).toBe('None of devices were selected'));
    expect(callsTo('GET', PATH)).toHaveLength(0);
  });

  it('shows the work of each interval of the day for the chosen devices, period and interval size', async () => {
    const { callsTo } = await renderBoard('dashboard', { board: board({ edited: false, devices: [1, 2], period: 'this-month', intervalHours: 6 }), routes });
    const frame = await screen.findByTestId('monitor-hourly-work-distribution');
    await waitFor(() => expect(within(frame).getAllByTestId('hourly-work-bucket')).toHaveLength(4));
    expect(query(callsTo('GET', PATH)[0])).toEqual({ devices: '1,2', period: 'this-month', intervalHours: '6' });
    expect(
      within(frame)
        .getAllByTestId('hourly-work-bucket')
        .map((li) => li.textContent),
    ).toEqual(['00:00–06:000:00', '06:00–12:002:00', '12:00–18:000:02', '18:00–24:000:03']);
  });

  it('asks again and saves when the interval size changes', async () => {
    const { callsTo, user, savedBoards } = await renderBoard('dashboard', { board: board({ devices: [1] }), routes });
    const frame = await screen.findByTestId('monitor-hourly-work-distribution');
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(1));
    await user.click(within(frame).getByRole('combobox', { name: 'Interval size' }));
    await user.click(await screen.findByRole('option', { name: '3 h' }));
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(2));
    expect(query(callsTo('GET', PATH)[1])).toMatchObject({ intervalHours: '3' });
    expect(((savedBoards()[0] as BoardSetting).monitors[0]?.settings as HourlyWorkDistributionSettings).intervalHours).toBe(3);
    await waitFor(() => expect(within(frame).getAllByTestId('hourly-work-bucket')).toHaveLength(8));
  });
});
