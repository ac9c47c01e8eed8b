import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { USER_EVENTS_CHANNEL } from '@gearwatch/contracts';
import type { UserEventType } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

export interface NewUserEvent {
  userId: number;
  type: UserEventType;
  payload: unknown;
}

/**
 * Appends events for their users to the stream's log (migration 015) on `db`, which should be the transaction of
 * the change they report: they exist exactly when it commits. The NOTIFY in the same transaction is delivered on
 * commit and wakes the streams of every instance; its payload is empty (the log is the source, NOTIFY only a bell).
 */
export async function appendUserEvents(db: Kysely<DB>, events: readonly NewUserEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('user_events')
    .values(events.map((e) => ({ user_id: e.userId, type: e.type, payload: JSON.stringify(e.payload ?? {}) })))
    .execute();
  await sql`select pg_notify(${USER_EVENTS_CHANNEL}, '')`.execute(db);
}
