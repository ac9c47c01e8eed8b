import type { DemoTasksSeedRepository } from './demo-tasks-repository.ts';
import { DEMO_FACTORY } from './demo-data.ts';

const DAY = 86_400_000;

export interface DemoTaskNames {
  companyId: (name: string) => number;
  deviceId: (companyId: number, name: string) => number;
  userId: (username: string) => number;
}

/**
 * The demo company's tasks (issue 20): an inspection due this week with its reminder ahead, a repair already past
 * its deadline, and a done maintenance, so the tasks screen, its filters and the device page have something to show.
 */
export async function seedDemoTasks(repo: DemoTasksSeedRepository, names: DemoTaskNames, now = Date.now()): Promise<void> {
  const companyId = names.companyId(DEMO_FACTORY);
  const demo = names.userId('demo');
  const device = (name: string) => names.deviceId(companyId, name);
  await repo.insert(
    [
      {
        companyId,
        name: 'Yearly inspection of the press brake',
        type: 'inspection',
        description: 'Hydraulics, guards and the emergency stop, with the service report.',
        assigneeId: demo,
        responsibleId: demo,
        deadline: new Date(now + 3 * DAY),
        reminderAt: new Date(now + 2 * DAY),
        done: false,
        deviceIds: [device('Press Brake 7')],
      },
      {
        companyId,
        name: 'Replace the spindle belt',
        type: 'repair',
        description: 'The belt of CNC Lathe 2 slips under load.',
        assigneeId: demo,
        responsibleId: demo,
        deadline: new Date(now - 2 * DAY),
        reminderAt: null,
        done: false,
        deviceIds: [device('CNC Lathe 2')],
      },
      {
        companyId,
        name: 'Coolant change',
        type: 'maintenance',
        description: 'Coolant of both lathes changed and the filters cleaned.',
        assigneeId: demo,
        responsibleId: demo,
        deadline: new Date(now - 5 * DAY),
        reminderAt: null,
        done: true,
        deviceIds: [device('CNC Lathe 1'), device('CNC Lathe 2')],
      },
    ],
    new Date(now),
  );
}
