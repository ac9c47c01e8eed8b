import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The NOTIFY channel on which instances tell each other which devices got readings (payload: comma-separated ids). */
export const READINGS_CHANNEL = 'gearwatch_readings';
/** A NOTIFY payload must stay under 8000 bytes: ids are sent in parts of at most this many characters. */
const PAYLOAD_MAX = 7900;

export interface ReadingsBellOptions {
  /** At most one NOTIFY statement per this many milliseconds; the devices of every batch in between go together. */
  intervalMs?: number;
  log?: { warn(object: object, message: string): void };
}

/**
 * The readings bell (docs/events.md "The readings bell"): ingest rings it after a batch of a device committed; it
 * gathers the device ids and sends them with one `pg_notify` at most every 250 ms, from the pool, outside any
 * ingest transaction (a NOTIFY inside the batch would serialise every batch's commit on the notification queue's
 * lock). Every instance with open live screens LISTENs on the channel and recomputes the views of those devices.
 * A bell lost (a failed statement, a dropped LISTEN) costs at most the screens' periodic refresh.
 */
export class ReadingsBell {
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private lastSent = 0;
  private sending: Promise<void> | null = null;
  private closed = false;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: ReadingsBellOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 250;
  }

  useLog(log: NonNullable<ReadingsBellOptions['log']>): void {
    this.options.log = log;
  }

  /** A batch of the device committed. Never waits and never throws: ingest's answer does not depend on it. */
  ring(deviceId: number): void {
    if (this.closed) return;
    this.pending.add(deviceId);
    if (this.timer || this.sending) return;
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastSent + this.intervalMs - Date.now()));
    this.timer.unref();
  }

  /** Sends what is pending now (tests, shutdown). */
  async flushNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
    await this.send();
  }

  /** Stops ringing; what is pending is dropped (the screens' refresh covers it). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    await this.sending;
  }

  private flush(): void {
    this.timer = null;
    this.sending = this.send().finally(() => {
      this.sending = null;
      // Rung while sending: the next NOTIFY waits for its turn.
      if (this.pending.size > 0 && !this.closed) this.ring([...this.pending][0]!);
    });
  }

  private async send(): Promise<void> {
    if (this.pending.size === 0 || this.closed) return;
    const ids = [...this.pending];
    this.pending.clear();
    this.lastSent = Date.now();
    const parts: string[] = [];
    let part = '';
    for (const id of ids) {
      const text = String(id);
      if (part && part.length + 1 + text.length > PAYLOAD_MAX) {
        parts.push(part);
        part = '';
      }
      part = part ? `${part},${text}` : text;
    }
    if (part) parts.push(part);
    try {
      await sql`select pg_notify(${READINGS_CHANNEL}, p) from unnest(${parts}::text[]) as p`.execute(this.db);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'readings bell NOTIFY failed; live screens catch up on their refresh');
    }
  }
}

/** The device ids of a bell's payload (anything that is not an id is skipped). */
export function parseBell(payload: string): number[] {
  return payload
    .split(',')
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number);
}

/** A change of a view's definition or links, as the views API tells it (its ProductionViewChangeListener). */
export interface ViewChange {
  kind: 'saved' | 'deleted' | 'link-revoked';
  viewId: number;
  linkId?: number;
}

/**
 * Rings the bell for a changed view (`v{id}`: its screens are sent its new state, or end when it was deleted) or a
 * revoked link (`l{id}`: its screens end at once), on `db`, the change's own transaction: the NOTIFY is delivered to
 * every instance on commit, and not at all if the change rolls back.
 */
export async function notifyViewChange(db: Kysely<DB>, change: ViewChange): Promise<void> {
  const notice = change.kind === 'link-revoked' && change.linkId !== undefined ? `l${change.linkId}` : `v${change.viewId}`;
  await sql`select pg_notify(${READINGS_CHANNEL}, ${notice})`.execute(db);
}

/** The views (`v{id}`) and links (`l{id}`) a bell's payload names. */
export function parseBellNotices(payload: string): { views: number[]; links: number[] } {
  const views: number[] = [];
  const links: number[] = [];
  for (const part of payload.split(',')) {
    const match = /^([vl])(\d{1,10})$/.exec(part);
    if (match) (match[1] === 'v' ? views : links).push(Number(match[2]));
  }
  return { views, links };
}
