import { PRODUCTION_LIVE } from '@gearwatch/contracts';
import type { ProductionViewState } from '@gearwatch/contracts';
import type { EventHub, ListenFn } from '../streams/hub.ts';
import { formatTopicEvent } from '../streams/hub.ts';
import type { Unlisten } from '../../db/database.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../security/context.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { READINGS_CHANNEL, notifyViewChange, parseBell, parseBellNotices } from './readings-bell.ts';
import type { ViewChange } from './readings-bell.ts';

const VIEW_PREFIX = 'production-view:';
const LINK_PREFIX = 'display-link:';
export const viewTopic = (viewId: number) => `${VIEW_PREFIX}${viewId}`;
export const linkTopic = (linkId: number) => `${LINK_PREFIX}${linkId}`;

/** What a route opens a stream with: its topics and its first event (the view's current state). */
export interface ScreenStream {
  topics: string[];
  initial: string;
}

/** A display link as its token opened it: the link and its one view. */
export interface ScreenLink {
  linkId: number;
  viewId: number;
}

/**
 * What the screens need of the production views feature (its ProductionLiveService, given in services.ts): who may
 * watch a view, what a view shows now, and which display links still stand.
 */
export interface ScreenSource {
  /** Throws NotFoundError for a view that is not in the caller's scope. */
  assertVisible(auth: AuthContext, viewId: number): Promise<void>;
  /** The states of the views that exist (a deleted view is missing). */
  states(viewIds: readonly number[]): Promise<Map<number, ProductionViewState>>;
  /** Of these display links, the ones not revoked. */
  existingLinks(linkIds: readonly number[]): Promise<Set<number>>;
  /** Marks display links used. */
  touchLinks(linkIds: readonly number[]): Promise<void>;
}

export interface ProductionScreensOptions {
  /** A view is computed at most once per this many milliseconds, however often its devices' bell rings. */
  minIntervalMs?: number;
  /** Every open view is sent at least this often (the screen's "updated N s ago"; the pace moves). */
  refreshMs?: number;
  /** How often the refresh looks for views due and revoked links. */
  tickMs?: number;
  log?: { warn(object: object, message: string): void };
}

/**
 * The live screens of this instance (docs/production.md "Delivery"): the views that have open streams (topics of the
 * event hub), kept current. A readings bell (readings-bell.ts, NOTIFY on `gearwatch_readings`, LISTENed only while a
 * screen is open) names devices with new data: their open views are computed again, coalesced to at most one
 * computation per view per second, all due views of a turn together (one set of reads), and published to their
 * topics. Every view is also refreshed at least every PRODUCTION_LIVE.refreshSeconds, and the display links of open
 * screens are checked as often: a revoked link's streams end (`revoked`).
 */
export class ProductionScreens {
  private readonly openViews = new Set<number>();
  private readonly openLinks = new Set<number>();
  /** The devices of each open view (from its last state): which views a bell's devices concern. */
  private readonly devicesOf = new Map<number, number[]>();
  private readonly lastComputed = new Map<number, number>();
  /** The logo each open view's streams were last sent (left out of a state while it stays the same). */
  private readonly logosSent = new Map<number, string | null>();
  private readonly pending = new Set<number>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private ticker: NodeJS.Timeout | null = null;
  /** Links are checked refreshMs after the first screen opens (each was checked when its stream opened). */
  private lastLinkCheck = Date.now();
  private listen: ListenFn | null = null;
  private unlisten: Promise<Unlisten | null> | null = null;
  private closed = false;
  private readonly options: Required<Omit<ProductionScreensOptions, 'log'>> & Pick<ProductionScreensOptions, 'log'>;

  constructor(
    private readonly live: ScreenSource,
    private readonly hub: EventHub,
    options: ProductionScreensOptions = {},
  ) {
    this.options = { minIntervalMs: 1000, refreshMs: PRODUCTION_LIVE.refreshSeconds * 1000, tickMs: 1000, ...options };
    hub.observeTopics((topic, open) => this.onTopic(topic, open));
  }

