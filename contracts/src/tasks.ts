import { z } from 'zod';
import { filterBooleanSchema, filterChoiceSchema, filterIdSchema, listFilterSchema } from './list.ts';
import { problemSchema, validationErrorSchema } from './errors.ts';

/**
 * Tasks (issue 20, spec 02 "Tasks"): name, type, description, assignee, responsible person, devices, deadline and
 * reminder date. `GET /api/tasks` (list protocol), the server-driven form (`/api/tasks/new`, `/api/tasks/{id}/edit`),
 * `DELETE /api/tasks/{id}` and `PATCH /api/tasks/{id}/status`. The assignee, the responsible person and the devices
 * are always of the task's company.
 */
export const TASK_TYPES = ['inspection', 'maintenance', 'repair', 'part-replace', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** A task's label of a type: `task.type.<type>`. */
export const taskTypeLabelKey = (type: TaskType) => `task.type.${type}` as const;

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_LIMITS = {
  nameMaxLength: 128,
  descriptionMaxLength: 2000,
  /** The most devices one task is about. */
  maxDevices: 100,
  /** The newest-tasks widget and the device page show at most this many. */
  newestMax: 50,
} as const;

/** Message keys of the task rules (field errors of the form). */
export const TASK_MESSAGE_KEYS = {
  /** The reminder date is after the deadline: the reminder would come when the task is already overdue. */
  reminderAfterDeadline: 'task.error.reminder-after-deadline',
} as const;

/** The form's field labels (also in FORM_TEXT_KEYS.task). */
export const TASK_FIELD_LABELS = {
  name: 'task.field.name',
  type: 'task.field.type',
  description: 'task.field.description',
  assignee: 'task.field.assignee',
  responsible: 'task.field.responsible',
  devices: 'task.field.devices',
  deadline: 'task.field.deadline',
  reminderAt: 'task.field.reminder-at',
} as const;

/**
 * `GET /api/tasks` sort fields (default `deadline`, tasks without one last, then the newest first by id).
 */
export const TASK_SORT_FIELDS = ['id', 'name', 'type', 'status', 'deadline', 'reminderAt', 'createdAt'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/**
 * `GET /api/tasks` filter: `mine` (the caller is the assignee or the responsible person), `overdue` (the deadline has
 * passed and the task is not done), `device` (one of the task's devices), `status`, `type`, `assignee`.
 */
export const taskListFilterSchema = listFilterSchema({
  mine: filterBooleanSchema,
  overdue: filterBooleanSchema,
  device: filterIdSchema,
  status: filterChoiceSchema(TASK_STATUSES),
  type: filterChoiceSchema(TASK_TYPES),
  assignee: filterIdSchema,
});
export type TaskListFilter = z.output<typeof taskListFilterSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const taskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TASK_TYPES),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  assignee: named.nullable(),
  responsible: named.nullable(),
  devices: z.array(named),
  /** ISO instants. */
  deadline: z.string().nullable(),
  reminderAt: z.string().nullable(),
  /** The deadline has passed and the task is not done (at the time of the answer). */
  overdue: z.boolean(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: named.nullable(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.object({ entries: z.array(taskSchema) });

/** `PATCH /api/tasks/{id}/status`: open or done. */
export const taskStatusInputSchema = z.object({ status: z.enum(TASK_STATUSES) });
export type TaskStatusInput = z.infer<typeof taskStatusInputSchema>;

/** The reminders a task sends (notification and mail): at the reminder date, and when the deadline passes undone. */
export const TASK_REMINDER_KINDS = ['reminder', 'overdue'] as const;
export type TaskReminderKind = (typeof TASK_REMINDER_KINDS)[number];

/**
 * Query parameters of the tasks screen that open the new-task form prefilled (the alert page's "create a task"):
 * `/tasks?new=1&device=5&name=...&type=part-replace`.
 */
export const TASK_PREFILL_PARAMS = { open: 'new', device: 'device', name: 'name', type: 'type' } as const;

export const TASK_RESPONSES = {
  list: { 200: taskListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
  get: { 200: taskSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  delete: { 200: z.object({}), 400: validationErrorSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema },
  status: { 200: taskSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
} as const;

/** The newest-tasks dashboard widget: this many tasks at most (default NEWEST_TASKS_DEFAULT_COUNT), newest first. */
export const NEWEST_TASKS_MAX_COUNT = 50;
export const NEWEST_TASKS_DEFAULT_COUNT = 10;
/** Which tasks the widget lists: every task of the company, only the caller's (assignee or responsible), only open ones. */
export const NEWEST_TASKS_SCOPES = ['all', 'mine', 'open'] as const;
export type NewestTasksScope = (typeof NEWEST_TASKS_SCOPES)[number];
