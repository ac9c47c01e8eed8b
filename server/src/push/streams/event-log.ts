import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { USER_EVENTS_CHANNEL } from '@gearwatch/contracts';
import type { UserEventType } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';

export interface NewUserEvent {
  userId: number;
  type: UserEventType;
  payload: unknown;
}

/** Arbitrary constant: the advisory lock that makes writers of the event log commit in the order of their ids. */
const EVENT_LOG_LOCK_KEY = 720_431_015;

/**
 * Appends events for their users to the stream's log (migration 015) on `db`, which should be the transaction of
 * the change they report: they exist exactly when it commits. The NOTIFY in the same transaction is delivered on
 * commit and wakes the streams of every instance; its payload is empty (the log is the source, NOTIFY only a bell).
 *
 * Writers take a transaction-level advisory lock before their ids are drawn, so events become visible in id order:
 * a reader that has seen id n will never later see a smaller id commit. That is what lets a stream (and a client's
 * `Last-Event-ID`) resume from one number without missing an event (docs/events.md). The lock is held until the
 * writer commits: call this late in the transaction.
 */
export async function appendUserEvents(db: Kysely<DB>, events: readonly NewUserEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`select pg_advisory_xact_lock(${EVENT_LOG_LOCK_KEY}::bigint)`.execute(db);
  await db
    .insertInto('user_events')
    .values(events.map((e) => ({ user_id: e.userId, type: e.type, payload: JSON.stringify(e.payload ?? {}) })))
    .execute();
  await sql`select pg_notify(${USER_EVENTS_CHANNEL}, '')`.execute(db);
}
