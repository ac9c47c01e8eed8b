import type { Kysely } from 'kysely';
import type { AlarmTotal } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import type { RepositoryFactory } from '../../db/repository-factory.ts';
import type { AlertChange, AlertChangeListener } from './alert-change.ts';
import type { NewUserEvent } from '../streams/event-log.ts';
import { appendUserEvents } from '../streams/event-log.ts';
import type { AlertEventsRepository, ImportanceCount } from './alert-events-repository.ts';

/** The `alert` event's payload: which alert changed and how (the client reads the lists again). */
export interface AlertEventPayload {
  alertId: number;
  deviceId: number;
  ruleId: number | null;
  kind: AlertChange['kind'];
}

/** The total `GET /api/alarms/total` answers for these counts: the alerts feature's (services.ts gives it). */
export type PresentTotal = (counts: ImportanceCount[]) => AlarmTotal;

/**
 * The event stream's listener on the alert change feed (services.alertChanges): in the feed's transaction, every
 * user who sees a changed alert (its rule's users, or the requirement users of its device, and every super-admin;
 * alerts/visibility.ts) gets an `alert` event per alert (the last change of the batch), and, when an alert was
 * opened, ended or confirmed, one `alarm-total` event with their new total (as `GET /api/alarms/total` answers it).
 */
export class AlertEventsListener implements AlertChangeListener {
  readonly name = 'event-stream';

  constructor(
    private readonly presentTotal: PresentTotal,
    private readonly repositories: RepositoryFactory<{ alertEvents: AlertEventsRepository }>,
  ) {}

  async handle(trx: Kysely<DB>, changes: readonly AlertChange[]): Promise<void> {
    if (changes.length === 0) return;
    const repository = this.repositories(trx).alertEvents;
    const ruleIds = [...new Set(changes.filter((c) => c.ruleId !== null).map((c) => c.ruleId!))];
    const requirementDevices = [...new Set(changes.filter((c) => c.source === 'requirement').map((c) => c.deviceId))];
    const [ruleUsers, requirementUsers, superAdmins] = await Promise.all([
      repository.ruleUsers(ruleIds),
      repository.requirementUsers(requirementDevices),
      repository.superAdmins(),
    ]);
    const usersOfRule = group(
      ruleUsers,
      (r) => r.ruleId,
      (r) => r.userId,
    );
    const usersOfDevice = group(
      requirementUsers,
      (r) => r.deviceId,
      (r) => r.userId,
    );
    const admins = new Set(superAdmins);

    // The last change of each (user, alert) in the batch, in the feed's order.
    const alertEvents = new Map<string, NewUserEvent>();
    const totalChanged = new Set<number>();
    for (const change of changes) {
      const viewers = new Set([
        ...(change.source === 'rule' ? (usersOfRule.get(change.ruleId!) ?? []) : (usersOfDevice.get(change.deviceId) ?? [])),
        ...admins,
      ]);
      const payload: AlertEventPayload = { alertId: change.alertId, deviceId: change.deviceId, ruleId: change.ruleId, kind: change.kind };
      for (const userId of viewers) {
        const key = `${userId}:${change.alertId}`;
        alertEvents.delete(key);
        alertEvents.set(key, { userId, type: 'alert', payload });
        if (change.kind !== 'repeated') totalChanged.add(userId);
      }
    }
    const events = [...alertEvents.values()];
    events.push(...(await this.totals(repository, [...totalChanged], admins)));
    await appendUserEvents(trx, events);
  }

  private async totals(repository: AlertEventsRepository, userIds: number[], admins: Set<number>): Promise<NewUserEvent[]> {
    if (userIds.length === 0) return [];
    const companyUsers = userIds.filter((id) => !admins.has(id));
    const [counts, all] = await Promise.all([
      repository.activeByImportanceOfUsers(companyUsers),
      userIds.some((id) => admins.has(id)) ? repository.activeByImportance() : Promise.resolve([]),
    ]);
    const byUser = group(
      counts,
      (c) => c.userId,
      (c) => c,
    );
    const adminTotal = this.presentTotal(all);
    return userIds.map((userId) => {
      const total: AlarmTotal = admins.has(userId) ? adminTotal : this.presentTotal(byUser.get(userId) ?? []);
      return { userId, type: 'alarm-total', payload: total };
    });
  }
}

function group<T, K, V>(rows: readonly T[], key: (row: T) => K, value: (row: T) => V): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(value(row));
    else map.set(key(row), [value(row)]);
  }
  return map;
}
