import { PRODUCTION_FIXED_PARAMETER_NAMES } from '@gearwatch/contracts';
import type { ProductionViewState, ProductionViewType } from '@gearwatch/contracts';
import { NotFoundError } from '../../http/errors.ts';
import { scopeOf } from '../../security/context.ts';
import type { AuthContext } from '../../security/context.ts';
import { timeZone } from '../../time/time-zone.ts';
import { hashDisplayToken } from '../display-token.ts';
import { lineState } from './line-state.ts';
import type { LineDefinition } from './line-state.ts';
import type { LiveLineRow, LiveViewsRepository } from './live-repository.ts';
import type { AggregateItem, LineSumsRepository } from '../../rollups/line-sums-repository.ts';
import { periodAt } from './period.ts';
import { insideShift, multirangeText, shiftSpans, spansLength } from './shift-time.ts';

/** Logos kept in memory at most (each up to PRODUCTION_VIEW_LIMITS.logoMaxBytes); the oldest read is dropped first. */
const LOGO_CACHE_SIZE = 100;

/** A display link as a screen opened with its token sees it. */
export interface DisplayAccess {
  linkId: number;
  viewId: number;
}

/**
 * The live state of production views (docs/production.md): the period from the last reset hour in the company's
 * time zone, each line's value from the 5-minute rollup, its pace, projection, status and OEE. `states` computes
 * any number of views with four reads in all (lines, logos when changed, shifts, rollup sums).
 */
export class ProductionLiveService {
  /** Logos as data URLs by view, with the view's updated_at they belong to: a logo is read once per change. */
  private readonly logos = new Map<number, { updatedAt: number; dataUrl: string | null }>();

  constructor(
    private readonly repository: LiveViewsRepository,
    private readonly sums: LineSumsRepository,
  ) {}

  /** `GET /api/productionviews/{id}/state`: a view of the caller's company (any for a super-admin), or 404. */
  async stateForUser(auth: AuthContext, viewId: number): Promise<ProductionViewState> {
    await this.assertVisible(auth, viewId);
    const state = (await this.states([viewId])).get(viewId);
    if (!state) throw new NotFoundError();
    return state;
  }

  /**
   * 404 unless the view is in the caller's scope: their company's, or any for a super-admin (as the views API and
   * report configurations scope them).
   */
  async assertVisible(auth: AuthContext, viewId: number): Promise<void> {
    const companyId = await this.repository.companyOf(viewId);
    const scope = scopeOf(auth);
    if (companyId === null || (scope.kind === 'company' && companyId !== scope.companyId)) throw new NotFoundError();
  }

  /** The link a token opens; unknown and revoked tokens are both 404, with no hint which. */
  async displayAccess(token: string): Promise<DisplayAccess> {
    const link = await this.repository.linkByHash(hashDisplayToken(token));
    if (!link) throw new NotFoundError();
    return { linkId: link.id, viewId: link.viewId };
  }

  /** Marks display links used (at most once a minute each, in the statement). */
  touchLinks(linkIds: readonly number[]): Promise<void> {
    return this.repository.touchLinks(linkIds);
  }

  /** Of these display links, the ones not revoked. */
  existingLinks(linkIds: readonly number[]): Promise<Set<number>> {
    return this.repository.existingLinks(linkIds);
  }

  /** The states of the views that exist, computed at `now`. */
  async states(viewIds: readonly number[], now = Date.now()): Promise<Map<number, ProductionViewState>> {
    const rows = await this.repository.lines(viewIds);
    const byView = new Map<number, LiveLineRow[]>();
    for (const row of rows) {
      const list = byView.get(row.viewId);
      if (list) list.push(row);
      else byView.set(row.viewId, [row]);
    }
    const [shifts, logos] = await Promise.all([this.repository.shifts([...new Set(rows.map((r) => r.companyId))]), this.loadLogos(byView)]);
    const items: AggregateItem[] = [];
    const contexts = new Map<number, { period: { start: number; end: number }; inShift: boolean; plannedMs: number }>();
    for (const [viewId, lines] of byView) {
      const first = lines[0]!;
      const zone = timeZone(first.timezone);
      const period = periodAt(first.resetHours, zone, now);
      const companyShifts = shifts.get(first.companyId) ?? [];
      const planned = shiftSpans(companyShifts, zone, period.start, now);
      contexts.set(viewId, { period, inShift: insideShift(companyShifts, zone, now), plannedMs: spansLength(planned) });
      for (const line of lines) {
        if (line.deviceId === null) continue;
        items.push({
          key: items.length,
          deviceId: line.deviceId,
          parameter: line.parameter,
          from: new Date(period.start),
          to: new Date(period.end),
          planned: multirangeText(planned),
        });
      }
    }
    const aggregates = await this.sums.aggregates(items);
    const states = new Map<number, ProductionViewState>();
    let key = 0;
    const computedAt = new Date(now).toISOString();
    for (const [viewId, lines] of byView) {
      const first = lines[0]!;
      const context = { ...contexts.get(viewId)!, now };
      states.set(viewId, {
        viewId,
        name: first.name,
        view_type: first.viewType as ProductionViewType,
        logo: logos.get(viewId) ?? null,
        timezone: first.timezone,
        periodStart: new Date(context.period.start).toISOString(),
        periodEnd: new Date(context.period.end).toISOString(),
        computedAt,
        lines: lines.map((line) => lineState(definitionOf(line), line.deviceId === null ? undefined : aggregates.get(key++), context)),
      });
    }
    return states;
  }

  /** The views' logos, from the cache or (changed since, or not cached) read. */
  private async loadLogos(byView: Map<number, LiveLineRow[]>): Promise<Map<number, string | null>> {
    const found = new Map<number, string | null>();
    const stale: number[] = [];
    for (const [viewId, lines] of byView) {
      const cached = this.logos.get(viewId);
      if (cached?.updatedAt === lines[0]!.updatedAt.getTime()) found.set(viewId, cached.dataUrl);
      else stale.push(viewId);
    }
    if (stale.length === 0) return found;
    for (const row of await this.repository.logos(stale)) {
      const dataUrl = row.logo && row.logoType ? `data:${row.logoType};base64,${Buffer.from(row.logo).toString('base64')}` : null;
      found.set(row.id, dataUrl);
      this.logos.delete(row.id);
      this.logos.set(row.id, { updatedAt: row.updatedAt.getTime(), dataUrl });
    }
    // A Map iterates in insertion order: the first keys are the longest unread.
    for (const id of this.logos.keys()) {
      if (this.logos.size <= LOGO_CACHE_SIZE) break;
      this.logos.delete(id);
    }
    return found;
  }
}

function definitionOf(row: LiveLineRow): LineDefinition {
  return {
    label: row.label,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    param: row.parameter,
    paramName: PRODUCTION_FIXED_PARAMETER_NAMES[row.parameter] ?? row.parameterName ?? String(row.parameter),
    unit: row.parameter in PRODUCTION_FIXED_PARAMETER_NAMES ? null : row.unit,
    goal: row.goal,
    lastWorkAt: row.lastWorkAt,
  };
}
