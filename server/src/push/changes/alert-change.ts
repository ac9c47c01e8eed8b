import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

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
