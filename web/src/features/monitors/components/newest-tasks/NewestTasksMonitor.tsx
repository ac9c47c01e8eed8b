import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NEWEST_TASKS_MAX_COUNT, NEWEST_TASKS_SCOPES, taskTypeLabelKey } from '@gearwatch/contracts';
import type { Task } from '@gearwatch/contracts';
import { formatDateTime } from '../../../../components/dates/format.ts';
import { useDateFormat } from '../../../../components/dates/useDateFormat.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { EntryList } from '../summary-parts/EntryList.tsx';
import type { EntryTone } from '../summary-parts/EntryList.tsx';
import { ChoiceField } from '../summary-parts/SummaryFields.tsx';
import { NoData } from '../summary-parts/NoData.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import type { MonitorProps } from '../types.ts';
import { newestTasksData } from './newest-tasks-request.ts';

const KIND = 'newest-tasks';
const COUNTS = [5, 10, 20, NEWEST_TASKS_MAX_COUNT] as const;
/** The state a task is shown in: done, overdue (deadline passed, not done) or open. */
const stateOf = (task: Task) => (task.status === 'done' ? 'done' : task.overdue ? 'overdue' : 'open');
const STATE_TONES: Record<ReturnType<typeof stateOf>, EntryTone> = { done: 'success', overdue: 'error', open: 'info' };

/**
 * The newest tasks of the company (the tasks list's call, newest first): every task, the user's own, or the open
 * ones; each with its type, state, deadline and assignee, linking to the tasks screen.
 */
export function NewestTasksMonitor({ settings, update, range }: MonitorProps<'newest-tasks'>) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { count, scope } = settings;
  const { request } = useMemo(() => newestTasksData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, newestTasksData.fetch);
  // A count saved by hand (any of 1 to the maximum) stays choosable.
  const counts = [...new Set([...COUNTS, count])].sort((a, b) => a - b);
  const details = (task: Task) =>
    [
      t(taskTypeLabelKey(task.type)),
      t(`summary.task-state.${stateOf(task)}`),
      task.deadline ? t('summary.task-deadline', { time: formatDateTime(task.deadline, dateFormat) }) : null,
      task.assignee?.name ?? null,
    ]
      .filter((part) => part !== null)
      .join(' · ');
  return (
    <MonitorFrame
      query={query}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <ChoiceField
            label={t('summary.field.task-count')}
            name="count"
            value={count}
            options={counts}
            optionLabel={(n) => String(n)}
            onChange={(value) => update({ count: value })}
          />
          <ChoiceField
            label={t('summary.field.task-scope')}
            name="scope"
            value={scope}
            options={NEWEST_TASKS_SCOPES}
            optionLabel={(s) => t(`summary.task-scope.${s}`)}
            onChange={(value) => update({ scope: value })}
          />
        </>
      }
    >
      {query.data && query.data.length === 0 ? <NoData message={t('summary.empty.newest-tasks')} /> : null}
      {query.data && query.data.length > 0 ? (
        <EntryList
          testId="newest-tasks-list"
          entries={query.data.map((task) => ({
            key: task.id,
            data: { 'data-task-id': task.id },
            tone: STATE_TONES[stateOf(task)],
            toneLabel: t(`summary.task-state.${stateOf(task)}`),
            primary: (
              <Link component={RouterLink} to="/tasks" underline="hover">
                {task.name}
              </Link>
            ),
            secondary: details(task),
          }))}
        />
      ) : null}
    </MonitorFrame>
  );
}
