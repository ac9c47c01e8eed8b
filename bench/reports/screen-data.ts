/**
 * What the on-screen bench (device-builders.ts) adds for the five types that read more than the device rollups, all
 * written with generate_series so a month of 50 devices is seeded in seconds:
 *   - the work, active and counter parameters of the devices' type (the shift types select series by them);
 *   - shift cells (readings_shift) of every device for every date and production shift, as the ingest keeps them
 *     for shifts that do not overlap (the shift report and the shift chart read them);
 *   - operators in one group and an RFID card session on each of the given devices in each day shift (06–14, 14–22
 *     local) of every date, the operator rotating by device and date as in seed.ts, with the per-session hours and
 *     local dates of migrations 006/007 (the hours' values are synthetic, the days are the sums of the hours, so the
 *     rows are the ones ingest keeps: one per session and UTC hour, one per session and local date);
 *   - an alert rule and `alertsPerDay` alerts of it per device and date, every one ended and every fourth confirmed.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.ts';

export interface ScreenDataOptions {
  companyId: number;
  deviceTypeId: number;
  timezone: string;
  /** Devices with shift cells and alerts. */
  deviceIds: number[];
  /** Devices with operator sessions (the screen's selection). */
  sessionDeviceIds: number[];
  /** Inclusive local dates. */
  from: string;
  to: string;
  operators: number;
  alertsPerDay: number;
}

export interface ScreenData {
  operatorIds: number[];
  operatorGroupId: number;
  sessions: number;
  alerts: number;
}

export async function seedScreenData(db: Kysely<DB>, options: ScreenDataOptions): Promise<ScreenData> {
  const { companyId, timezone, from, to } = options;
  const unit = await db
    .insertInto('units')
    .values({ name: `screen bench ${companyId}`, short: 'u', long: 'units', min: null, max: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values([
      { device_type_id: options.deviceTypeId, number: 1, name: 'work', tags: ['effective work time'], unit_id: unit.id, aggregation: 'sum' },
      { device_type_id: options.deviceTypeId, number: 2, name: 'active', tags: ['device active'], unit_id: unit.id, aggregation: 'sum' },
      { device_type_id: options.deviceTypeId, number: 3, name: 'counter', tags: ['counter'], unit_id: unit.id, aggregation: 'sum' },
    ])
    .execute();

  // Shift cells of the company's own shifts (positions as stored): work 60–95 % of an 8-hour shift, active 90 %.
  await sql`
    insert into readings_shift (company_id, device_id, parameter_number, day, position, sum, count, min, max, last_ts, last_value)
    select ${companyId}, d, p, day::date, s.position,
      case p when 1 then 17280 + (d * 31 + s.position * 7 + extract(doy from day)::int) % 10080 when 2 then 25920 else 600 + d % 50 end,
      96, 0, 300, (day::date + make_interval(hours => s.hour_start)) at time zone ${timezone}, 1
    from unnest(${options.deviceIds}::int[]) d, generate_series(1, 3) p,
      generate_series(${from}::date, ${to}::date, interval '1 day') day, production_shifts s
    where s.company_id = ${companyId}`.execute(db);

  const group = await db.insertInto('operator_groups').values({ company_id: companyId, name: 'Operatorzy' }).returning('id').executeTakeFirstOrThrow();
  const operators = await db
    .insertInto('operators')
    .values(
      Array.from({ length: options.operators }, (_, index) => ({
        company_id: companyId,
        operator_group_id: group.id,
        firstname: 'Operator',
        lastname: String(index + 1).padStart(2, '0'),
        rfid: `SB${companyId}CARD${String(index + 1).padStart(4, '0')}`,
      })),
    )
    .returning(['id', 'rfid'])
    .execute();
  const operatorIds = operators.map((o) => o.id);
  const sessions = await sql`
    insert into operator_sessions (company_id, device_id, operator_id, rfid, started_at, ended_at)
    select ${companyId}, d.id, (${operatorIds}::int[])[o.i], (${operators.map((o) => o.rfid ?? '')}::text[])[o.i],
      (g.day + make_interval(hours => s.hour_start)) at time zone ${timezone},
      (g.day + make_interval(hours => s.hour_end)) at time zone ${timezone}
    from unnest(${options.sessionDeviceIds}::int[]) with ordinality as d(id, n)
    cross join generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as g(day)
    cross join (values (6, 14, 0), (14, 22, 1)) as s(hour_start, hour_end, shift)
    cross join lateral (select 1 + ((d.n + s.shift + extract(doy from g.day)::int) % ${operatorIds.length}) as i) o`.execute(db);
  await sql`
    insert into operator_session_hours (session_id, company_id, hour, work, active)
    select s.id, s.company_id, h, 2160 + (s.id * 37 + extract(hour from h)::int * 11) % 1260, 3420
    from operator_sessions s, generate_series(s.started_at, s.ended_at - interval '1 hour', interval '1 hour') h
    where s.company_id = ${companyId}`.execute(db);
  await sql`
    insert into operator_session_days (session_id, company_id, day, work, active)
    select h.session_id, h.company_id, (h.hour at time zone ${timezone})::date, sum(h.work), sum(h.active)
    from operator_session_hours h where h.company_id = ${companyId}
    group by 1, 2, 3`.execute(db);

  const rule = await db
    .insertInto('alert_rules')
    .values({ company_id: companyId, name: 'Napięcie zasilania', type: 'value', importance: 'warning' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Alerts spread over the day (the k-th at hour 1 + k·22/n), each 5–44 minutes long, 1–5 occurrences.
  const alerts = await sql`
    insert into alerts (company_id, source, rule_id, device_id, importance, started_at, last_at, ended_at, confirmed_at, counter, message_key)
    select ${companyId}, 'rule', ${rule.id}, d, 'warning', t.started, t.started + t.length, t.started + t.length,
      case when (d + k) % 4 = 0 then t.started + t.length + interval '10 minutes' end, 1 + (d + k) % 5, 'alerts.message.value'
    from unnest(${options.deviceIds}::int[]) d, generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') day,
      generate_series(0, ${options.alertsPerDay - 1}) k,
      lateral (select (day + make_interval(hours => 1 + k * 22 / ${options.alertsPerDay}, mins => (d * 7) % 60)) at time zone ${timezone} as started,
        make_interval(mins => 5 + (d * 13 + k * 17) % 40) as length) t`.execute(db);
  return { operatorIds, operatorGroupId: group.id, sessions: Number(sessions.numAffectedRows ?? 0), alerts: Number(alerts.numAffectedRows ?? 0) };
}
