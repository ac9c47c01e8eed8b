import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface DeviceParameters {
  deviceId: number;
  /** The parameter numbers the device reports; each is looked up on its own so the primary key answers it. */
  parameters: number[];
}

/** Where each device's stored telemetry ends (the simulator's only read of telemetry). */
export interface TelemetryEnds {
  lastReadingPerDevice(devices: DeviceParameters[]): Promise<Map<number, Date>>;
}

/**
 * What the simulator reads back: where each demo device's stored telemetry ends, so a restart continues from
 * there. It only reads; everything the simulator stores goes through the ingest service.
 */
export class SimulatorRepository implements TelemetryEnds {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The newest reading per device. One descending primary-key probe per (device, parameter) instead of a max()
   * over all of a device's rows: the cost does not grow with the history.
   */
  async lastReadingPerDevice(devices: DeviceParameters[]): Promise<Map<number, Date>> {
    const pairs = devices.flatMap((d) => d.parameters.map((p) => [d.deviceId, p] as const));
    if (pairs.length === 0) return new Map();
    const result = await sql<{ device_id: number; last: Date | string }>`
      select k.d as device_id, max(r.ts) as last
      from unnest(${pairs.map(([d]) => d)}::int4[], ${pairs.map(([, p]) => p)}::int4[]) as k (d, p)
      cross join lateral (
        select ts from readings where device_id = k.d and parameter_number = k.p order by ts desc limit 1
      ) r
      group by k.d`.execute(this.db);
    return new Map(result.rows.map((row) => [Number(row.device_id), new Date(row.last)]));
  }
}
