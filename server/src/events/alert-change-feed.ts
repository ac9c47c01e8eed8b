import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type AlertChangeKind = 'opened' | 'repeated' | 'ended' | 'confirmed';

/** One change of one alert (migration 016), with what a listener needs to route it. */
export interface AlertChange {
  /** The change's own id: increasing in commit-independent write order. */
  id: number;
  kind: AlertChangeKind;
  changedAt: Date;
  alertId: number;
  companyId: number;
  deviceId: number;
  /** Null for a device requirement's alert. */
  ruleId: number | null;
  source: 'rule' | 'requirement';
  importance: 'info' | 'warning' | 'error';
  startedAt: Date;
  lastAt: Date;
  endedAt: Date | null;
  confirmedAt: Date | null;
  counter: number;
}

/**
 * Reacts to alert changes in the feed's transaction: whatever it writes commits with the change's removal from the
 * feed, so it happens exactly once. Listeners run in registration order on the same transaction; one that throws
 * rolls the batch back and it is retried on the next turn.
 */
export interface AlertChangeListener {
  name: string;
  handle(trx: Kysely<DB>, changes: readonly AlertChange[]): Promise<void>;
}

const BATCH = 500;

/**
 * The alert changes as a job-runner source (services.ts adds it): every change the trigger of migration 016 records,
 * whichever code wrote the alert (the engine, confirming in the API, deleting a device's alerts), reaches every
 * listener once.
 */
export class AlertChangeFeed {
  private readonly listeners: AlertChangeListener[] = [];

  constructor(private readonly db: Kysely<DB>) {}

  listen(listener: AlertChangeListener): void {
    this.listeners.push(listener);
  }

  /** Handles up to a batch of changes in one transaction; returns how many (0 lets the runner sleep). */
  async drain(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
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
            select id from alert_changes order by id limit ${BATCH} for update skip locked
          ) returning id, alert_id, kind, changed_at
        )
        select t.id, t.kind, t.changed_at, a.id as alert_id, a.company_id, a.device_id, a.rule_id, a.source, a.importance,
          a.started_at, a.last_at, a.ended_at, a.confirmed_at, a.counter
        from taken t join alerts a on a.id = t.alert_id
        order by t.id`.execute(trx);
      if (result.rows.length === 0) return 0;
      const changes: AlertChange[] = result.rows.map((r) => ({
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
      for (const listener of this.listeners) await listener.handle(trx, changes);
      return changes.length;
    });
  }
}
