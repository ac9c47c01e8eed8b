import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { LeaseRepository } from './lease-repository.ts';

export interface LeaseLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface LeaseOptions {
  /** How long the lease lasts without renewal: how long a dead holder blocks the others. */
  ttlSeconds?: number;
  log?: LeaseLog;
}

/** This process, as a lease holder: host, pid and a random part (a pid is reused after a restart). */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Something exactly one instance does at a time (the demo simulator, an MQTT client id), coordinated through the
 * `leases` table, so it works across instances on one PostgreSQL and on PGlite alike. The holder renews it every
 * third of its lifetime; an instance that dies stops renewing, and another takes it once it has expired.
 */
export class Lease {
  private readonly repository: LeaseRepository;
  private readonly ttlSeconds: number;
  private timer: NodeJS.Timeout | null = null;
  private held = false;
  private stopped = false;

  constructor(
    db: Kysely<DB>,
    readonly name: string,
    private readonly holder: string = PROCESS_HOLDER,
    private readonly options: LeaseOptions = {},
  ) {
    this.repository = new LeaseRepository(db);
    this.ttlSeconds = options.ttlSeconds ?? 30;
  }

  get isHeld(): boolean {
    return this.held;
  }

  /** Takes the lease if it is free or expired, and keeps it renewed; `onLost` runs if it is ever lost. */
  async tryAcquire(onLost?: () => void): Promise<boolean> {
    if (!(await this.repository.acquire(this.name, this.holder, this.ttlSeconds))) return false;
    this.held = true;
    this.keepRenewed(onLost);
    return true;
  }

  /**
   * Whether the lease is held by an instance that is alive: renewed within the last renewal period and a margin.
   * A lease whose holder stopped renewing is still held until it expires, but nobody is behind it.
   */
  async heldByLiveInstance(): Promise<boolean> {
    const row = await this.repository.find(this.name);
    if (!row || row.expiresAt <= row.now) return false;
    return row.now.getTime() - row.renewedAt.getTime() < (this.renewEverySeconds() + 5) * 1000;
  }

  /** Seconds until the lease expires (0 when free or expired). */
  async secondsLeft(): Promise<number> {
    const row = await this.repository.find(this.name);
    return row ? Math.max(0, (row.expiresAt.getTime() - row.now.getTime()) / 1000) : 0;
  }

  /** Tries every `everySeconds` until the lease is taken; resolves then (or never, until `stop`). */
  async waitToAcquire(everySeconds: number, onLost?: () => void): Promise<void> {
    while (!(await this.tryAcquire(onLost).catch(() => false))) {
      await new Promise<void>((resolve) => {
        this.timer = setTimeout(resolve, everySeconds * 1000);
        this.timer.unref();
      });
      if (this.stopped) return new Promise<void>(() => undefined);
    }
  }

  /** Who holds the lease now (live or not), or undefined when nobody does. */
  async currentHolder(): Promise<string | undefined> {
    return (await this.repository.find(this.name))?.holder;
  }

  /**
   * Stops renewing and gives the lease up like `release`, but keeps its row as a record that the name was in use
   * (an MQTT client id whose broker session outlives the process).
   */
  async lapse(): Promise<void> {
    this.stop();
    if (this.held) await this.repository.lapse(this.name, this.holder).catch(() => undefined);
    this.held = false;
  }

  /** Stops renewing and waiting, and gives the lease up so another instance takes it at once. */
  async release(): Promise<void> {
    this.stop();
    if (this.held) await this.repository.release(this.name, this.holder).catch(() => undefined);
    this.held = false;
  }

  private stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private renewEverySeconds(): number {
    return Math.max(1, Math.floor(this.ttlSeconds / 3));
  }

  private keepRenewed(onLost?: () => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.repository
        .renew(this.name, this.holder, this.ttlSeconds)
        .then((renewed) => {
          if (this.stopped) return;
          if (renewed) return this.keepRenewed(onLost);
          this.held = false;
          this.options.log?.warn({ lease: this.name }, 'lease lost to another instance');
          onLost?.();
        })
        // A database hiccup: try again next period; the lease lasts three periods.
        .catch(() => (this.stopped ? undefined : this.keepRenewed(onLost)));
    }, this.renewEverySeconds() * 1000);
    this.timer.unref();
  }
}
