import { taskSchema } from '@gearwatch/contracts';
import type { NewestTasksSettings, Task } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { ALWAYS_VALID } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

export interface NewestTasksRequest {
  page_size: number;
  sort: string;
  filter?: string;
  [key: string]: unknown;
}

/**
 * The tasks list's call (`GET /api/tasks`): the newest first (by creation), as many as the setting asks, every task,
 * the caller's (assignee or responsible: the list's `mine` filter) or the open ones.
 */
export function newestTasksRequest({ count, scope }: Pick<NewestTasksSettings, 'count' | 'scope'>): NewestTasksRequest {
  const filter = scope === 'mine' ? { mine: true } : scope === 'open' ? { status: 'open' } : null;
  return { page_size: count, sort: '-createdAt', ...(filter ? { filter: JSON.stringify(filter) } : {}) };
}

export async function fetchNewestTasks(request: NewestTasksRequest, { api, signal }: MonitorFetchContext): Promise<Task[]> {
  const { page_size, sort, filter } = request;
  const page = await api.list<unknown>('/api/tasks', { page_size, sort, ...(filter === undefined ? {} : { filter }) }, signal);
  return page.entries.map((entry) => taskSchema.parse(entry));
}

export const newestTasksData: MonitorData<'newest-tasks', NewestTasksRequest, Task[]> = {
  plan: (settings) => ({ validity: ALWAYS_VALID, request: newestTasksRequest(settings) }),
  fetch: fetchNewestTasks,
};
