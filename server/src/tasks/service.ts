import type { Choice, FormValue, Task, TaskListFilter, TaskSortField, TaskStatus, TaskType } from '@gearwatch/contracts';
import { MESSAGE_KEYS, TASK_FIELD_LABELS, TASK_LIMITS, TASK_MESSAGE_KEYS, TASK_TYPES, taskTypeLabelKey } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { companyChoicesFor, companyField, companyToCheck, linkCompany, linkLabel, newRowCompany } from '../forms/company-scope.ts';
import { idValue, idValues, textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { LinkableRow, TaskDeviceRow, TaskRow, TaskWrite, TasksRepository } from './repository.ts';

/** The resource name of the task form (its token is bound to it) and the path segment of `/api/tasks`. */
export const TASK_RESOURCE = 'tasks';

/**
 * The task form (spec 02 "Tasks"). A super-admin first picks the company of a new task; the people and devices are
 * chosen among that company's. Deadline and reminder are instants (the client shows them in its local time).
 */
export function taskFields(auth: AuthContext, id: number | null): FormFields {
  return {
    ...companyField(auth, id, 'task.field.company'),
    name: field('text', TASK_FIELD_LABELS.name, { required: true, maxLength: TASK_LIMITS.nameMaxLength }),
    type: field('choice', TASK_FIELD_LABELS.type, { required: true }),
    description: field('textarea', TASK_FIELD_LABELS.description, { maxLength: TASK_LIMITS.descriptionMaxLength }),
    assignee: field('entity', TASK_FIELD_LABELS.assignee, { icon: 'person' }),
    responsible: field('entity', TASK_FIELD_LABELS.responsible, { icon: 'person' }),
    devices: field('entity', TASK_FIELD_LABELS.devices, { multiple: true, icon: 'device', maxItems: TASK_LIMITS.maxDevices }),
    deadline: field('datetime', TASK_FIELD_LABELS.deadline, { icon: 'date' }),
    reminderAt: field('datetime', TASK_FIELD_LABELS.reminderAt, { icon: 'date' }),
  };
}

export interface TasksServiceOptions {
  /** The current time (tests move it). */
  now?: () => Date;
}

/**
 * Tasks: the list with its filters, one task, the form (create and update, each in one transaction with the task
 * locked), the status and delete. Every link (assignee, responsible person, devices) is of the task's company: the
 * form offers only those, the write checks them again, and the database's composite keys refuse anything else.
 */
export class TasksService implements FormResource {
  private readonly now: () => Date;

  constructor(
    private readonly repository: TasksRepository,
    options: TasksServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async list(auth: AuthContext, request: ListRequest<TaskSortField, TaskListFilter>): Promise<Page<Task>> {
    if (request.search?.includes('\u0000')) throw ValidationError.field('search', MESSAGE_KEYS.incorrect);
    const now = this.now();
    const page = await this.repository.list(scopeOf(auth), auth.userId, now, request.search, request.filter, request);
    const devices = await this.repository.devicesOf(page.entries.map((t) => t.id));
    return { total: page.total, entries: page.entries.map((row) => present(row, devices, now)) };
  }

  async get(auth: AuthContext, id: number): Promise<Task> {
    const row = await this.find(auth, id);
    return present(row, await this.repository.devicesOf([id]), this.now());
  }

  /** Open or done; done keeps when it became done. */
  async setStatus(auth: AuthContext, id: number, status: TaskStatus): Promise<Task> {
    await this.find(auth, id);
    await this.repository.transaction(async (repository) => {
      if (!(await repository.lock(id))) throw new NotFoundError();
      await repository.setStatus(id, status);
    });
    return this.get(auth, id);
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await this.repository.delete(id);
  }

  // The form (FormResource).

  fields(auth: AuthContext, id: number | null): FormFields {
    return taskFields(auth, id);
  }

  async choices(auth: AuthContext, id: number | null): Promise<Record<string, Choice[]>> {
    const companyId = await linkCompany(auth, id, async (rowId) => (await this.repository.find(scopeOf(auth), rowId))?.companyId ?? null);
    const [users, devices, companies] = await Promise.all([
      this.repository.userChoices(companyId),
      this.repository.deviceChoices(companyId),
      companyChoicesFor(auth, () => this.repository.companies()),
    ]);
    const choicesOf = (rows: LinkableRow[]) => rows.map((row) => ({ value: row.id, label: linkLabel(companyId, row) }));
    const people = choicesOf(users);
    return {
      ...companies,
      type: TASK_TYPES.map((type) => ({ value: type, label: taskTypeLabelKey(type), translate: true })),
      assignee: people,
      responsible: people,
      devices: choicesOf(devices),
    };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) {
      return {
        ...(auth.isSuperAdmin ? { company: null } : {}),
        name: null,
        type: 'inspection',
        description: null,
        // A new task is the author's own until they give it to someone else.
        assignee: auth.isSuperAdmin ? null : auth.userId,
        responsible: auth.isSuperAdmin ? null : auth.userId,
        devices: [],
        deadline: null,
        reminderAt: null,
      };
    }
    const row = await this.find(auth, id);
    const devices = await this.repository.devicesOf([id]);
    return {
      ...(auth.isSuperAdmin ? { company: row.companyId } : {}),
      name: row.name,
      type: row.type,
      description: row.description,
      assignee: row.assigneeId,
      responsible: row.responsibleId,
      devices: devices.map((d) => d.id),
      deadline: iso(row.deadline),
      reminderAt: iso(row.reminderAt),
    };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return this.write(auth, newRowCompany(auth, values), null, values);
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    const row = await this.find(auth, id);
    await this.write(auth, row.companyId, id, values);
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const companyId = await companyToCheck(auth, id, values, failed, async (rowId) => (await this.find(auth, rowId)).companyId);
    return companyId === null ? {} : taskRuleErrors(this.repository, companyId, values, failed);
  }

  private async write(auth: AuthContext, companyId: number, id: number | null, values: DecodedValues): Promise<number> {
    const task = taskOf(values);
    return this.repository.transaction(async (repository) => {
      if (id !== null && !(await repository.lock(id))) throw new NotFoundError();
      const errors = await taskRuleErrors(repository, companyId, values, NO_FAILED_FIELDS);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const written = id ?? (await repository.insert(companyId, auth.impersonatorId ?? auth.userId, task));
      if (id !== null) await repository.update(id, task);
      await repository.replaceDevices(companyId, written, idValues(values.devices));
      return written;
    });
  }

  private async find(auth: AuthContext, id: number): Promise<TaskRow> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }
}

