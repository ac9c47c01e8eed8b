import type { Kysely } from 'kysely';
import type { ProductionParameterOption, ProductionView, ProductionViewLine, ProductionViewType } from '@gearwatch/contracts';
import { PRODUCTION_FIXED_PARAMETER_NAMES, PRODUCTION_VIEW_LIMITS, productionValueKindOf } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { AuthContext, TenantScope } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { copyName } from '../forms/duplicate.ts';
import { checkViewInput } from './view-input.ts';
import type { LineRecord, ProductionViewSortField, ProductionViewsRepository, ViewRecord } from './views-repository.ts';

/** A write that changes what a live screen shows, or which screens may stay open. */
export type ProductionViewChange =
  | { kind: 'saved'; companyId: number; viewId: number }
  | { kind: 'deleted'; companyId: number; viewId: number }
  | { kind: 'link-revoked'; companyId: number; viewId: number; linkId: number };

/**
 * Told of each change inside its transaction, before the commit (the live part sends the screens their new state or
 * ends a revoked link's streams; a notification written in the transaction is delivered only if it commits).
 */
export type ProductionViewChangeListener = (trx: Kysely<DB>, change: ProductionViewChange) => Promise<void>;

/**
 * Production views (spec 01 §2, §3, §5): the list, one view, the wizard's create and edit, delete, and the parameters
 * a line may show for a device. As report configurations and alert rules: a new view is of the caller's company (a
 * super-admin acts as one of its users to make one for another); a company's users read and change its views, a
 * super-admin every company's; another company's view answers 404 to anyone else, as one that does not exist. A
 * line's device is always of the view's company.
 */
export class ProductionViewsService {
  constructor(
    private readonly repository: ProductionViewsRepository,
    private readonly changed: ProductionViewChangeListener = async () => undefined,
  ) {}

  async list(auth: AuthContext, request: ListRequest<ProductionViewSortField>): Promise<Page<ProductionView>> {
    const page = await this.repository.list(scopeOf(auth), request);
    return { total: page.total, entries: await present(this.repository, page.entries) };
  }

  async get(auth: AuthContext, id: number): Promise<ProductionView> {
    return (await present(this.repository, [await find(this.repository, auth, id)]))[0]!;
  }

  /** The wizard's Send: every wrong field at once (400, nothing written), else the view and both lines in one transaction. */
  create(auth: AuthContext, raw: Record<string, unknown>): Promise<ProductionView> {
    return this.repository.transaction(async (repository, trx) => {
      const checked = await checkViewInput(raw, { parametersOf: parametersOf(repository, auth.companyId), hasLogo: false });
      if ('errors' in checked) throw new ValidationError(checked.errors);
      const id = await repository.insert(auth.companyId, auth.userId, checked.values);
      await this.changed(trx, { kind: 'saved', companyId: auth.companyId, viewId: id });
      return (await present(repository, [await find(repository, auth, id)]))[0]!;
    });
  }

  /** The wizard opened to edit: the create's fields; a logo left out keeps the one set. */
  update(auth: AuthContext, id: number, raw: Record<string, unknown>): Promise<ProductionView> {
    return this.repository.transaction(async (repository, trx) => {
      await find(repository, auth, id);
      await repository.lock(id);
      // Read under the lock: an edit or delete that held it may have changed the view.
      const current = await find(repository, auth, id);
      const checked = await checkViewInput(raw, { parametersOf: parametersOf(repository, current.companyId), hasLogo: current.logo !== null });
      if ('errors' in checked) throw new ValidationError(checked.errors);
      await repository.update(current.companyId, id, checked.values);
      await this.changed(trx, { kind: 'saved', companyId: current.companyId, viewId: id });
      return (await present(repository, [await find(repository, auth, id)]))[0]!;
    });
  }

  /**
   * Copies a view into its company with its lines, reset hours and logo, named `name` or the original's name +
   * ' (copy)'. Its display links are not copied: a link is a screen's key to the one view it was made for.
   * Answers the copy's id.
   */
  duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number> {
    return this.repository.transaction(async (repository, trx) => {
      const source = await find(repository, auth, id);
      await repository.lockCompanyCopies(source.companyId);
      const copy = await copyName(source.name, name, { minLength: PRODUCTION_VIEW_LIMITS.nameMin, maxLength: PRODUCTION_VIEW_LIMITS.nameMax }, (prefix) =>
        repository.namesStartingWith(source.companyId, prefix),
      );
      const copyId = await repository.duplicate(id, copy, auth.userId);
      await this.changed(trx, { kind: 'saved', companyId: source.companyId, viewId: copyId });
      return copyId;
    });
  }