  useListener(listen: ListenFn): void {
    this.listen = listen;
  }

  useLog(log: NonNullable<ProductionScreensOptions['log']>): void {
    this.options.log = log;
  }

  /** `GET /api/events?productionView=`: the caller's company's view (else 404) and its state now. */
  async forUser(auth: AuthContext, viewId: number): Promise<ScreenStream> {
    await this.live.assertVisible(auth, viewId);
    return { topics: [viewTopic(viewId)], initial: await this.initial(viewId) };
  }

  /** `GET /api/display/{token}/events` of a link found by its token (ProductionLiveService.displayAccess): its view only, its state now. */
  async forDisplay(access: ScreenLink): Promise<ScreenStream> {
    await this.live.touchLinks([access.linkId]);
    return { topics: [viewTopic(access.viewId), linkTopic(access.linkId)], initial: await this.initial(access.viewId) };
  }

  /**
   * A display link was deleted on this instance: its streams here end now (`revoked`) rather than at the next check;
   * other instances' end within refreshMs by that check.
   */
  revokeLink(linkId: number): void {
    this.hub.endTopic(linkTopic(linkId), 'revoked');
  }

  /**
   * The views API's change listener (a view saved or deleted, a link revoked), called in the change's transaction:
   * every instance hears of it on commit through the bell's channel, so screens show an edit, and end on a deletion or
   * a revocation, without waiting for the refresh.
   */
  viewChanged(trx: Kysely<DB>, change: ViewChange): Promise<void> {
    return notifyViewChange(trx, change);
  }

  /** Resolves when the computation in progress (if any) is done (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the refresh and the LISTEN (the hub ends the streams themselves). */
  async close(): Promise<void> {
    this.closed = true;
    this.stopTicker();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.settled();
    await this.stopListening();
  }

  private async initial(viewId: number): Promise<string> {
    const state = (await this.live.states([viewId])).get(viewId);
    // Deleted since the access check: as if it never was.
    if (!state) throw new NotFoundError();
    this.remember(state);
    return formatTopicEvent('production-view', state);
  }

  private remember(state: ProductionViewState): void {
    this.devicesOf.set(
      state.viewId,
      state.lines.flatMap((line) => (line.deviceId === null ? [] : [line.deviceId])),
    );
  }

  private onTopic(topic: string, open: boolean): void {
    if (topic.startsWith(LINK_PREFIX)) {
      const id = Number(topic.slice(LINK_PREFIX.length));
      if (open) this.openLinks.add(id);
      else this.openLinks.delete(id);
      return;
    }
    if (!topic.startsWith(VIEW_PREFIX)) return;
    const id = Number(topic.slice(VIEW_PREFIX.length));
    if (open) {
      this.openViews.add(id);
      // The stream was opened with the state of now; the next refresh is a period from now.
      this.lastComputed.set(id, Date.now());
      this.startListening();
      this.startTicker();
      return;
    }
    this.openViews.delete(id);
    this.devicesOf.delete(id);
    this.lastComputed.delete(id);
    this.logosSent.delete(id);
    this.pending.delete(id);
    if (this.openViews.size === 0) {
      this.stopTicker();
      void this.stopListening();
    }
  }

  /** A bell: the devices that got readings (null: the LISTEN reconnected, notifications may be lost). */
  private onBell(payload: string | null): void {
    if (payload === null) {
      this.schedule([...this.openViews]);
      return;
    }
    const notices = parseBellNotices(payload);
    for (const linkId of notices.links) this.hub.endTopic(linkTopic(linkId), 'revoked');
    const devices = new Set(parseBell(payload));
    const due: number[] = [...notices.views];
    for (const [viewId, viewDevices] of this.devicesOf) if (viewDevices.some((d) => devices.has(d))) due.push(viewId);
    this.schedule(due);
  }

