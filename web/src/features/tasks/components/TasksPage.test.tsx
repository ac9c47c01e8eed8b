import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Device, Task } from '@gearwatch/contracts';
import type { FakeCall } from '../../../components/forms/test/fake-api.ts';
import { field } from '../../../components/forms/test/fields.ts';
import { renderPages } from '../../../components/forms/test/render.tsx';
import { listReply, pagedReply } from '../../../components/forms/test/replies.ts';
import { DeviceTasksSection } from './DeviceTasksSection.tsx';
import { TasksPage, prefillOf } from './TasksPage.tsx';

const person = (id: number, name: string) => ({ id, name });
const task = (over: Partial<Task>): Task => ({
  id: 1,
  name: 'Inspect press',
  type: 'inspection',
  description: null,
  status: 'open',
  assignee: person(7, 'Anna Kowalska'),
  responsible: person(8, 'Jan Nowak'),
  devices: [person(3, 'Press')],
  deadline: '2026-11-27T09:00:00.000Z',
  reminderAt: null,
  overdue: false,
  doneAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: null,
  ...over,
});
const tasks = [
  task({}),
  task({ id: 2, name: 'Replace filter', type: 'part-replace', overdue: true, assignee: null, devices: [], deadline: '2026-11-20T09:00:00.000Z' }),
];

const taskForm = {
  data: { name: null, type: 'inspection', description: null, assignee: 7, responsible: 7, devices: [], deadline: null, reminderAt: null },
  schema: {
    name: field('text', 'task.field.name', { required: true }),
    type: field('choice', 'task.field.type', { required: true }),
    description: field('textarea', 'task.field.description'),
    assignee: field('entity', 'task.field.assignee'),
    responsible: field('entity', 'task.field.responsible'),
    devices: field('entity', 'task.field.devices', { multiple: true }),
    deadline: field('datetime', 'task.field.deadline'),
    reminderAt: field('datetime', 'task.field.reminder-at'),
  },
  choices: {
    type: [
      { value: 'inspection', label: 'task.type.inspection', translate: true },
      { value: 'part-replace', label: 'task.type.part-replace', translate: true },
    ],
    assignee: [{ value: 7, label: 'Anna Kowalska' }],
    responsible: [{ value: 7, label: 'Anna Kowalska' }],
    devices: [
      { value: 3, label: 'Press' },
      { value: 4, label: 'Lathe' },
    ],
  },
  token: 't',
};

const pressDevice: Device = {
  id: 3,
  name: 'Press',
  description: null,
  status: 'operational',
  powerState: 'on',
  company: { id: 1, name: 'Demo Factory' },
  deviceType: { id: 200, name: 'Press', parameters: [] },
  groups: [],
  sensors: [],
};

const filterOf = (call: FakeCall) => JSON.parse(call.query.get('filter') ?? '{}') as Record<string, unknown>;
const api = {
  'GET /api/tasks': (call: FakeCall) => {
    const filter = filterOf(call);
    return pagedReply(
      tasks.filter((t) => (filter.overdue !== true || t.overdue) && (filter.device === undefined || t.devices.some((d) => d.id === filter.device))),
      call,
    );
  },
  'GET /api/devices': () => listReply([pressDevice]),
  'GET /api/tasks/new': () => ({ body: taskForm }),
  'PATCH /api/tasks/1/status': (call: FakeCall) => ({ body: task({ status: (call.json as { status: 'done' }).status, doneAt: '2026-11-26T10:00:00.000Z' }) }),
};
const rows = () =>
  [...document.querySelectorAll('[data-testid="entity-list-tasks"] tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 7).map((cell) => cell.textContent),
  );
const routes = [
  { path: '/tasks', element: <TasksPage /> },
  { path: '/device/:id', element: <DeviceTasksSection deviceId={3} /> },
];

describe('TasksPage', { timeout: 20_000 }, () => {
  it('lists the tasks with type, status (overdue marked), people, devices and deadline in the company zone', async () => {
    await renderPages(routes, '/tasks', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Inspect press', 'Inspection', 'Open', 'Anna Kowalska', 'Jan Nowak', 'Press', '27/11/2026, 10:00'],
      ['Replace filter', 'Part replacement', 'Overdue', '—', 'Jan Nowak', '—', '20/11/2026, 10:00'],
    ]);
  });

  it('filters overdue and mine and by device', async () => {
    const { user, callsTo } = await renderPages(routes, '/tasks', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('switch', { name: 'Overdue' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(filterOf(callsTo('GET', '/api/tasks').at(-1) as FakeCall)).toEqual({ overdue: true });
    await user.click(screen.getByRole('switch', { name: 'Mine' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/tasks').at(-1) as FakeCall)).toEqual({ mine: true, overdue: true }));
    await user.click(screen.getByRole('combobox', { name: 'Device' }));
    await user.click(await screen.findByRole('option', { name: 'Press' }));
    await waitFor(() => expect(filterOf(callsTo('GET', '/api/tasks').at(-1) as FakeCall)).toEqual({ mine: true, overdue: true, device: 3 }));
  });

  it('marks a task done', async () => {
    const { user, callsTo } = await renderPages(routes, '/tasks', api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Mark done' })[0] as HTMLElement);
    await waitFor(() => expect(callsTo('PATCH', '/api/tasks/1/status')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/tasks/1/status')[0]?.json).toEqual({ status: 'done' });
    expect(await screen.findByText('The task is done')).toBeTruthy();
  });

  it('opens the new-task form prefilled from the link of an alert', async () => {
    await renderPages(routes, '/tasks?new=1&device=3&name=Replace%20brake%20pads&type=part-replace', api);
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    expect(await within(dialog).findByDisplayValue('Replace brake pads')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).textContent).toContain('Part replacement');
    expect(within(dialog).getByText('Press')).toBeTruthy();
  });

  it('reads the prefill link and ignores what it cannot use', () => {
    expect(prefillOf(new URLSearchParams('device=3'))).toBeNull();
    expect(prefillOf(new URLSearchParams('new=1&device=x&type=nonsense&name=%20'))).toEqual({});
    expect(prefillOf(new URLSearchParams('new=1&device=5&type=repair&name=Fix'))).toEqual({ devices: [5], type: 'repair', name: 'Fix' });
  });
});

describe('DeviceTasksSection', { timeout: 20_000 }, () => {
  it('lists the tasks of the device and adds one with the device chosen', async () => {
    const { user, callsTo } = await renderPages(routes, '/device/3', api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(filterOf(callsTo('GET', '/api/tasks')[0] as FakeCall)).toEqual({ device: 3 });
    await user.click(screen.getByTestId('device-task-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(within(dialog).getByText('Press')).toBeTruthy();
  });
});
