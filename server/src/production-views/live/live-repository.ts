import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ShiftDefinition } from '../../rollups/plans.ts';

/** One line of a view as the live screen needs it: the definition, the device's names, its last work. */
export interface LiveLineRow {
  viewId: number;
  companyId: number;
  name: string;
  viewType: string;
  resetHours: number[];
  updatedAt: Date;
  timezone: string;
  position: number;
  label: string;
  deviceId: number | null;
  deviceName: string | null;
  parameter: number;
  goal: number;
  /** The device type's name of the parameter; null for efficiency (0) or a parameter the type lacks. */
  parameterName: string | null;
  unit: string | null;
  lastWorkAt: Date | null;
}

/** What one line reads of the 5-minute rollup: its device, its parameter, from the period's start on. */
/** A display link found by its token's hash. */
export interface DisplayLinkRow {
  id: number;
  viewId: number;
  companyId: number;
}

/** The live screens' reads (docs/production.md "Delivery"): views, their data since the reset, display links. */
export class LiveViewsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The company of a view, or null when there is no such view. */
  async companyOf(viewId: number): Promise<number | null> {
    const row = await this.db.selectFrom('production_views').select('company_id').where('id', '=', viewId).executeTakeFirst();
    return row?.company_id ?? null;
  }

  /** Every line of the views, in one read, by view and position; a view that does not exist has none. */
  lines(viewIds: readonly number[]): Promise<LiveLineRow[]> {
    if (viewIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('production_views as v')
      .innerJoin('companies as c', 'c.id', 'v.company_id')
      .innerJoin('production_view_lines as l', 'l.view_id', 'v.id')
      .leftJoin('devices as d', 'd.id', 'l.device_id')
      .leftJoin('parameters as p', (join) => join.onRef('p.device_type_id', '=', 'd.device_type_id').onRef('p.number', '=', 'l.parameter'))
      .leftJoin('units as u', 'u.id', 'p.unit_id')
      .leftJoin('device_state as s', 's.device_id', 'l.device_id')
      .select([
        'v.id as viewId',
        'v.company_id as companyId',
        'v.name',
        'v.view_type as viewType',
        'v.reset_hours as resetHours',
        'v.updated_at as updatedAt',
        'c.timezone',
        'l.position',
        'l.label',
        'l.device_id as deviceId',
        'd.name as deviceName',
        'l.parameter',
        'l.goal',
        'p.name as parameterName',
        'u.short as unit',
        's.last_work_at as lastWorkAt',
      ])
      .where('v.id', 'in', [...viewIds])
      .orderBy('v.id')
      .orderBy('l.position')
      .execute();
  }

  /** The views' logos (read only when a view changed since its logo was cached). */
  logos(viewIds: readonly number[]): Promise<{ id: number; logo: Buffer | null; logoType: string | null; updatedAt: Date }[]> {
    if (viewIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('production_views')
      .select(['id', 'logo', 'logo_type as logoType', 'updated_at as updatedAt'])
      .where('id', 'in', [...viewIds])
      .execute();
  }

  /** The shifts of the companies, by company. */
  async shifts(companyIds: readonly number[]): Promise<Map<number, ShiftDefinition[]>> {
    const byCompany = new Map<number, ShiftDefinition[]>();
    if (companyIds.length === 0) return byCompany;
    const rows = await this.db
      .selectFrom('production_shifts')
      .select(['company_id as companyId', 'position', 'name', 'hour_start as hourStart', 'hour_end as hourEnd'])
      .where('company_id', 'in', [...companyIds])
      .orderBy('company_id')
      .orderBy('position')
      .execute();
    for (const { companyId, ...shift } of rows) {
      const list = byCompany.get(companyId);
      if (list) list.push(shift);
      else byCompany.set(companyId, [shift]);
    }
    return byCompany;
  }

  /** The display link of a token's hash, or null (unknown or revoked: deleted). */
  async linkByHash(hash: Buffer): Promise<DisplayLinkRow | null> {
    const row = await this.db
      .selectFrom('production_view_display_links')
      .select(['id', 'view_id as viewId', 'company_id as companyId'])
      .where('token_sha256', '=', hash)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Of these link ids, those that still exist. */
  async existingLinks(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('production_view_display_links')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Marks the links used now, unless already marked within the last minute (a screen open for days writes rarely). */
  async touchLinks(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('production_view_display_links')
      .set({ last_used_at: sql`now()` })
      .where('id', 'in', [...ids])
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
      .execute();
  }
}