  /** Deletes the view with its lines and display links (their screens close). */
  delete(auth: AuthContext, id: number): Promise<void> {
    return this.repository.transaction(async (repository, trx) => {
      const current = await find(repository, auth, id);
      if (!(await repository.delete(current.companyId, id))) throw new NotFoundError();
      await this.changed(trx, { kind: 'deleted', companyId: current.companyId, viewId: id });
    });
  }

  /** What a line may show for a device the caller reaches: efficiency, work, active, then the counters of its type. */
  async parameters(auth: AuthContext, deviceId: number): Promise<ProductionParameterOption[]> {
    const device = await this.repository.device(scopeOf(auth), deviceId);
    if (!device) throw new NotFoundError();
    const counters = await this.repository.counters(device.deviceTypeId);
    const fixed = Object.entries(PRODUCTION_FIXED_PARAMETER_NAMES).map(([id, name]) => ({ id: Number(id), name, unit: null }));
    return [...fixed, ...counters.map((c) => ({ id: c.number, name: c.name, unit: c.unit }))].map((option) => ({
      ...option,
      valueKind: productionValueKindOf(option.id),
    }));
  }
}

/** A view the caller reaches; 404 otherwise. */
async function find(repository: ProductionViewsRepository, auth: AuthContext, id: number): Promise<ViewRecord> {
  const view = await repository.find(scopeOf(auth), id);
  if (!view) throw new NotFoundError();
  return view;
}

/**
 * The parameter numbers a line may show per device of the view's company (null: not its device), asked once per
 * device; the device is held until the save commits.
 */
function parametersOf(repository: ProductionViewsRepository, companyId: number): (deviceId: number) => Promise<ReadonlySet<number> | null> {
  const known = new Map<number, ReadonlySet<number> | null>();
  const scope: TenantScope = { kind: 'company', companyId };
  return async (deviceId) => {
    if (!known.has(deviceId)) {
      const device = await repository.device(scope, deviceId, { hold: true });
      const counters = device ? await repository.counters(device.deviceTypeId) : null;
      known.set(deviceId, counters && new Set([...Object.keys(PRODUCTION_FIXED_PARAMETER_NAMES).map(Number), ...counters.map((c) => c.number)]));
    }
    return known.get(deviceId) ?? null;
  };
}

/** The views as the API reads them, with their lines (one query for all of them). */
async function present(repository: ProductionViewsRepository, views: ViewRecord[]): Promise<ProductionView[]> {
  const lines = await repository.lines(views.map((view) => view.id));
  return views.map((view) => ({
    id: view.id,
    name: view.name,
    view_type: view.viewType as ProductionViewType,
    lines: lines.filter((line) => line.viewId === view.id).map(presentLine),
    reset_time: [...view.resetHours].sort((a, b) => a - b).map((hour) => `${String(hour).padStart(2, '0')}:00`),
    logo: view.logo && view.logoType ? `data:${view.logoType};base64,${Buffer.from(view.logo).toString('base64')}` : null,
    createdAt: new Date(view.createdAt).toISOString(),
    updatedAt: new Date(view.updatedAt).toISOString(),
  }));
}

/**
 * A counter the device's type no longer has, or a line whose device was deleted, is named by its number: the view
 * still opens, and editing it picks a parameter again.
 */
export function presentLine(line: LineRecord): ProductionViewLine {
  const fixed = PRODUCTION_FIXED_PARAMETER_NAMES[line.parameter];
  return {
    label: line.label,
    deviceId: line.deviceId,
    deviceName: line.deviceName,
    param: line.parameter,
    paramName: fixed ?? line.parameterName ?? String(line.parameter),
    valueKind: productionValueKindOf(line.parameter),
    unit: fixed === undefined ? line.unit : null,
    target: line.goal,
  };
}
