import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AlertChange, AlertChangeKind } from './alert-change.ts';

/** The SQL of the alert change feed (migration 016): taking a batch of changes off the feed with their alerts. */
export class AlertChangeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Deletes up to `limit` of the oldest changes and answers them with their alerts, in id order. Rows another
   * transaction holds are skipped (SKIP LOCKED), so feeds on several instances never take the same change; the
   * deletion commits or rolls back with whatever `db`'s transaction does with them.
   */
  async take(limit: number): Promise<AlertChange[]> {
    const result = await sql<{
      id: number;
      kind: AlertChangeKind;
      changed_at: Date;
      alert_id: number;
      company_id: number;
      device_id: number;
      rule_id: number | null;
      source: 'rule' | 'requirement';
      importance: 'info' | 'warning' | 'error';
      started_at: Date;
      last_at: Date;
      ended_at: Date | null;
      confirmed_at: Date | null;
      counter: number;
    }>`
      with taken as (
        delete from alert_changes where id in (
          select id from alert_changes order by id limit ${limit} for update skip locked
        ) returning id, alert_id, kind, changed_at
      )
      select t.id, t.kind, t.changed_at, a.id as alert_id, a.company_id, a.device_id, a.rule_id, a.source, a.importance,
        a.started_at, a.last_at, a.ended_at, a.confirmed_at, a.counter
      from taken t join alerts a on a.id = t.alert_id
      order by t.id`.execute(this.db);
    return result.rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      changedAt: r.changed_at,
      alertId: Number(r.alert_id),
      companyId: r.company_id,
      deviceId: r.device_id,
      ruleId: r.rule_id,
      source: r.source,
      importance: r.importance,
      startedAt: r.started_at,
      lastAt: r.last_at,
      endedAt: r.ended_at,
      confirmedAt: r.confirmed_at,
      counter: r.counter,
    }));
  }
}
