import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { taskSchema, taskTypeLabelKey } from '@gearwatch/contracts';
import type { Task, TaskListFilter } from '@gearwatch/contracts';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import type { FormValues } from '../../../components/forms/form-values.ts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf } from '../../../hooks/useEntityDialogs.ts';
import type { EntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { TASKS_RESOURCE, useSetTaskStatus } from '../api/tasks.ts';

const parseTask = (entry: unknown) => taskSchema.parse(entry);

export type TaskColumn = 'type' | 'status' | 'assignee' | 'responsible' | 'devices' | 'deadline' | 'reminderAt';

export interface TaskListProps {
  filter: TaskListFilter;
  dialogs: EntityDialogs;
  /** Columns left out (the device page leaves out the devices). */
  hide?: readonly TaskColumn[];
  /** Values a new task's form starts with (the device on screen, an alert's device and name). */
  presets?: FormValues;
  empty: { title: string; message: string; actions?: ReactNode };
  toolbar?: ReactNode;
  defaultPageSize?: number;
}

/**
 * Tasks in a table (spec 02 "Tasks"): name, type, status (overdue in red), people, devices, deadline and reminder in
 * the company's time zone; each row marks the task done (or open again), edits and deletes it. The form and the
 * delete dialog are the server-driven ones of the other management screens.
 */
export function TaskList({ filter, dialogs, hide = [], presets, empty, toolbar, defaultPageSize }: TaskListProps) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const setStatus = useSetTaskStatus();
  const notify = useNotify();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, dateFormat) : '—');
  const all: EntityColumn<Task>[] = [
    { key: 'name', header: 'task.column.name', sortField: 'name', cell: (row) => row.name },
    { key: 'type', header: 'task.column.type', sortField: 'type', cell: (row) => t(taskTypeLabelKey(row.type)) },
    {
      key: 'status',
      header: 'task.column.status',
      sortField: 'status',
      cell: (row) =>
        row.overdue ? (
          <Chip size="small" color="error" label={t('task.status.overdue')} />
        ) : (
          <Chip
            size="small"
            color={row.status === 'done' ? 'success' : 'default'}
            variant={row.status === 'done' ? 'filled' : 'outlined'}
            label={t(`task.status.${row.status}`)}
          />
        ),
    },
    { key: 'assignee', header: 'task.column.assignee', cell: (row) => row.assignee?.name ?? '—' },
    { key: 'responsible', header: 'task.column.responsible', cell: (row) => row.responsible?.name ?? '—' },
    { key: 'devices', header: 'task.column.devices', cell: (row) => (row.devices.length > 0 ? row.devices.map((d) => d.name).join(', ') : '—') },
    { key: 'deadline', header: 'task.column.deadline', sortField: 'deadline', cell: (row) => when(row.deadline) },
    { key: 'reminderAt', header: 'task.column.reminder-at', sortField: 'reminderAt', cell: (row) => when(row.reminderAt) },
  ];
  const columns = all.filter((column) => !hide.includes(column.key as TaskColumn));
  const toggle = (row: Task) => {
    const status = row.status === 'done' ? 'open' : 'done';
    setStatus.mutate(
      { id: row.id, status },
      {
        onSuccess: () => notify.success(status === 'done' ? 'task.message.done' : 'task.message.reopened'),
        onError: () => notify.error('task.message.status-failed'),
      },
    );
  };
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  return (
    <>
      <EntityList<Task>
        plural={TASKS_RESOURCE}
        columns={columns}
        parse={parseTask}
        filter={filter}
        toolbar={toolbar}
        defaultPageSize={defaultPageSize}
        empty={empty}
        actions={(row) => (
          <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => dialogs.remove(row.id, row.name)}>
            <Tooltip title={t(row.status === 'done' ? 'task.action.reopen' : 'task.action.done')}>
              <IconButton
                size="small"
                aria-label={t(row.status === 'done' ? 'task.action.reopen' : 'task.action.done')}
                data-testid="task-toggle"
                onClick={() => toggle(row)}
                disabled={setStatus.isPending}
              >
                {row.status === 'done' ? <ReplayOutlined fontSize="small" /> : <CheckCircleOutline fontSize="small" />}
              </IconButton>
            </Tooltip>
          </RowActions>
        )}
      />
      <FormDialog
        open={form.open}
        resource={TASKS_RESOURCE}
        id={form.id}
        title={t(form.id === null ? 'task.add' : 'task.edit')}
        onClose={dialogs.close}
        presets={form.id === null ? presets : undefined}
      />
      <DeleteDialog open={removal?.open ?? false} plural={TASKS_RESOURCE} id={removal?.id ?? 0} name={removal?.name ?? ''} onClose={dialogs.close} />
    </>
  );
}
