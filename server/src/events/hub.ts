import { USER_EVENTS_CHANNEL } from '@gearwatch/contracts';
import type { Unlisten } from '../db/database.ts';
import type { LoggedEvent, StreamCursor, StreamRepository } from './stream-repository.ts';

/** Where a stream's text goes: the HTTP response (routes.ts) or a test's buffer. */
export interface StreamSink {
  /** Writes SSE text; answers false when the client has more than it reads (the stream is then ended). */
  write(text: string): boolean;
  end(): void;
}

/** Subscribes to the NOTIFY channel of the event log (Database.listen); the payload is ignored. */
export type ListenFn = (channel: string, onNotify: (payload: string | null) => void) => Promise<Unlisten>;

export interface EventHubOptions {
  /** Comment lines keep proxies and the client's idle timers from closing a quiet stream. */
  heartbeatMs?: number;
  /** Events read per stream part and wake; more are read on the next turn at once. */
  readLimit?: number;
  /** Streams one user may hold on one instance (tabs); opening one more ends the oldest. */
  maxStreamsPerUser?: number;
  /** Unread text a slow client may leave in its buffer before its stream is ended (it resumes from its last id). */
  maxBufferedBytes?: number;
  log?: { warn(object: object, message: string): void };
}

export interface OpenStream {
  userId: number;
  /** The last event id the client has (`Last-Event-ID`), or null for a new stream: it gets what happens from now on. */
  lastEventId: number | null;
  /** The stream ends then (the access token expires); the client reconnects with a new one. */
  expiresAt?: Date;
  sink: StreamSink;
}

/** Why a stream was ended by the server (the `end` event's `reason`). */
export type EndReason = 'token-expired' | 'replaced' | 'slow-client' | 'shutdown';

class Stream {
  /** Every event up to this id has been sent or is not this user's. */
  cursor: number;
  ended = false;
  expiry: NodeJS.Timeout | null = null;

  constructor(
    readonly userId: number,
    cursor: number,
    readonly sink: StreamSink,
  ) {
    this.cursor = cursor;
  }
}

const DEFAULTS = { heartbeatMs: 20_000, readLimit: 1000, maxStreamsPerUser: 10, maxBufferedBytes: 1 << 20 };

