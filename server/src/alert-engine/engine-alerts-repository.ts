import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AlertState } from './timeline.ts';

/** Who an alert belongs to: a rule (source 'rule') or a device's requirements (source 'requirement', no rule). */
export interface AlertSubject {
  companyId: number;
  ruleId: number | null;
  importance: string;
  messageKey: string;
}

export interface Arrival {
  deviceId: number;
  companyId: number;
  from: Date;
  to: Date;
}

/** The engine's writes: alerts (open, repeat, end), its cursors and window outcomes, and the arrival queue. */
export class EngineAlertsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: EngineAlertsRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new EngineAlertsRepository(trx), trx));
  }

  /**
   * Takes up to `limit` queued arrivals, oldest first, skipping rows another engine holds: deleted in the caller's
   * transaction, so they come back if the evaluation does not commit.
   */
  async takeArrivals(limit: number): Promise<Arrival[]> {
    const result = await sql<Arrival>`
      delete from alert_arrivals where device_id in (
        select device_id from alert_arrivals order by queued_at limit ${limit} for update skip locked)
      returning device_id as "deviceId", company_id as "companyId", from_ts as "from", to_ts as "to"`.execute(this.db);
    return result.rows;
  }

  /** Puts the unevaluated rest of taken arrivals back (merged with whatever arrived meanwhile). */
  async requeueArrivals(rows: Arrival[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      insert into alert_arrivals as a (device_id, company_id, from_ts, to_ts)
      select u.d, u.c, u.f, u.t from unnest(${rows.map((r) => r.deviceId)}::int[], ${rows.map((r) => r.companyId)}::int[],
        ${rows.map((r) => r.from.toISOString())}::timestamptz[], ${rows.map((r) => r.to.toISOString())}::timestamptz[]) as u (d, c, f, t)
      on conflict (device_id) do update set from_ts = least(a.from_ts, excluded.from_ts), to_ts = greatest(a.to_ts, excluded.to_ts)`.execute(this.db);
  }

  /** Per (rule or requirement, device): the open alert and how far alerts already cover the data. */
  async states(ruleIds: (number | null)[], deviceIds: number[]): Promise<Map<string, AlertState>> {
    const states = new Map<string, AlertState>();
    if (deviceIds.length === 0) return states;
    const rules = ruleIds.filter((id): id is number => id !== null);
    const requirement = ruleIds.includes(null);
    // At most one alert per pair is open (the partial unique indexes): the filtered aggregates are its columns.
    const open = sql`ended_at is null and confirmed_at is null`;
    const result = await sql<{
      ruleId: number | null;
      deviceId: number;
      id: number | null;
      startedAt: Date | null;
      lastAt: Date | null;
      counter: number | null;
      covered: Date;
    }>`
      select rule_id as "ruleId", device_id as "deviceId", max(id) filter (where ${open}) as id, max(started_at) filter (where ${open}) as "startedAt",
        max(last_at) filter (where ${open}) as "lastAt", max(counter) filter (where ${open}) as counter,
        max(greatest(last_at, coalesce(ended_at, last_at))) as covered
      from alerts
      where device_id = any(${deviceIds}::int[]) and ((source = 'rule' and rule_id = any(${rules}::int[])) or (${requirement} and source = 'requirement'))
      group by 1, 2`.execute(this.db);
    for (const row of result.rows) {
      states.set(stateKey(row.ruleId, row.deviceId), {
        open: row.id === null ? null : { id: row.id, startedAt: row.startedAt!.getTime(), lastAt: row.lastAt!.getTime(), counter: row.counter! },
        coveredUntil: row.covered.getTime(),
      });
    }
    return states;
  }

  /** Opens an alert unless one is open for the subject and device (the partial unique index); its id, or undefined. */
  async open(subject: AlertSubject, deviceId: number, at: Date, params: object): Promise<number | undefined> {
    const source = subject.ruleId === null ? 'requirement' : 'rule';
    const conflict =
      subject.ruleId === null
        ? sql`(device_id) where ended_at is null and confirmed_at is null and source = 'requirement'`
        : sql`(rule_id, device_id) where ended_at is null and confirmed_at is null and source = 'rule'`;
    const result = await sql<{ id: number }>`
      insert into alerts (company_id, source, rule_id, device_id, importance, started_at, last_at, message_key, message_params)
      values (${subject.companyId}, ${source}, ${subject.ruleId}, ${deviceId}, ${subject.importance}, ${at}, ${at}, ${subject.messageKey}, ${JSON.stringify(params)}::jsonb)
      on conflict ${conflict} do nothing
      returning id`.execute(this.db);
    return result.rows[0]?.id;
  }

  /**
   * Opens many rule alerts in one statement (the lastsync sweep); a (rule, device) that already has an open alert
   * is skipped by the partial unique index. Returns how many were opened.
   */
  async openMany(
    subjects: AlertSubject[],
    rows: { subject: number; deviceId: number; startedAt: Date; lastAt: Date; counter: number; params: object }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const s = (row: (typeof rows)[number]) => subjects[row.subject]!;
    const result = await sql<{ id: number }>`
      insert into alerts (company_id, source, rule_id, device_id, importance, started_at, last_at, counter, message_key, message_params)
      select u.company_id, 'rule', u.rule_id, u.device_id, u.importance, u.started_at, u.last_at, u.counter, u.message_key, u.params
      from unnest(${rows.map((r) => s(r).companyId)}::int[], ${rows.map((r) => s(r).ruleId)}::int[], ${rows.map((r) => r.deviceId)}::int[],
        ${rows.map((r) => s(r).importance)}::text[], ${rows.map((r) => r.startedAt.toISOString())}::timestamptz[], ${rows.map((r) => r.lastAt.toISOString())}::timestamptz[],
        ${rows.map((r) => r.counter)}::int[], ${rows.map((r) => s(r).messageKey)}::text[], ${rows.map((r) => JSON.stringify(r.params))}::jsonb[])
        as u (company_id, rule_id, device_id, importance, started_at, last_at, counter, message_key, params)
      on conflict (rule_id, device_id) where ended_at is null and confirmed_at is null and source = 'rule' do nothing
      returning id`.execute(this.db);
    return result.rows.length;
  }

  /** Sets the counter, last time and parameters of many open alerts in one statement. */
  async repeatMany(rows: { id: number; counter: number; lastAt: Date; params: object }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      update alerts a set counter = u.counter, last_at = greatest(a.last_at, u.last_at), message_params = u.params, updated_at = now()
      from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.counter)}::int[], ${rows.map((r) => r.lastAt.toISOString())}::timestamptz[], ${rows.map((r) => JSON.stringify(r.params))}::jsonb[])
        as u (id, counter, last_at, params)
      where a.id = u.id and a.ended_at is null and a.confirmed_at is null`.execute(this.db);
  }

  /** Ends many open alerts in one statement. */
  async endMany(rows: { id: number; at: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      update alerts a set ended_at = greatest(a.last_at, u.at), updated_at = now()
      from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.at.toISOString())}::timestamptz[]) as u (id, at)
      where a.id = u.id and a.ended_at is null and a.confirmed_at is null`.execute(this.db);
  }

  /**
   * Ends the open alerts of rules of `type` whose last occurrence is before `quietSince`, at their last occurrence
   * + `endAfterMs`: a machine that stopped sending is standing. Answers how many.
   */
  async endQuiet(type: string, quietSince: Date, endAfterMs: number): Promise<number> {
    const result = await sql`
      update alerts a set ended_at = a.last_at + make_interval(secs => ${endAfterMs / 1000}), updated_at = now()
      from alert_rules r
      where r.id = a.rule_id and r.type = ${type} and a.source = 'rule' and a.ended_at is null and a.confirmed_at is null
        and a.last_at < ${quietSince}::timestamptz`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** An alert that began and ended in the past (a late window): written closed, beside whatever is open now. */
  async insertEnded(
    subject: AlertSubject,
    deviceId: number,
    at: Date,
    endedAt: Date,
    params: object,
    occurrences?: { counter: number; lastAt: Date },
  ): Promise<void> {
    await this.db
      .insertInto('alerts')
      .values({
        ...(occurrences ? { counter: occurrences.counter } : {}),
        company_id: subject.companyId,
        source: subject.ruleId === null ? 'requirement' : 'rule',
        rule_id: subject.ruleId,
        device_id: deviceId,
        importance: subject.importance,
        started_at: at,
        last_at: occurrences?.lastAt ?? at,
        ended_at: endedAt,
        message_key: subject.messageKey,
        message_params: JSON.stringify(params),
      })
      .execute();
  }

  async openId(subject: AlertSubject, deviceId: number): Promise<number | undefined> {
    let query = this.db.selectFrom('alerts').select('id').where('device_id', '=', deviceId).where('ended_at', 'is', null).where('confirmed_at', 'is', null);
    query = subject.ruleId === null ? query.where('source', '=', 'requirement') : query.where('rule_id', '=', subject.ruleId);
    return (await query.executeTakeFirst())?.id;
  }

  /** A repeat: counter + 1 and the occurrence's time and parameters; only while the alert is still open. */
  async repeat(id: number, at: Date, params: object, counter?: number): Promise<void> {
    await sql`update alerts set counter = coalesce(${counter ?? null}::int, counter + 1), last_at = greatest(last_at, ${at}::timestamptz),
        message_params = ${JSON.stringify(params)}::jsonb, updated_at = now()
      where id = ${id} and ended_at is null and confirmed_at is null`.execute(this.db);
  }

  /** `count` repeats at once: counter + count, the last one's time and parameters. */
  async repeatBy(id: number, count: number, at: Date, params: object): Promise<void> {
    await sql`update alerts set counter = counter + ${count}::int, last_at = greatest(last_at, ${at}::timestamptz), message_params = ${JSON.stringify(params)}::jsonb, updated_at = now()
      where id = ${id} and ended_at is null and confirmed_at is null`.execute(this.db);
  }

  async end(id: number, at: Date): Promise<void> {
    await sql`update alerts set ended_at = greatest(last_at, ${at}::timestamptz), updated_at = now() where id = ${id} and ended_at is null and confirmed_at is null`.execute(
      this.db,
    );
  }

  async cursors(subject: string, deviceIds: number[]): Promise<Map<number, Date>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('alert_cursors')
      .select(['device_id', 'evaluated_until'])
      .where('subject', '=', subject)
      .where('device_id', 'in', deviceIds)
      .execute();
    return new Map(rows.map((row) => [row.device_id, row.evaluated_until]));
  }

  async setCursor(subject: string, deviceId: number, until: Date): Promise<void> {
    await this.db
      .insertInto('alert_cursors')
      .values({ subject, device_id: deviceId, evaluated_until: until })
      .onConflict((oc) => oc.columns(['subject', 'device_id']).doUpdateSet({ evaluated_until: until }))
      .execute();
  }

  async setCursors(subject: string, rows: { deviceId: number; until: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      insert into alert_cursors as c (subject, device_id, evaluated_until)
      select ${subject}, u.d, u.t from unnest(${rows.map((r) => r.deviceId)}::int[], ${rows.map((r) => r.until.toISOString())}::timestamptz[]) as u (d, t)
      on conflict (subject, device_id) do update set evaluated_until = excluded.evaluated_until`.execute(this.db);
  }

  /** Moves the device's cursors of windowed subjects back to `to` where they are past it (late data to re-read). */
  async rewindCursors(deviceId: number, subjects: string[], to: Date): Promise<void> {
    if (subjects.length === 0) return;
    await this.db
      .updateTable('alert_cursors')
      .set({ evaluated_until: to })
      .where('device_id', '=', deviceId)
      .where('subject', 'in', subjects)
      .where('evaluated_until', '>', to)
      .execute();
  }

  /** Stored outcomes of windows (true = breached) from `from` on. */
  async windowResults(subject: string, deviceIds: number[], from: Date): Promise<Map<string, boolean>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('alert_window_results')
      .select(['device_id', 'window_start', 'breached'])
      .where('subject', '=', subject)
      .where('device_id', 'in', deviceIds)
      .where('window_start', '>=', from)
      .execute();
    return new Map(rows.map((row) => [`${row.device_id}:${row.window_start.getTime()}`, row.breached]));
  }

  async saveWindowResults(subject: string, rows: { deviceId: number; start: number; breached: boolean }[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      insert into alert_window_results as t (subject, device_id, window_start, breached)
      select ${subject}, u.d, u.s, u.b from unnest(${rows.map((r) => r.deviceId)}::int[], ${rows.map((r) => new Date(r.start).toISOString())}::timestamptz[], ${rows.map((r) => r.breached)}::bool[]) as u (d, s, b)
      on conflict (subject, device_id, window_start) do update set breached = t.breached or excluded.breached, evaluated_at = now()`.execute(this.db);
  }
}

export const stateKey = (ruleId: number | null, deviceId: number) => `${ruleId ?? 'requirement'}:${deviceId}`;

/** Reads of the timers that look at alerts themselves. */
export class AlertHistoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** When the last part-replace alert of the rule on the device was confirmed ("done"), if ever. */
  async lastConfirmed(ruleId: number, deviceId: number): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.max('confirmed_at').as('at'))
      .where('rule_id', '=', ruleId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return row?.at ?? undefined;
  }
}
