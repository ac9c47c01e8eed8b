import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Active unconfirmed alerts of one importance (the shape of the alerts feature's own counts). */
export interface ImportanceCount {
  importance: string;
  count: number;
}

/** Who is told of alert changes, and their new counts: the reads of the stream's alert listener. */
export class AlertEventsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Active users assigned to the rules, by rule (alert_rule_users, spec 01 §6). */
  async ruleUsers(ruleIds: readonly number[]): Promise<{ ruleId: number; userId: number }[]> {
    if (ruleIds.length === 0) return [];
    return this.db
      .selectFrom('alert_rule_users as aru')
      .innerJoin('users as u', 'u.id', 'aru.user_id')
      .select(['aru.rule_id as ruleId', 'aru.user_id as userId'])
      .where('aru.rule_id', 'in', [...ruleIds])
      .where('u.is_active', '=', true)
      .execute();
  }

  /** Active users named by the devices' requirements, by device (their requirement alerts). */
  async requirementUsers(deviceIds: readonly number[]): Promise<{ deviceId: number; userId: number }[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('device_requirement_users as dru')
      .innerJoin('users as u', 'u.id', 'dru.user_id')
      .select(['dru.device_id as deviceId', 'dru.user_id as userId'])
      .where('dru.device_id', 'in', [...deviceIds])
      .where('u.is_active', '=', true)
      .execute();
  }

  /** Active super-admins: they see every alert (alerts/visibility.ts). */
  async superAdmins(): Promise<number[]> {
    return (await this.db.selectFrom('users').select('id').where('is_super_admin', '=', true).where('is_active', '=', true).execute()).map((r) => r.id);
  }

  /**
   * Active unconfirmed alerts per importance for each of `userIds` as company users see them (their rules' alerts and
   * the requirement alerts of devices that name them, in their company: AlertsRepository.visible), in one read.
   */
  async activeByImportanceOfUsers(userIds: readonly number[]): Promise<(ImportanceCount & { userId: number })[]> {
    if (userIds.length === 0) return [];
    const ids = [...userIds];
    const result = await sql<{ user_id: number; importance: string; count: number }>`
      select x.user_id, x.importance, count(*)::int as count from (
        select aru.user_id, a.importance from alert_rule_users aru
        join alerts a on a.rule_id = aru.rule_id and a.company_id = aru.company_id and a.source = 'rule'
        where aru.user_id = any(${ids}::int[]) and a.ended_at is null and a.confirmed_at is null
        union all
        select dru.user_id, a.importance from device_requirement_users dru
        join alerts a on a.device_id = dru.device_id and a.company_id = dru.company_id and a.source = 'requirement'
        where dru.user_id = any(${ids}::int[]) and a.ended_at is null and a.confirmed_at is null
      ) x group by x.user_id, x.importance`.execute(this.db);
    return result.rows.map((r) => ({ userId: r.user_id, importance: r.importance, count: r.count }));
  }

  /** Every active unconfirmed alert per importance: a super-admin's count. */
  async activeByImportance(): Promise<ImportanceCount[]> {
    return this.db
      .selectFrom('alerts')
      .select(['importance', sql<number>`count(*)::int`.as('count')])
      .where('confirmed_at', 'is', null)
      .where('ended_at', 'is', null)
      .groupBy('importance')
      .execute();
  }
}