  /** Asks for these views to be computed and published, at most once per view per minIntervalMs. */
  private schedule(viewIds: readonly number[]): void {
    for (const id of viewIds) if (this.openViews.has(id)) this.pending.add(id);
    this.kick();
  }

  private kick(): void {
    if (this.running || this.closed || this.pending.size === 0) return;
    const now = Date.now();
    const ready: number[] = [];
    let nextAt = Infinity;
    for (const id of this.pending) {
      const at = (this.lastComputed.get(id) ?? 0) + this.options.minIntervalMs;
      if (at <= now) ready.push(id);
      else nextAt = Math.min(nextAt, at);
    }
    if (ready.length === 0) {
      // One timer, for the earliest view due.
      if (this.timer && this.timerAt <= nextAt) return;
      if (this.timer) clearTimeout(this.timer);
      this.timerAt = nextAt;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.kick();
      }, nextAt - now);
      this.timer.unref();
      return;
    }
    for (const id of ready) {
      this.pending.delete(id);
      this.lastComputed.set(id, now);
    }
    this.running = this.compute(ready)
      .catch((error: unknown) => this.options.log?.warn({ err: error }, 'production view computation failed; retrying on the next refresh'))
      .finally(() => {
        this.running = null;
        this.kick();
      });
  }

  private async compute(viewIds: number[]): Promise<void> {
    const states = await this.live.states(viewIds);
    for (const id of viewIds) {
      const state = states.get(id);
      if (!this.openViews.has(id)) continue;
      if (!state) {
        // The view was deleted: its screens have nothing to show any more.
        this.hub.endTopic(viewTopic(id), 'revoked');
        continue;
      }
      this.remember(state);
      // The logo goes out when it changed: every stream got the current one in its first state.
      const logoSent = this.logosSent.get(id);
      this.logosSent.set(id, state.logo);
      this.hub.publish(viewTopic(id), 'production-view', logoSent === state.logo ? { ...state, logo: undefined } : state);
    }
  }

  /** Each tick: views not sent for refreshMs are due; every refreshMs the display links of open screens are checked. */
  private tick(): void {
    const now = Date.now();
    const due = [...this.openViews].filter((id) => now - (this.lastComputed.get(id) ?? 0) >= this.options.refreshMs);
    if (due.length > 0) this.schedule(due);
    if (this.openLinks.size > 0 && now - this.lastLinkCheck >= this.options.refreshMs) {
      this.lastLinkCheck = now;
      void this.checkLinks().catch((error: unknown) => this.options.log?.warn({ err: error }, 'display link check failed; retrying on the next refresh'));
    }
  }

  /** Ends the streams of revoked links; marks the others used (at most once a minute each). */
  private async checkLinks(): Promise<void> {
    const open = [...this.openLinks];
    const existing = await this.live.existingLinks(open);
    for (const id of open) if (!existing.has(id)) this.hub.endTopic(linkTopic(id), 'revoked');
    await this.live.touchLinks(open.filter((id) => existing.has(id)));
  }

  private startTicker(): void {
    if (this.ticker || this.closed) return;
    this.ticker = setInterval(() => this.tick(), this.options.tickMs);
    this.ticker.unref();
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private startListening(): void {
    if (this.unlisten || !this.listen || this.closed) return;
    this.unlisten = this.listen(READINGS_CHANNEL, (payload) => this.onBell(payload)).then(
      (unlisten) => {
        // Readings committed before the LISTEN took effect: the views opened meanwhile are computed once more.
        this.schedule([...this.openViews]);
        return unlisten;
      },
      (error: unknown) => {
        this.options.log?.warn({ err: error }, 'LISTEN for the readings bell failed; live screens update on their refresh only');
        return null;
      },
    );
  }

  private async stopListening(): Promise<void> {
    const pending = this.unlisten;
    this.unlisten = null;
    const unlisten = await pending;
    await unlisten?.().catch(() => undefined);
  }
}
