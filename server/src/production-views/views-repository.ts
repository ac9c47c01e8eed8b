import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PRODUCTION_EXCLUDED_COUNTERS, PRODUCTION_FIXED_PARAMETERS } from '@gearwatch/contracts';
import type { PRODUCTION_VIEW_SORT_FIELDS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';
import type { TenantScope } from '../security/context.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';
import type { ViewValues } from './view-input.ts';

/** A view as stored (migration 021). */
export interface ViewRecord {
  id: number;
  companyId: number;
  name: string;
  viewType: string;
  resetHours: number[];
  logo: Uint8Array | null;
  logoType: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A line with the names the API shows: its device's, and its parameter's on the device's type when it is a counter. */
export interface LineRecord {
  viewId: number;
  position: number;
  label: string;
  deviceId: number | null;
  deviceName: string | null;
  parameter: number;
  goal: number;
  /** The device type's name of the parameter; null for a parameter the type does not have (or no device). */
  parameterName: string | null;
  /** The parameter's unit, short. */
  unit: string | null;
}

/** A counter of a device type a line may show. */
export interface CounterRecord {
  number: number;
  name: string;
  unit: string | null;
}

export type ProductionViewSortField = (typeof PRODUCTION_VIEW_SORT_FIELDS)[number];

const SORT = {
  name: sql`lower(v.name)`,
  view_type: sql`v.view_type`,
  createdAt: sql`v.created_at`,
} as const;

/** Parameter numbers never offered as a counter: the fixed ones (0, 1, 2) and the internal ones. */
const NOT_COUNTERS = [...new Set([...PRODUCTION_FIXED_PARAMETERS, ...PRODUCTION_EXCLUDED_COUNTERS])];

/** The SQL of production views and their lines; every query is scoped by the company (every company for a super-admin). */
export class ProductionViewsRepository {
  constructor(readonly db: Kysely<DB>) {}

  /**
   * Runs `work` in one transaction with a repository bound to it: the view and both lines are written together or
   * not at all. Inside, use only the repository handed in (PGlite is one connection).
   */
  transaction<T>(work: (repository: ProductionViewsRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ProductionViewsRepository(trx), trx));
  }

  private base() {
    return this.db
      .selectFrom('production_views as v')
      .select([
        'v.id',
        'v.company_id as companyId',
        'v.name',
        'v.view_type as viewType',
        'v.reset_hours as resetHours',
        'v.logo',
        'v.logo_type as logoType',
        'v.created_at as createdAt',
        'v.updated_at as updatedAt',
      ]);
  }

  async list(scope: TenantScope, request: ListRequest<ProductionViewSortField>): Promise<Page<ViewRecord>> {
    let matching = this.db.selectFrom('production_views as v');
    if (scope.kind === 'company') matching = matching.where('v.company_id', '=', scope.companyId);
    if (request.search) matching = matching.where('v.name', 'ilike', likePattern(request.search));
    const page = await pagedList(matching, (query) => query.select('v.id'), request, { columns: SORT, tiebreak: sql`v.id` });
    const ids = page.entries.map((row) => row.id);
    const rows = ids.length === 0 ? [] : await this.base().where('v.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { total: page.total, entries: ids.flatMap((id) => byId.get(id) ?? []) };
  }

  find(scope: TenantScope, id: number): Promise<ViewRecord | undefined> {
    const query = this.base().where('v.id', '=', id);
    return (scope.kind === 'company' ? query.where('v.company_id', '=', scope.companyId) : query).executeTakeFirst();
  }

  /** The names, in lower case, of the company's views that start with `prefix` (numbering copies). */
  namesStartingWith(companyId: number, prefix: string): Promise<Set<string>> {
    return new FormLookupsRepository(this.db).namesInCompanyStartingWith('production_views', companyId, prefix);
  }

  /** Serialises the copies of one company until the transaction ends, so two copies cannot take one name. */
  lockCompanyCopies(companyId: number): Promise<void> {
    return new FormLookupsRepository(this.db).lockCompanyCopies(companyId);
  }

  /** A new view of the source's company named `name`, made by `createdBy`: its type, reset hours, logo and lines. */
  async duplicate(sourceId: number, name: string, createdBy: number | null): Promise<number> {
    const copy = await this.db
      .insertInto('production_views')
      .columns(['company_id', 'name', 'view_type', 'reset_hours', 'logo', 'logo_type', 'created_by'])
      .expression((eb) =>
        eb
          .selectFrom('production_views')
          .select(['company_id', eb.val(name).as('name'), 'view_type', 'reset_hours', 'logo', 'logo_type', eb.val(createdBy).as('created_by')])
          .where('id', '=', sourceId),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('production_view_lines')
      .columns(['company_id', 'view_id', 'position', 'label', 'device_id', 'parameter', 'goal'])
      .expression((eb) =>
        eb
          .selectFrom('production_view_lines')
          .select(['company_id', eb.val(copy.id).as('view_id'), 'position', 'label', 'device_id', 'parameter', 'goal'])
          .where('view_id', '=', sourceId),
      )
      .execute();
    return copy.id;
  }

  /** Locks the view's row for this transaction, so two edits of one view run one after the other. */
  async lock(id: number): Promise<void> {
    await sql`select id from production_views where id = ${id} for update`.execute(this.db);
  }

  /** The lines of the views, by view and position, with their device's and parameter's names. */
  async lines(viewIds: readonly number[]): Promise<LineRecord[]> {
    if (viewIds.length === 0) return [];
    return this.db
      .selectFrom('production_view_lines as l')
      .leftJoin('devices as d', (join) => join.onRef('d.id', '=', 'l.device_id').onRef('d.company_id', '=', 'l.company_id'))
      .leftJoin('parameters as p', (join) => join.onRef('p.device_type_id', '=', 'd.device_type_id').onRef('p.number', '=', 'l.parameter'))
      .leftJoin('units as u', 'u.id', 'p.unit_id')
      .select([
        'l.view_id as viewId',
        'l.position',
        'l.label',
        'l.device_id as deviceId',
        'd.name as deviceName',
        'l.parameter',
        'l.goal',
        'p.name as parameterName',
        'u.short as unit',
      ])
      .where('l.view_id', 'in', [...viewIds])
      .orderBy('l.view_id')
      .orderBy('l.position')
      .execute();
  }

  /**
   * A device in the scope and its type; undefined for another company's or none. `hold` keeps it from being deleted
   * until the transaction ends (a line about to refer to it).
   */
  device(scope: TenantScope, deviceId: number, options: { hold?: boolean } = {}): Promise<{ id: number; deviceTypeId: number } | undefined> {
    let query = this.db.selectFrom('devices').select(['id', 'device_type_id as deviceTypeId']).where('id', '=', deviceId);
    if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId);
    return (options.hold ? query.forKeyShare() : query).executeTakeFirst();
  }

  /** The counters of a device type: parameters summed over time (`sum`), not work, active or the internal ones; by number. */
  counters(deviceTypeId: number): Promise<CounterRecord[]> {
    return this.db
      .selectFrom('parameters as p')
      .leftJoin('units as u', 'u.id', 'p.unit_id')
      .select(['p.number', 'p.name', 'u.short as unit'])
      .where('p.device_type_id', '=', deviceTypeId)
      .where('p.aggregation', '=', 'sum')
      .where('p.number', 'not in', NOT_COUNTERS)
      .orderBy('p.number')
      .execute();
  }

  async insert(companyId: number, createdBy: number | null, values: ViewValues): Promise<number> {
    const row = await this.db
      .insertInto('production_views')
      .values({
        company_id: companyId,
        created_by: createdBy,
        name: values.name,
        view_type: values.viewType,
        reset_hours: sql<number[]>`${values.resetHours}::smallint[]`,
        logo: values.logo?.bytes ?? null,
        logo_type: values.logo?.type ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.insertLines(companyId, row.id, values);
    return row.id;
  }

  /** Replaces the view's values and both lines; the logo only when a new one was sent. */
  async update(companyId: number, id: number, values: ViewValues): Promise<void> {
    await this.db
      .updateTable('production_views')
      .set({
        name: values.name,
        view_type: values.viewType,
        reset_hours: sql<number[]>`${values.resetHours}::smallint[]`,
        ...(values.logo ? { logo: values.logo.bytes, logo_type: values.logo.type } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    await this.db.deleteFrom('production_view_lines').where('view_id', '=', id).where('company_id', '=', companyId).execute();
    await this.insertLines(companyId, id, values);
  }

  /** Deletes the view; its lines and display links go with it (migration 021 cascades). */
  async delete(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('production_views').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  private async insertLines(companyId: number, viewId: number, values: ViewValues): Promise<void> {
    await this.db
      .insertInto('production_view_lines')
      .values(
        values.lines.map((line, position) => ({
          company_id: companyId,
          view_id: viewId,
          position,
          label: line.label,
          device_id: line.deviceId,
          parameter: line.parameter,
          goal: line.goal,
        })),
      )
      .execute();
  }
}
