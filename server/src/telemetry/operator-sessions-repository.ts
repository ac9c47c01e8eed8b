import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DerivedSession, RfidEvent } from './operator-sessions.ts';

/** Arbitrary constant: with the device id, the advisory lock that serialises session rebuilds of one device. */
export const SESSION_LOCK_CLASS = 720_431;

/** SQL of the operator-session rebuild; used inside the batch's transaction. */
export class OperatorSessionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Two batches of one device rebuilding at once would each delete and re-insert the other's sessions. */
  async lockDevice(deviceId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${SESSION_LOCK_CLASS}::int, ${deviceId}::int)`.execute(this.db);
  }

  /** Start of the session in force at `ts` (the latest one started at or before it), if any. */
  async sessionStartAtOrBefore(deviceId: number, ts: Date): Promise<Date | null> {
    const row = await this.db
      .selectFrom('operator_sessions')
      .select('started_at')
      .where('device_id', '=', deviceId)
      .where('started_at', '<=', ts)
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.started_at ?? null;
  }

  async rfidEventsSince(deviceId: number, from: Date): Promise<RfidEvent[]> {
    const rows = await this.db
      .selectFrom('module_events')
      .select(['ts', 'type', 'rfid'])
      .where('device_id', '=', deviceId)
      .where('ts', '>=', from)
      .where('type', 'in', ['rfid_on', 'rfid_off'])
      .orderBy('ts')
      .execute();
    return rows.map((r) => ({ ts: r.ts, type: r.type as RfidEvent['type'], rfid: r.rfid }));
  }

  /** Operator ids by upper-cased card, for the cards of one company. */
  async operatorsByCard(companyId: number, cards: string[]): Promise<Map<string, number>> {
    if (cards.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('operators')
      .select(['id', sql<string>`upper(rfid)`.as('card')])
      .where('company_id', '=', companyId)
      .where(
        sql<string>`upper(rfid)`,
        'in',
        cards.map((c) => c.toUpperCase()),
      )
      .execute();
    return new Map(rows.map((r) => [r.card, r.id]));
  }

  /**
   * Replaces the device's sessions started at or after `from` and computes the new sessions' work and active per
   * local date and per hour (operator_session_days and operator_session_hours, migrations 006 and 007) from the
   * 5-minute rollup; the old sessions' rows go with them.
   */
  async replaceSessionsFrom(
    writer: { companyId: number; deviceId: number; timezone: string },
    from: Date,
    sessions: (DerivedSession & { operatorId: number | null })[],
  ): Promise<void> {
    const { companyId, deviceId, timezone } = writer;
    await this.db.deleteFrom('operator_sessions').where('device_id', '=', deviceId).where('started_at', '>=', from).execute();
    if (sessions.length === 0) return;
    await sql`
      insert into operator_sessions (company_id, device_id, operator_id, rfid, started_at, ended_at)
      select ${companyId}::int, ${deviceId}::int, u.operator_id, u.rfid, u.started_at, u.ended_at
      from unnest(${sessions.map((s) => s.operatorId)}::int4[], ${sessions.map((s) => s.rfid)}::text[],
        ${sessions.map((s) => s.startedAt.toISOString())}::timestamptz[], ${sessions.map((s) => s.endedAt?.toISOString() ?? null)}::timestamptz[])
        as u (operator_id, rfid, started_at, ended_at)`.execute(this.db);
    await sql`
      insert into operator_session_days (session_id, company_id, day, work, active)
      select s.id, s.company_id, (r.bucket at time zone ${timezone})::date,
        sum(r.sum) filter (where r.parameter_number = ${PARAMETER_NUMBERS.work}), sum(r.sum) filter (where r.parameter_number = ${PARAMETER_NUMBERS.active})
      from operator_sessions s
      join readings_5min r on r.device_id = s.device_id and r.parameter_number in (${PARAMETER_NUMBERS.work}, ${PARAMETER_NUMBERS.active})
        and r.bucket >= s.started_at and r.bucket < coalesce(s.ended_at, 'infinity'::timestamptz)
      where s.device_id = ${deviceId}::int and s.started_at >= ${from}::timestamptz
      group by 1, 2, 3`.execute(this.db);
    await sql`
      insert into operator_session_hours (session_id, company_id, hour, work, active)
      select s.id, s.company_id, date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00'),
        sum(r.sum) filter (where r.parameter_number = ${PARAMETER_NUMBERS.work}), sum(r.sum) filter (where r.parameter_number = ${PARAMETER_NUMBERS.active})
      from operator_sessions s
      join readings_5min r on r.device_id = s.device_id and r.parameter_number in (${PARAMETER_NUMBERS.work}, ${PARAMETER_NUMBERS.active})
        and r.bucket >= s.started_at and r.bucket < coalesce(s.ended_at, 'infinity'::timestamptz)
      where s.device_id = ${deviceId}::int and s.started_at >= ${from}::timestamptz
      group by 1, 2, 3`.execute(this.db);
  }

  /** The card in the reader now: the last session's, when it is still open. */
  async setCurrentCard(companyId: number, deviceId: number, rfid: string | null): Promise<void> {
    await sql`
      insert into device_state (device_id, company_id, current_rfid) values (${deviceId}::int, ${companyId}::int, ${rfid})
      on conflict (device_id) do update set current_rfid = excluded.current_rfid`.execute(this.db);
  }
}
