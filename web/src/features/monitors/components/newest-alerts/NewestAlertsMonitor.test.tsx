import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { AlertRow, BoardSetting, NewestAlertsSettings } from '@gearwatch/contracts';
import { listReply } from '../../test/fake-api.ts';
import type { FakeCall } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const PATH = '/api/alerts';

function board(settings: Partial<NewestAlertsSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'newest-alerts', settings: { ...defaultMonitorSettings('newest-alerts'), ...settings } }] };
}

const alert = (id: number, device: string, importance: AlertRow['importance']): AlertRow => ({
  id,
  source: 'rule',
  createdAt: '2026-03-02T10:00:00+01:00',
  lastAt: '2026-03-02T10:00:00+01:00',
  endedAt: null,
  confirmedAt: null,
  counter: 1,
  importance,
  status: 'active',
  device: { id, name: device },
  rule: { id: 5, name: 'Too hot', type: 'value', archived: false, summary: { condition: null, parameter: null } },
  message: { key: 'alert.message.lastsync', params: { minutes: 30, lastContact: '09:30' } },
  description: null,
});

const query = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('NewestAlertsMonitor', { timeout: 20_000 }, () => {
  it('lists the newest alerts the list call answers, as many as the setting asks', async () => {
    const { callsTo } = await renderBoard('dashboard', {
      board: board({ edited: false, count: 5 }),
      routes: { [`GET ${PATH}`]: () => listReply([alert(1, 'Forklift A', 'error'), alert(2, 'Press', 'info')]) },
    });
    const frame = await screen.findByTestId('monitor-newest-alerts');
    const list = await within(frame).findByTestId('newest-alerts-list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-alert-id'))).toEqual(['1', '2']);
    expect(items[0]?.textContent).toContain('Forklift A: No contact from the module for 30 min (last contact 09:30)');
    expect(items[0]?.textContent).toContain('Active · Too hot');
    expect(within(items[0]!).getByLabelText('Critical')).toBeTruthy();
    expect(query(callsTo('GET', PATH)[0])).toEqual({ page_size: '5', sort: '-createdAt' });
  });

  it('filters by the chosen importance and saves it with the board', async () => {
    const { callsTo, user, savedBoards } = await renderBoard('dashboard', { board: board({}), routes: { [`GET ${PATH}`]: () => listReply([]) } });
    const frame = await screen.findByTestId('monitor-newest-alerts');
    expect((await within(frame).findByTestId('summary-empty')).textContent).toBe('No alerts yet');
    await user.click(within(frame).getByRole('combobox', { name: 'Importance' }));
    await user.click(await screen.findByRole('option', { name: 'Warning' }));
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(2));
    expect(query(callsTo('GET', PATH)[1])).toEqual({ page_size: '10', sort: '-createdAt', filter: '{"importance":"warning"}' });
    expect(((savedBoards()[0] as BoardSetting).monitors[0]?.settings as NewestAlertsSettings).importance).toBe('warning');
  });
});
