import { TASK_RESPONSES, TASK_SORT_FIELDS, taskListFilterSchema, taskStatusInputSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { idParams } from '../http/params.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { TasksService } from './service.ts';
import { TASK_RESOURCE } from './service.ts';

export function tasksRoutes(app: App, tasks: TasksService, tokens: FormTokens): void {
  registerResourceRoutes(app, {
    resource: TASK_RESOURCE,
    tag: 'tasks',
    list: {
      summary:
        "Tasks of the caller's company (every company for a super-admin); search on name and description; filter {mine, overdue, device, status, type, assignee}; sort id, name, type, status, deadline, reminderAt, createdAt (tasks without a date last)",
      sortable: TASK_SORT_FIELDS,
      filter: taskListFilterSchema,
      defaultSort: [{ field: 'deadline', direction: 'asc' }],
      response: TASK_RESPONSES.list,
      load: (auth, list) => tasks.list(auth, list),
    },
    get: { summary: 'One task with its people and devices', response: TASK_RESPONSES.get, load: (auth, id) => tasks.get(auth, id) },
    form: tasks,
    tokens,
    remove: { summary: 'Delete a task (its reminders go with it)', remove: (auth, id) => tasks.delete(auth, id), unblock: {} },
  });
  app.patch(
    `/api/${TASK_RESOURCE}/:id/status`,
    { schema: { tags: ['tasks'], summary: 'Mark a task done or open again', params: idParams, body: taskStatusInputSchema, response: TASK_RESPONSES.status } },
    (request) => tasks.setStatus(request.auth, request.params.id, request.body.status),
  );
}