/** The text of one event on the wire: `id`, `event` and one `data` line of JSON (which holds no line breaks). */
export function formatEvent(event: Pick<LoggedEvent, 'id' | 'type' | 'payload'>): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload ?? {})}\n\n`;
}

/**
 * The open `GET /api/events` streams of this instance and their fan-out (docs/events.md). One LISTEN on the event log's
 * channel per instance wakes it; each wake makes one read for every connected stream (StreamRepository
 * .readForStreams) and writes each stream the events of its user after its cursor. Writers of the log commit in id
 * order (event-log.ts), so a cursor is exact: an event is sent once per stream, and a stream resumed with
 * `Last-Event-ID` gets what it missed once.
 */
export class EventHub {
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<number, Stream[]>();
  private readonly options: typeof DEFAULTS & Pick<EventHubOptions, 'log'>;
  /** Every event up to here has been read for the streams that are not behind; null until the first read. */
  private horizon: number | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private listen: ListenFn | null = null;
  private unlisten: Promise<Unlisten | null> | null = null;
  private closed = false;

  constructor(
    private readonly repository: StreamRepository,
    options: EventHubOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Logs failed reads and LISTENs to `log` (the app's logger exists only after the services). */
  useLog(log: NonNullable<EventHubOptions['log']>): void {
    this.options.log = log;
  }

  /** The NOTIFY source (the app's database); without one the hub reads on every heartbeat only. */
  useListener(listen: ListenFn): void {
    this.listen = listen;
  }

  /** How many streams are open (metrics, tests). */
  get size(): number {
    return this.streams.size;
  }

  /** Registers a stream and sends it, in order, what it missed (with a Last-Event-ID) and then what comes. */
  async open({ userId, lastEventId, expiresAt, sink }: OpenStream): Promise<() => void> {
    if (this.closed) {
      sink.end();
      return () => undefined;
    }
    this.ensureListening();
    const cursor = lastEventId ?? (await this.repository.head());
    const stream = new Stream(userId, cursor, sink);
    this.streams.add(stream);
    const mine = this.byUser.get(userId) ?? [];
    mine.push(stream);
    this.byUser.set(userId, mine);
    while (mine.length > this.options.maxStreamsPerUser) this.end(mine[0]!, 'replaced');
    if (expiresAt) {
      const wait = expiresAt.getTime() - Date.now();
      if (wait <= 0) this.end(stream, 'token-expired');
      // setTimeout holds at most 2^31-1 ms; tokens live minutes.
      else stream.expiry = setTimeout(() => this.end(stream, 'token-expired'), Math.min(wait, 2_147_483_647));
    }
    this.startHeartbeat();
    this.wake();
    return () => this.remove(stream);
  }

  /** Reads and sends what is new; called on NOTIFY, on a new stream and on each heartbeat. Never overlaps itself. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.fanOut();
        } catch (error) {
          this.options.log?.warn({ err: error }, 'event stream read failed; retrying on the next wake');
        }
      } while (this.again && this.streams.size > 0 && !this.closed);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the wake in progress (if any) is done: tests and benches wait on it. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Ends every stream (a shutdown: clients reconnect to another instance) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const stream of [...this.streams]) this.end(stream, 'shutdown');
    this.stopHeartbeat();
    await this.settled();
    const unlisten = await this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
  }

  private async fanOut(): Promise<void> {
    if (this.streams.size === 0) return;
    const { readLimit } = this.options;
    const horizon = this.horizon ?? (await this.repository.head());
    // The streams this read is for: one opened while it runs waits for the next wake (open() asks for one).
    const participants = [...this.streams];
    // A resumed stream (or one opened when the hub was idle) is behind: its user's events up to the horizon are read
    // from its own cursor; one cursor per user, the lowest of its streams that are behind.
    const behindCursors = new Map<number, number>();
    for (const stream of participants) {
      if (stream.cursor >= horizon) continue;
      const current = behindCursors.get(stream.userId);
      if (current === undefined || stream.cursor < current) behindCursors.set(stream.userId, stream.cursor);
    }
    const behind: StreamCursor[] = [...behindCursors].map(([userId, afterId]) => ({ userId, afterId }));
    const users = [...new Set(participants.map((stream) => stream.userId))];
    const read = await this.repository.readForStreams(horizon, users, behind, readLimit);
    const freshTruncated = read.fresh.length === readLimit;
    const newHorizon = Math.max(horizon, freshTruncated ? read.fresh[read.fresh.length - 1]!.id : read.head);
    const freshByUser = groupByUser(read.fresh);
    const behindByUser = groupByUser(read.behind);
    let more = freshTruncated;
    for (const stream of participants) {
      if (stream.ended) continue;
      let text = '';
      const send = (events: LoggedEvent[] | undefined) => {
        for (const event of events ?? []) {
          if (event.id <= stream.cursor) continue;
          text += formatEvent(event);
          stream.cursor = event.id;
        }
      };
      if (stream.cursor < horizon) {
        const own = behindByUser.get(stream.userId) ?? [];
        send(own);
        if (own.length === readLimit) {
          // Still behind: the rest up to the horizon first, on the next turn; nothing newer before it.
          more = true;
          this.write(stream, text);
          continue;
        }
        stream.cursor = Math.max(stream.cursor, horizon);
      }
      send(freshByUser.get(stream.userId));
      // Nothing of this user up to the new horizon is left unsent; an id from the future (a forged or stale
      // Last-Event-ID beyond the log's head) comes back to the head, so the stream does not wait for it.
      stream.cursor = read.head >= horizon && stream.cursor > read.head ? read.head : Math.max(stream.cursor, newHorizon);
      this.write(stream, text);
    }
    // Idle again meanwhile (every stream closed): the next stream starts from the head, not from this horizon.
    if (this.streams.size > 0) this.horizon = newHorizon;
    if (more) this.again = true;
  }

  private write(stream: Stream, text: string): void {
    if (!text || stream.ended) return;
    const keptUp = stream.sink.write(text);
    if (!keptUp) this.end(stream, 'slow-client');
  }

  private end(stream: Stream, reason: EndReason): void {
    if (stream.ended) return;
    try {
      stream.sink.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
      stream.sink.end();
    } catch {
      // The connection is gone already.
    }
    this.remove(stream);
  }

  private remove(stream: Stream): void {
    if (stream.ended) return;
    stream.ended = true;
    if (stream.expiry) clearTimeout(stream.expiry);
    this.streams.delete(stream);
    const mine = this.byUser.get(stream.userId);
    if (mine) {
      const index = mine.indexOf(stream);
      if (index >= 0) mine.splice(index, 1);
      if (mine.length === 0) this.byUser.delete(stream.userId);
    }
    if (this.streams.size === 0) {
      this.stopHeartbeat();
      // Idle, the hub reads nothing; the next stream starts from the head then, not from an old horizon.
      this.horizon = null;
    }
  }

  private ensureListening(): void {
    if (this.unlisten || !this.listen) return;
    const listen = this.listen;
    this.unlisten = listen(USER_EVENTS_CHANNEL, () => this.wake()).then(
      (unlisten) => {
        // Anything committed before the LISTEN took effect is read now.
        this.wake();
        return unlisten;
      },
      (error: unknown) => {
        this.options.log?.warn({ err: error }, 'LISTEN for the event stream failed; streams read on each heartbeat');
        return null;
      },
    );
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of [...this.streams]) this.write(stream, ': ping\n\n');
      // Also a safety net: a NOTIFY lost with a dropped LISTEN connection costs at most one heartbeat.
      this.wake();
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

function groupByUser(events: LoggedEvent[]): Map<number, LoggedEvent[]> {
  const byUser = new Map<number, LoggedEvent[]>();
  for (const event of events) {
    const list = byUser.get(event.userId);
    if (list) list.push(event);
    else byUser.set(event.userId, [event]);
  }
  return byUser;
}