function taskOf(values: DecodedValues): TaskWrite {
  const instant = (value: DecodedValues[string] | undefined) => {
    const text = textValue(value);
    return text === null ? null : new Date(text);
  };
  return {
    name: textValue(values.name) ?? '',
    type: (textValue(values.type) ?? 'other') as TaskType,
    description: textValue(values.description),
    assigneeId: idValue(values.assignee),
    responsibleId: idValue(values.responsible),
    deadline: instant(values.deadline),
    reminderAt: instant(values.reminderAt),
  };
}

/**
 * The task's own rules for the fields not in `failed`: the people and the devices are the company's (a super-admin's
 * new-task choices span companies), and the reminder is not after the deadline. Inside the write's transaction the
 * devices are locked, so none is deleted before the links are written.
 */
async function taskRuleErrors(
  repository: TasksRepository,
  companyId: number,
  values: DecodedValues,
  failed: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const task = taskOf(values);
  const errors: Record<string, string[]> = {};
  for (const [name, userId] of [
    ['assignee', task.assigneeId],
    ['responsible', task.responsibleId],
  ] as const) {
    if (userId !== null && !failed.has(name) && (await repository.companyUserIds(companyId, [userId])).length === 0) errors[name] = [MESSAGE_KEYS.incorrect];
  }
  const deviceIds = idValues(values.devices);
  if (!failed.has('devices') && (await repository.lockCompanyDevices(companyId, deviceIds)).length !== deviceIds.length)
    errors.devices = [MESSAGE_KEYS.incorrect];
  if (!failed.has('deadline') && !failed.has('reminderAt') && task.deadline !== null && task.reminderAt !== null && task.reminderAt > task.deadline) {
    errors.reminderAt = [TASK_MESSAGE_KEYS.reminderAfterDeadline];
  }
  return errors;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function present(row: TaskRow, devices: readonly TaskDeviceRow[], now: Date): Task {
  const deadline = row.deadline === null ? null : new Date(row.deadline);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    status: row.status,
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
    responsible: row.responsibleId === null ? null : { id: row.responsibleId, name: row.responsibleName ?? '' },
    devices: devices.filter((d) => d.taskId === row.id).map(({ id, name }) => ({ id, name })),
    deadline: iso(deadline),
    reminderAt: iso(row.reminderAt),
    overdue: row.status === 'open' && deadline !== null && deadline < now,
    doneAt: iso(row.doneAt),
    createdAt: new Date(row.createdAt).toISOString(),
    createdBy: row.createdById === null ? null : { id: row.createdById, name: row.createdByName ?? '' },
  };
}
