import { alertRowSchema } from '@gearwatch/contracts';
import type { AlertRow, NewestAlertsSettings } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { ALWAYS_VALID } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

export interface NewestAlertsRequest {
  page_size: number;
  sort: string;
  filter?: string;
  [key: string]: unknown;
}

/** The alert list's call (`GET /api/alerts`): the newest first, as many as the setting asks, of one importance or all. */
export function newestAlertsRequest({ count, importance }: Pick<NewestAlertsSettings, 'count' | 'importance'>): NewestAlertsRequest {
  return { page_size: count, sort: '-createdAt', ...(importance === 'all' ? {} : { filter: JSON.stringify({ importance }) }) };
}

export async function fetchNewestAlerts(request: NewestAlertsRequest, { api, signal }: MonitorFetchContext): Promise<AlertRow[]> {
  const { page_size, sort, filter } = request;
  const page = await api.list<unknown>('/api/alerts', { page_size, sort, ...(filter === undefined ? {} : { filter }) }, signal);
  return page.entries.map((entry) => alertRowSchema.parse(entry));
}

export const newestAlertsData: MonitorData<'newest-alerts', NewestAlertsRequest, AlertRow[]> = {
  plan: (settings) => ({ validity: ALWAYS_VALID, request: newestAlertsRequest(settings) }),
  fetch: fetchNewestAlerts,
};
