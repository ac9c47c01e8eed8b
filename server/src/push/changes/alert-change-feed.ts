import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AlertChangeRepository } from './alert-change-repository.ts';

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
      const changes = await new AlertChangeRepository(trx).take(BATCH);
      if (changes.length === 0) return 0;
      for (const listener of this.listeners) await listener.handle(trx, changes);
      return changes.length;
    });
  }
}
