import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { BucketRepository } from '../rollups/bucket-repository.ts';

export interface ReadingPoint {
  deviceId: number;
  parameter: number;
  ts: Date;
  value: number;
}

export interface PositionPoint {
  deviceId: number;
  ts: Date;
  lat: number;
  lon: number;
  accuracy: number | null;
}

export interface SessionSpan {
  deviceId: number;
  operatorId: number | null;
  rfid: string;
  startedAt: Date;
  endedAt: Date | null;
}

/**
 * The telemetry the engine reads, never written here: raw data for arrivals here, the rollups (window sums, meters)
 * through the rollups layer's BucketRepository, which it extends.
 */
export class AlertDataRepository extends BucketRepository {
  constructor(private readonly db: Kysely<DB>) {
    super(db);
  }

  async readings(deviceIds: number[], parameters: number[], from: Date, to: Date): Promise<ReadingPoint[]> {
    if (deviceIds.length === 0 || parameters.length === 0) return [];
    const result = await sql<ReadingPoint>`
      select device_id as "deviceId", parameter_number as parameter, ts, value from readings
      where device_id = any(${deviceIds}::int[]) and parameter_number = any(${parameters}::int[]) and ts >= ${from} and ts <= ${to}
      order by ts`.execute(this.db);
    return result.rows;
  }

  /** Each device's and parameter's last reading before `before` (the state a condition holds when a range starts). */
  async latestBefore(deviceIds: number[], parameters: number[], before: Date): Promise<ReadingPoint[]> {
    if (deviceIds.length === 0 || parameters.length === 0) return [];
    const result = await sql<ReadingPoint>`
      select d.id as "deviceId", p.p as parameter, r.ts, r.value
      from unnest(${deviceIds}::int[]) as d (id) cross join unnest(${parameters}::int[]) as p (p)
      cross join lateral (
        select ts, value from readings where device_id = d.id and parameter_number = p.p and ts < ${before} and ts > ${before}::timestamptz - interval '31 days'
        order by ts desc limit 1
      ) r`.execute(this.db);
    return result.rows;
  }

  async positions(deviceIds: number[], from: Date, to: Date): Promise<PositionPoint[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<PositionPoint>`
      select device_id as "deviceId", ts, lat, lon, accuracy from positions
      where device_id = any(${deviceIds}::int[]) and ts >= ${from} and ts <= ${to} order by ts`.execute(this.db);
    return result.rows;
  }

  /** Operator sessions overlapping [from, to]. */
  async sessions(deviceIds: number[], from: Date, to: Date): Promise<SessionSpan[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<SessionSpan>`
      select device_id as "deviceId", operator_id as "operatorId", rfid, started_at as "startedAt", ended_at as "endedAt" from operator_sessions
      where device_id = any(${deviceIds}::int[]) and started_at <= ${to} and (ended_at is null or ended_at >= ${from})
      order by started_at`.execute(this.db);
    return result.rows;
  }

  /** The latest contact of each device's modules (sensor_state), or none for a device never heard from. */
  async lastContacts(deviceIds: number[]): Promise<Map<number, Date>> {
    if (deviceIds.length === 0) return new Map();
    const result = await sql<{ deviceId: number; at: Date }>`
      select s.device_id as "deviceId", max(st.last_contact_at) as at from sensors s join sensor_state st on st.sensor_id = s.id
      where s.device_id = any(${deviceIds}::int[]) group by 1`.execute(this.db);
    return new Map(result.rows.map((row) => [row.deviceId, row.at]));
  }
}
