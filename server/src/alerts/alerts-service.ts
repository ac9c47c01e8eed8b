import type {
  AlarmStats,
  AlarmTotal,
  AlertImportance,
  AlertListFilter,
  AlertRow,
  AlertRuleType,
  AlertSortField,
  AlertSource,
  AlertStatus,
} from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { parseDate } from '../time/calendar.ts';
import { timeZone } from '../time/time-zone.ts';
import type { AlertCriteria, AlertRecord, AlertsRepository } from './alerts-repository.ts';
import type { AlertViewer } from './visibility.ts';
import { viewerOf } from './visibility.ts';
import { presentSummary } from './rule-summary-repository.ts';
import { presentStats, presentTotal } from './stats.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Alerts (spec 01 §6, spec 02 dictionary "Alerts"): the list and one alert as the caller may see them, confirming
 * some or all that match a filter, and the counts of the header badge and of the pages.
 */
export class AlertsService {
  constructor(private readonly repository: AlertsRepository) {}

  async list(auth: AuthContext, request: ListRequest<AlertSortField, AlertListFilter>): Promise<Page<AlertRow>> {
    const page = await this.repository.list(viewerOf(auth), await this.criteria(auth, request.filter), request);
    return { total: page.total, entries: page.entries.map(presentAlert) };
  }

  async get(auth: AuthContext, id: number): Promise<AlertRow> {
    const row = await this.repository.find(viewerOf(auth), id);
    if (!row) throw new NotFoundError();
    return presentAlert(row);
  }

  /**
   * Confirms those of `ids` the caller sees and that are not confirmed yet; the others are left alone. 404 when the
   * caller sees none of them, as for one alert they cannot see.
   */
  async confirm(auth: AuthContext, ids: number[]): Promise<{ confirmed: number }> {
    const viewer = viewerOf(auth);
    const visible = await this.repository.visibleIds(viewer, ids);
    if (visible.length === 0) throw new NotFoundError();
    return { confirmed: await this.repository.confirm(viewer, auth.userId, {}, visible) };
  }

  /**
   * Confirms every unconfirmed alert the caller sees that matches the list's filter. A super-admin's filter that
   * names no device and no rule stays in their own company: one click must not confirm every customer's alerts.
   */
  async confirmMatching(auth: AuthContext, filter: AlertListFilter): Promise<{ confirmed: number }> {
    const pinned = filter.device !== undefined || filter.rule !== undefined;
    const viewer: AlertViewer = auth.isSuperAdmin && !pinned ? { kind: 'scope', scope: { kind: 'company', companyId: auth.companyId } } : viewerOf(auth);
    return { confirmed: await this.repository.confirm(viewer, auth.userId, await this.criteria(auth, filter), null) };
  }

  async stats(auth: AuthContext): Promise<AlarmStats> {
    return presentStats(await this.repository.activeByImportance(viewerOf(auth)));
  }

  /** One device's page: its active unconfirmed alerts the caller sees; 404 for a device they cannot reach. */
  async deviceStats(auth: AuthContext, deviceId: number): Promise<AlarmStats> {
    if (!(await this.repository.deviceInScope(scopeOf(auth), deviceId))) throw new NotFoundError();
    return presentStats(await this.repository.activeByImportance(viewerOf(auth), { deviceId }));
  }

  async total(auth: AuthContext): Promise<AlarmTotal> {
    return presentTotal(await this.repository.activeByImportance(viewerOf(auth)));
  }

  /** The filter as criteria: a date is a day of the caller's company (`to` inclusive), a date-time its instant. */
  private async criteria(auth: AuthContext, filter: AlertListFilter): Promise<AlertCriteria> {
    const criteria: AlertCriteria = {
      status: filter.status === 'all' ? undefined : filter.status,
      importance: filter.importance,
      deviceId: filter.device,
      ruleId: filter.rule,
    };
    const dates = [filter.from, filter.to].filter((d): d is string => d !== undefined);
    const zone = dates.some((d) => DATE_ONLY.test(d)) ? timeZone(await this.repository.companyTimezone(auth.companyId)) : null;
    if (filter.from !== undefined)
      criteria.from = new Date(zone && DATE_ONLY.test(filter.from) ? zone.startOfDay(parseDate(filter.from)) : Date.parse(filter.from));
    if (filter.to !== undefined) {
      if (zone && DATE_ONLY.test(filter.to)) criteria.before = new Date(zone.endOfDay(parseDate(filter.to)));
      else criteria.to = new Date(Date.parse(filter.to));
    }
    return criteria;
  }
}

function statusOf(row: AlertRecord): AlertStatus {
  if (row.confirmedAt !== null) return 'confirmed';
  return row.endedAt !== null ? 'ended' : 'active';
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The message's parameters as the contract carries them: text, numbers and nulls (anything else written as JSON). */
function messageParams(stored: unknown): Record<string, string | number | null> {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [
      key,
      value === null || typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value),
    ]),
  );
}

export function presentAlert(row: AlertRecord): AlertRow {
  return {
    id: row.id,
    source: row.source as AlertSource,
    createdAt: iso(row.startedAt),
    lastAt: iso(row.lastAt),
    endedAt: row.endedAt === null ? null : iso(row.endedAt),
    confirmedAt: row.confirmedAt === null ? null : iso(row.confirmedAt),
    counter: row.counter,
    importance: row.importance as AlertImportance,
    status: statusOf(row),
    device: { id: row.deviceId, name: row.deviceName },
    rule:
      row.ruleId === null
        ? null
        : {
            id: row.ruleId,
            name: row.ruleName ?? '',
            type: row.ruleType as AlertRuleType,
            archived: row.ruleArchived ?? false,
            summary: presentSummary(row.ruleSummary),
          },
    message: { key: row.messageKey, params: messageParams(row.messageParams) },
    description: row.description,
  };
}
