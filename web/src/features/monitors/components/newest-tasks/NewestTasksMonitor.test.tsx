import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, NewestTasksSettings, Task } from '@gearwatch/contracts';
import { listReply } from '../../test/fake-api.ts';
import type { FakeCall } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const PATH = '/api/tasks';

function board(settings: Partial<NewestTasksSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'newest-tasks', settings: { ...defaultMonitorSettings('newest-tasks'), ...settings } }] };
}

const task = (id: number, name: string, fields: Partial<Task> = {}): Task => ({
  id,
  name,
  type: 'inspection',
  description: null,
  status: 'open',
  assignee: { id: 3, name: 'Anna Kowalska' },
  responsible: null,
  devices: [{ id: 1, name: 'Press' }],
  deadline: '2026-03-05T10:00:00+01:00',
  reminderAt: null,
  overdue: false,
  doneAt: null,
  createdAt: '2026-03-02T10:00:00+01:00',
  createdBy: null,
  ...fields,
});

const query = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('NewestTasksMonitor', { timeout: 20_000 }, () => {
  it('lists the newest open tasks the list call answers, with type, state, deadline and assignee', async () => {
    const replies = [
      task(7, 'Inspect the press'),
      task(6, 'Replace the filter', { type: 'part-replace', overdue: true, assignee: null, deadline: '2026-03-01T08:00:00+01:00' }),
    ];
    const { callsTo } = await renderBoard('dashboard', { board: board({ edited: false, count: 5 }), routes: { [`GET ${PATH}`]: () => listReply(replies) } });
    const frame = await screen.findByTestId('monitor-newest-tasks');
    const list = await within(frame).findByTestId('newest-tasks-list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-task-id'))).toEqual(['7', '6']);
    expect(items[0]?.textContent).toBe('Inspect the pressInspection · Open · due 05/03/2026, 10:00 · Anna Kowalska');
    expect(items[1]?.textContent).toContain('Overdue · due 01/03/2026, 08:00');
    expect(within(items[1]!).getByLabelText('Overdue')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Inspect the press' }).getAttribute('href')).toBe('/tasks');
    expect(query(callsTo('GET', PATH)[0])).toEqual({ page_size: '5', sort: '-createdAt', filter: '{"status":"open"}' });
  });

  it('asks for the user own tasks when chosen and saves the choice with the board', async () => {
    const { callsTo, user, savedBoards } = await renderBoard('dashboard', { board: board({}), routes: { [`GET ${PATH}`]: () => listReply([]) } });
    const frame = await screen.findByTestId('monitor-newest-tasks');
    expect((await within(frame).findByTestId('summary-empty')).textContent).toBe('No tasks yet');
    await user.click(within(frame).getByRole('combobox', { name: 'Tasks' }));
    await user.click(await screen.findByRole('option', { name: 'My tasks' }));
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(2));
    expect(query(callsTo('GET', PATH)[1])).toEqual({ page_size: '10', sort: '-createdAt', filter: '{"mine":true}' });
    expect(((savedBoards()[0] as BoardSetting).monitors[0]?.settings as NewestTasksSettings).scope).toBe('mine');
  });
});
